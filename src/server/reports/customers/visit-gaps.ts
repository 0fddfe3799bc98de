import { GAP_DAYS, gapRows, NO_PREVIOUS_GAP } from "../../warehouse/derived/customers/visit-gaps.ts";
import type { ReportSql } from "../sql.ts";

// Nieuw / Terugkerend over a window that no calendar period holds (Laatste 30 dagen), from the daily
// histograms of the days between visits (customer_visit_gaps_daily, warehouse/derived/customers/visit-gaps.ts).

const days = (window: { from: string; to: string }) =>
  (Date.parse(window.to) - Date.parse(window.from)) / 86_400_000 + 1;

/**
 * Per window, bucket and site, from the gap histograms, the columns of dailyCustomersSql but visits and
 * purchased: window_plates, bucket_plates, site_plates and of those the new (window_new, bucket_new,
 * site_new). Null when they cannot say: hourly buckets, a window longer than GAP_DAYS days, or several
 * sites (the previous visit within a set is no column of a visit).
 */
export function gapCustomersSql(sql: ReportSql): string | null {
  const { filters } = sql;
  if (filters.granularity === "hour" || filters.sites.length > 1) return null;
  if (sql.windows.some(([, window]) => days(window) > GAP_DAYS)) return null;
  const rows = sql.daily("customer_visit_gaps_daily", `(${gapRows("true", "visit_at, ")})`, "visit_at");
  const from = `CASE win ${sql.windows.map(([name]) => `WHEN '${name}' THEN $${name}_from::DATE`).join(" ")} END`;
  const first = (start: string, sum: string) => `CASE WHEN gap > day - ${start} THEN ${sum} ELSE 0 END`;
  const fromSite = (start: string) => `CASE WHEN gap <= day - ${start} THEN site_first_visits ELSE 0 END`;
  // At any site, the first visit in a window whose customer's first visit ever lies in it is that one.
  const isNew = (start: string) =>
    filters.sites.length === 0
      ? `CASE WHEN gap = ${NO_PREVIOUS_GAP} THEN visits ELSE 0 END`
      : fromSite(start);
  const scope = filters.sites.length === 0 ? "visits" : "site_visits";
  return `SELECT win, bucket, site_id,
    sum(${first("win_from", scope)}) AS window_plates, sum(${isNew("win_from")}) AS window_new,
    sum(${first("bucket_from", scope)}) AS bucket_plates, sum(${isNew("bucket_from")}) AS bucket_new,
    sum(${first("win_from", "site_visits")}) AS site_plates, sum(${fromSite("win_from")}) AS site_new
  FROM (
    -- a bucket that began before the window (the week of its first day) starts where the window does
    SELECT *, greatest(bucket::DATE, win_from) AS bucket_from
    FROM (SELECT *, ${sql.bucket("day::TIMESTAMP")} AS bucket, ${from} AS win_from FROM (${rows}))
  )
  GROUP BY win, bucket, site_id`;
}
