import type { Queryable } from "../../db/database.ts";
import { localDate } from "../../warehouse/time-zone.ts";
import type { ReportSql, WindowName } from "../sql.ts";
import { COHORTS_DAILY } from "./cohorts-daily.ts";
import { FLOW_GAPS_DAILY, FLOW_HOURS_DAILY } from "./flow-daily.ts";
import { eraseFromKeyedDaily, refreshKeyedDaily } from "./keyed-daily-sums.ts";
import { VISIT_GAPS_DAILY } from "./visit-gaps.ts";

// The daily sums of the customer visits per site (migration 086, customer_visits_daily): what they hold, how
// they follow customer_visits, and the reports' figures from them.
//
// A visit's flags ("the customer's first visit of its ISO week", "… at this site of its month") follow
// from its own row of customer_visits, so they sum exactly per day and site, and a day's sums change only
// where customer_visits' rows of that day change. Counting a window's first visits of its calendar year
// counts its distinct customers as long as the window starts on 1 January and stays within the year; so
// for weeks and months. "Dit jaar" then reads ~1 500 rows instead of ~1.3 M visits.

const PERIODS = ["day", "week", "month", "year"] as const;
type Period = (typeof PERIODS)[number];

/**
 * The numbers of a customer's visits within the year that the sums count (migration 087): summed over days
 * from 1 January, the visits numbered n are the customers who came n times or more. Each up to
 * LAST_CLASS_NUMBER, for the frequency classes, whose last one also needs the visits numbered past it
 * (`…later`); the rest roughly doubling, to narrow down where the customers who came most are.
 */
export const CLASS_NUMBERS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const LAST_CLASS_NUMBER = 11;
export const COUNTED_NUMBERS = [...CLASS_NUMBERS, 21, 41, 81, 161, 321] as const;
const nthColumns = (prefix: string) => [...COUNTED_NUMBERS.map((n) => `${prefix}${n}`), `${prefix}later`];

/** SQL: 0/1 flags of a visit's number within its year (`column`), as the columns nthColumns(prefix). */
const nthFlags = (column: string, prefix: string) =>
  [
    ...COUNTED_NUMBERS.map((n) => `(${column} = ${n})::INTEGER AS ${prefix}${n}`),
    `(${column} > ${LAST_CLASS_NUMBER})::INTEGER AS ${prefix}later`,
  ].join(", ");

const FIRST_SUMS = [
  "visits",
  "purchased",
  ...PERIODS.map((p) => `first_${p}`),
  "first_ever",
  ...PERIODS.map((p) => `site_first_${p}`),
  ...PERIODS.map((p) => `site_new_${p}`),
];
const NUMBER_SUMS = [...nthColumns("year_nth_"), ...nthColumns("site_year_nth_")];
const SUMS = [...FIRST_SUMS, ...NUMBER_SUMS];

/** SQL: the visit is the first of its period after the previous visit `previous` (a local-time column). */
const firstOf = (previous: string, period: Period) =>
  `(${previous} IS NULL OR ${previous} < date_trunc('${period}', visit_local))`;

/**
 * Per row of customer_visits: its local day, site and 0/1 flags, in the columns of customer_visits_daily:
 * those of migration 086 (FIRST_FLAGS) and the numbered visits (NUMBER_FLAGS, 087).
 */
const DAY_SITE = "visit_local::DATE AS day, site_id";
const FIRST_FLAGS = `${DAY_SITE}, 1 AS visits, purchased::INTEGER AS purchased,
    ${PERIODS.map((p) => `${firstOf("previous_visit_local", p)}::INTEGER AS first_${p}`).join(", ")},
    (previous_visit_at IS NULL)::INTEGER AS first_ever,
    ${PERIODS.map((p) => `${firstOf("previous_site_visit_local", p)}::INTEGER AS site_first_${p}`).join(", ")},
    ${PERIODS.map(
      (p) =>
        `(${firstOf("previous_site_visit_local", p)} AND first_visit_local >= date_trunc('${p}', visit_local))::INTEGER AS site_new_${p}`,
    ).join(", ")}`;
const NUMBERED = `${nthFlags("year_visit_number", "year_nth_")}, ${nthFlags("site_year_visit_number", "site_year_nth_")}`;
const NUMBER_FLAGS = `${DAY_SITE}, ${NUMBERED}`;
const FLAGS = `${FIRST_FLAGS}, ${NUMBERED}`;

/** The daily sums of the rows of customer_visits that match `where`. */
const sumsSql = (where: string) => `SELECT day, site_id, ${SUMS.map((c) => `sum(${c}) AS ${c}`).join(", ")}
  FROM (SELECT ${FLAGS} FROM customer_visits WHERE ${where})
  GROUP BY day, site_id`;

/**
 * Works the daily sums out again from customer_visits, for the local days from the one `since` (an ISO
 * instant) falls in, or for all days. visits-sync.ts calls it in the transaction that changed visits from
 * `since` on, so the days before it are as they were. The cohort sums and gap histograms (cohorts-daily.ts,
 * visit-gaps.ts) and Flow's (flow-daily.ts) follow.
 */
export async function refreshVisitsDaily(tx: Queryable, since: string | null): Promise<void> {
  await refreshKeyedDaily(tx, COHORTS_DAILY, since);
  await refreshKeyedDaily(tx, VISIT_GAPS_DAILY, since);
  await refreshKeyedDaily(tx, FLOW_GAPS_DAILY, since);
  await refreshKeyedDaily(tx, FLOW_HOURS_DAILY, since);
  if (since === null) {
    await tx.run("DELETE FROM customer_visits_daily");
    await tx.run(`INSERT INTO customer_visits_daily BY NAME (${sumsSql("true")} ORDER BY day, site_id)`);
    return;
  }
  const params = { day: localDate(new Date(since)) };
  await tx.run("DELETE FROM customer_visits_daily WHERE day >= $day::DATE", params);
  await tx.run(
    // in day order, so the table stays in time order and a period's scan skips the rest
    `INSERT INTO customer_visits_daily BY NAME (${sumsSql("visit_local >= $day::DATE::TIMESTAMP")} ORDER BY day, site_id)`,
    params,
  );
}

/**
 * Takes a plate's visits out of the daily sums, in the transaction that deletes them (erase-plate.ts),
 * before it does. Their flags are theirs alone: no other customer's visit changes. Days left without visits go.
 * The cohort sums and gap histograms (cohorts-daily.ts, visit-gaps.ts) and Flow's (flow-daily.ts) follow.
 */
export async function eraseFromVisitsDaily(tx: Queryable, plate: string): Promise<void> {
  await eraseFromKeyedDaily(tx, COHORTS_DAILY, plate);
  await eraseFromKeyedDaily(tx, VISIT_GAPS_DAILY, plate);
  await eraseFromKeyedDaily(tx, FLOW_GAPS_DAILY, plate);
  await eraseFromKeyedDaily(tx, FLOW_HOURS_DAILY, plate);
  await tx.run(
    `UPDATE customer_visits_daily d SET ${SUMS.map((c) => `${c} = d.${c} - e.${c}`).join(", ")}
      FROM (${sumsSql("customer_id IN (SELECT id FROM customers WHERE plate = $plate)")}) e
      WHERE d.day = e.day AND d.site_id = e.site_id`,
    { plate },
  );
  await tx.run("DELETE FROM customer_visits_daily WHERE visits = 0");
}

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
