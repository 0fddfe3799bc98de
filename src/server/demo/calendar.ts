import { OPENING_HOURS } from "../../shared/freshness.ts";
import { instantOf, localDate } from "../warehouse/time-zone.ts";

// Days of the demo period in Europe/Amsterdam, with the curves that shape a car wash's week and day.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// A visit or a web session that starts lasts a few minutes; starting none in the last half hour before
// `today` keeps every timestamp in the past.
const SETTLE_MS = 30 * 60_000;

export interface Day {
  index: number;
  /** Local date, YYYY-MM-DD. */
  date: string;
  year: number;
  /** 1–12 */
  month: number;
  dayOfMonth: number;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
  /** 0-based day of the year */
  dayOfYear: number;
  /** UTC epoch ms of local midnight (using the day's daytime offset: DST switches happen at night). */
  startMs: number;
  /** UTC epoch ms before which activity may start: the end of the day; on the last day, shortly before `today`. */
  endMs: number;
}

/** The local days from `days - 1` days before `today` up to and including today (cut off at `today`). */
export function demoDays(today: Date, days: number): Day[] {
  const nowMs = today.getTime();
  const todayUtcDate = Date.parse(`${localDate(today)}T00:00:00Z`);
  const out: Day[] = [];
  for (let i = 0; i < days; i++) {
    const dateMs = todayUtcDate - (days - 1 - i) * DAY_MS;
    const d = new Date(dateMs);
    const date = d.toISOString().slice(0, 10);
    // Local noon less 12 hours: midnight by the day's daytime offset, so startMs + h hours is h o'clock.
    const startMs = instantOf(date, "12:00:00").getTime() - 12 * HOUR_MS;
    const year = d.getUTCFullYear();
    out.push({
      index: i,
      date,
      year,
      month: d.getUTCMonth() + 1,
      dayOfMonth: d.getUTCDate(),
      weekday: (d.getUTCDay() + 6) % 7,
      dayOfYear: Math.floor((dateMs - Date.UTC(year, 0, 1)) / DAY_MS),
      startMs,
      endMs: Math.min(startMs + DAY_MS, nowMs - SETTLE_MS),
    });
  }
  return out;
}

/** Christmas Day and New Year's Day the washes stay shut; Christmas Eve and New Year's Eve close early. */
export function openingHours(day: Day): [open: number, close: number] | null {
  const monthDay = day.date.slice(5);
  if (monthDay === "12-25" || monthDay === "01-01") return null;
  if (monthDay === "12-24" || monthDay === "12-31") return [8, 16];
  return OPENING_HOURS[day.weekday];
}

/** Relative traffic per weekday (Monday first), averaging 1: Saturday is the big day, Friday builds up to it. */
export const WEEKDAY_FACTOR = [0.82, 0.8, 0.88, 0.93, 1.12, 1.55, 0.9];

// Arrivals per opening hour, starting at the opening hour: weekdays peak at lunch and after work,
// Saturday late morning, Sunday early afternoon.
const HOURS_WEEKDAY = [3, 5, 7, 8, 9, 8, 7, 8, 10, 11, 9, 5];
const HOURS_SATURDAY = [4, 8, 11, 13, 13, 12, 11, 10, 8, 6, 4, 2];
const HOURS_SUNDAY = [5, 9, 11, 12, 12, 11, 9, 6];

export function hourWeights(day: Day): number[] {
  const hours = openingHours(day);
  if (!hours) return [];
  const curve = day.weekday === 5 ? HOURS_SATURDAY : day.weekday === 6 ? HOURS_SUNDAY : HOURS_WEEKDAY;
  return curve.slice(0, hours[1] - hours[0]);
}
