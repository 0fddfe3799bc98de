import {
  FRESHNESS_LIMITS,
  type Freshness,
  type FreshnessKind,
  OPENING_HOURS,
} from "../../shared/freshness.ts";
import { addDays } from "../../shared/reports/dates.ts";
import { instantOf, localDate } from "../warehouse/time-zone.ts";

// The one rule for how fresh a source's data is (states and limits: src/shared/freshness.ts). Pure: the
// caller passes the moment of the latest data and "now", so screens, tests and alerts get the same answer.

const HOUR_MS = 3_600_000;
const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;

/** Monday = 0 … Sunday = 6 of a local date. */
export const weekday = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * Opening hours (OPENING_HOURS, Europe/Amsterdam) that lie between two instants, in hours. Counting stops
 * once `cap` is reached, so a source silent for years costs no more than one silent for a day.
 */
export function openHoursBetween(from: Date, to: Date, cap = Number.POSITIVE_INFINITY): number {
  let hours = 0;
  for (let date = localDate(from); date <= localDate(to) && hours < cap; date = addDays(date, 1)) {
    const [opens, closes] = OPENING_HOURS[weekday(date)];
    const start = Math.max(instantOf(date, hh(opens)).getTime(), from.getTime());
    const end = Math.min(instantOf(date, hh(closes)).getTime(), to.getTime());
    if (end > start) hours += (end - start) / HOUR_MS;
  }
  return Math.min(hours, cap);
}

/** One opening hour: when it starts, and its local weekday (Monday 0) and hour of the day. */
export interface OpeningHour {
  start: Date;
  weekday: number;
  hour: number;
}

/**
 * Every opening hour (OPENING_HOURS, Europe/Amsterdam) starting from `from` up to `to`, in order: the
 * hours in which a camera or till that works delivers something (data gaps, src/server/annotations).
 */
export function openingHoursBetween(from: Date, to: Date): OpeningHour[] {
  const out: OpeningHour[] = [];
  for (let date = localDate(from); date <= localDate(to); date = addDays(date, 1)) {
    const day = weekday(date);
    const [opens, closes] = OPENING_HOURS[day];
    for (let hour = opens; hour < closes; hour++) {
      const start = instantOf(date, hh(hour));
      if (start >= from && start < to) out.push({ start, weekday: day, hour });
    }
  }
  return out;
}

/** How fresh a source is whose latest data is from `lastAt` (null: never delivered anything). */
export function freshnessOf(kind: FreshnessKind, lastAt: Date | null, now: Date): Freshness {
  if (lastAt === null) return "stil";
  const limits = FRESHNESS_LIMITS[kind];
  const quiet =
    kind === "site"
      ? openHoursBetween(lastAt, now, limits.silent)
      : Math.max(0, now.getTime() - lastAt.getTime()) / HOUR_MS;
  return quiet >= limits.silent ? "stil" : quiet >= limits.late ? "vertraagd" : "actueel";
}
