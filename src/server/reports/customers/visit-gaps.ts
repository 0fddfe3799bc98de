import type { ReportSql } from "../sql.ts";
import type { KeyedDailySums } from "./keyed-daily-sums.ts";

// Nieuw / Terugkerend over a window that no calendar period holds (Laatste 30 dagen), from daily histograms
// of the days between visits (migration 104, customer_visit_gaps_daily) instead of the window's visits.
//
// A visit on local day d is the customer's first in a window from day W on exactly when its previous visit
// lies before W: more than d − W days back. Its customer is new in the window when its first visit ever lies
// on W or later: at most d − W days back. Both follow from the visit's own row, so they sum per day and site;
// for a window of at most GAP_DAYS days, d − W < GAP_DAYS, so gaps from GAP_DAYS on need no telling apart.

export const GAP_DAYS = 31;
/** The gap of a visit without a previous one. */
const NONE = GAP_DAYS + 1;

const daysBack = (earlier: string) => `least(visit_local::DATE - ${earlier}::DATE, ${GAP_DAYS})`;
// (least() passes over a NULL)
const gapOf = (previous: string) =>
  `CASE WHEN ${previous} IS NULL THEN ${NONE} ELSE ${daysBack(previous)} END`;

/**
 * Up to three rows per visit of customer_visits matching `where`, one per histogram it counts in (the third
 * only for a customer's first visit at the site), from one scan.
 */
const gapRows = (where: string, select = "") => `SELECT * FROM (
    SELECT ${select}visit_local::DATE AS day, site_id,
      unnest([${gapOf("previous_visit_local")}, ${gapOf("previous_site_visit_local")},
        CASE WHEN previous_site_visit_local IS NULL THEN ${daysBack("first_visit_local")} END]) AS gap,
      unnest([1, 0, 0]) AS visits, unnest([0, 1, 0]) AS site_visits, unnest([0, 0, 1]) AS site_first_visits
    FROM customer_visits WHERE ${where}
  ) WHERE gap IS NOT NULL`;

export const VISIT_GAPS_DAILY: KeyedDailySums = {
  table: "customer_visit_gaps_daily",
  keys: ["gap"],
  sums: ["visits", "site_visits", "site_first_visits"],
  rows: (where) => gapRows(where),
};

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
    filters.sites.length === 0 ? `CASE WHEN gap = ${NONE} THEN visits ELSE 0 END` : fromSite(start);
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
