import { USUAL_MINIMUM, USUAL_WEEKS } from "../../shared/admin/alerts.ts";
import { OPENING_HOURS } from "../../shared/freshness.ts";
import { median } from "../../shared/median.ts";
import { addDays } from "../../shared/reports/dates.ts";
import type { Queryable } from "../db/database.ts";
import { weekday } from "../freshness/freshness-rule.ts";
import { itemKindIs } from "../warehouse/item-kinds.ts";
import { instantOf, localDate, localDateTime } from "../warehouse/time-zone.ts";

// "Usual" washes (USUAL_DEFINITION in src/shared/admin/alerts.ts, shown on the screen): the median of the
// washes on the same weekday in the previous 8 weeks, each from local midnight up to the same whole local
// hour as now. Whole hours because the hourly sums (item_sales_hourly, brought up to date by the caller)
// are what the dashboard reads too; an Amsterdam hour is always a whole UTC hour. A week without any sale
// counts as 0: a site that was closed that day pulls the median down, which errs towards silence.

export interface UsualWashes {
  /** The local hour the count runs up to (exclusive): 14 means 00:00–14:00. */
  hour: number;
  today: number;
  usual: number;
}

/** The whole local hour now runs in, and today's date; null outside the opening hours' judged span. */
export interface JudgedHour {
  today: string;
  /** The local hour the count runs up to (exclusive): 14 means 00:00–14:00. */
  hour: number;
  /** The instant of that whole hour. */
  until: Date;
}

/**
 * The hour the washes-today rules judge up to: from the first whole opening hour until closing; null at
 * other times (nothing worth judging yet, or the day is done).
 */
export function judgedHour(now: Date): JudgedHour | null {
  const today = localDate(now);
  const hour = Number(localDateTime(now).slice(11, 13));
  const [opens, closes] = OPENING_HOURS[weekday(today)];
  if (hour <= opens || hour >= closes) return null;
  return { today, hour, until: instantOf(today, `${String(hour).padStart(2, "0")}:00:00`) };
}

/**
 * Today's washes and the usual number up to the current whole hour, for a site (or the chain: null); null
 * when they are not worth judging: before the first whole opening hour, after closing, or when the usual
 * count is below USUAL_MINIMUM.
 */
export async function usualWashes(
  db: Queryable,
  siteId: number | null,
  now: Date,
): Promise<UsualWashes | null> {
  const judged = judgedHour(now);
  if (!judged) return null;
  const { today, hour } = judged;
  const until = `${String(hour).padStart(2, "0")}:00:00`;
  const windows = Array.from({ length: USUAL_WEEKS + 1 }, (_, week) => {
    const date = addDays(today, -7 * week);
    return `(${week}, '${instantOf(date).toISOString()}'::TIMESTAMPTZ, '${instantOf(date, until).toISOString()}'::TIMESTAMPTZ)`;
  });
  // The window bounds are instants this function computed, not input: inlined for one VALUES list.
  const rows = await db.query<{ week: number; washes: number }>(
    `WITH windows (week, start_at, end_at) AS (VALUES ${windows.join(", ")})
     SELECT w.week, coalesce(sum(h.quantity), 0) AS washes
     FROM windows w LEFT JOIN item_sales_hourly h ON h.hour_start >= w.start_at AND h.hour_start < w.end_at
       AND ($1::INTEGER IS NULL OR h.site_id = $1) AND h.${itemKindIs("programma")}
     GROUP BY w.week ORDER BY w.week`,
    [siteId],
  );
  const byWeek = new Map(rows.map((row) => [row.week, Number(row.washes)]));
  const usual = median(Array.from({ length: USUAL_WEEKS }, (_, i) => byWeek.get(i + 1) ?? 0));
  if (usual < USUAL_MINIMUM) return null;
  return { hour, today: byWeek.get(0) ?? 0, usual };
}
