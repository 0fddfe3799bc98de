import {
  FIRST_FLAGS,
  NUMBER_FLAGS,
  NUMBER_SUMS,
  type Period,
} from "../../warehouse/derived/customers/visits-daily.ts";
import type { ReportSql, WindowName } from "../sql.ts";

// The reports' figures from the daily sums of the customer visits (customer_visits_daily, kept by
// warehouse/derived/customers/visits-daily.ts).

/**
 * The calendar period that a window lies in from its first day on, so that its first visits of that period
 * are its distinct customers; null when there is none (the last 30 days).
 */
function periodOf(window: { from: string; to: string }): Period | null {
  const { from, to } = window;
  if (from === to) return "day";
  const monday = new Date(`${from}T00:00:00Z`).getUTCDay() === 1;
  if (monday && Date.parse(to) - Date.parse(from) < 7 * 86_400_000) return "week";
  if (from.endsWith("-01") && from.slice(0, 7) === to.slice(0, 7)) return "month";
  if (from.endsWith("-01-01") && from.slice(0, 4) === to.slice(0, 4)) return "year";
  return null;
}

/**
 * The visits of both windows as daily sums (`win`, `day`, `site_id` and the sums; the unfinished last day
 * from customer_visits itself, see ReportSql.daily), at the chosen sites; null when the request's buckets
 * are hours, which days cannot give. Visits and purchases sum into any bucket and window.
 */
export function visitsDaily(sql: ReportSql, sums: "first" | "numbers" = "first"): string | null {
  if (sql.filters.granularity === "hour") return null;
  // the numbered visits' sums alone, from the table and for the unfinished day: less SQL to plan
  if (sums === "numbers") {
    return sql.daily(
      `(SELECT day, site_id, ${NUMBER_SUMS.join(", ")} FROM customer_visits_daily)`,
      `(SELECT visit_at, ${NUMBER_FLAGS} FROM customer_visits)`,
      "visit_at",
    );
  }
  return sql.daily(
    "customer_visits_daily",
    `(SELECT visit_at, ${FIRST_FLAGS} FROM customer_visits)`,
    "visit_at",
  );
}

/**
 * Per window, bucket and site, from the daily sums: visits and purchased; window_plates, bucket_plates,
 * site_plates: distinct customers (within the scope, visits.ts) in the window, in the bucket (clipped to the
 * window), at the site in the window; window_new, bucket_new, site_new: of those, the ones whose first visit
 * ever lies in it. Null when the daily sums cannot say: hourly buckets, a window that is no run of days
 * from the start of a calendar period (periodOf), or several sites (the previous visit within a set is no
 * column of a visit).
 */
export function dailyCustomersSql(sql: ReportSql): string | null {
  const periods = new Map(sql.windows.map(([name, window]) => [name, periodOf(window)]));
  if (sql.filters.sites.length > 1 || [...periods.values()].includes(null)) return null;
  const days = visitsDaily(sql);
  if (!days) return null;
  const perWindow = (value: (name: WindowName) => string) =>
    `CASE win ${sql.windows.map(([name]) => `WHEN '${name}' THEN ${value(name)}`).join(" ")} END`;
  const inWindow = (prefix: string) => perWindow((name) => `${prefix}${periods.get(name)}`);
  // a bucket that began before the window (the week of 1 January) starts where the window does
  const inBucket = (prefix: string) =>
    `CASE WHEN bucket < ${perWindow((name) => `$${name}_from::DATE`)} THEN ${inWindow(prefix)} ELSE ${prefix}${sql.filters.granularity} END`;
  // At any site, the first visit of a period whose first visit ever lies in it is the first visit ever.
  const scope = sql.filters.sites.length === 0 ? "first_" : "site_first_";
  const isNew =
    sql.filters.sites.length === 0
      ? { window: "first_ever", bucket: "first_ever" }
      : { window: inWindow("site_new_"), bucket: inBucket("site_new_") };
  return `SELECT win, bucket, site_id, sum(visits) AS visits, sum(purchased) AS purchased,
    sum(${inWindow(scope)}) AS window_plates, sum(${isNew.window}) AS window_new,
    sum(${inBucket(scope)}) AS bucket_plates, sum(${isNew.bucket}) AS bucket_new,
    sum(${inWindow("site_first_")}) AS site_plates, sum(${inWindow("site_new_")}) AS site_new
  FROM (SELECT *, ${sql.bucket("day::TIMESTAMP")} AS bucket FROM (${days}))
  GROUP BY win, bucket, site_id`;
}
