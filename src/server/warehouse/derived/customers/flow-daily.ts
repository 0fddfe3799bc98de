import type { KeyedDailySums } from "./keyed-daily-sums.ts";

// Flow's daily sums (migration 103): per local day and site, the visits by the time since the customer's
// previous visit (customer_flow_gaps_daily) and by their local hour (customer_flow_hours_daily), and how they
// follow customer_visits; Flow reads them (reports/customers/flow-daily.ts). A visit's gap and hour follow
// from its own row, so a day's sums change only where customer_visits' rows of that day change (as
// customer_visits_daily's).

/** Time since the customer's previous visit (within the scope), in classes of days: [label, upper bound). */
export const GAPS: [string, number][] = [
  ["< 1 week", 7],
  ["1–2 weken", 14],
  ["2–4 weken", 28],
  ["1–2 maanden", 61],
  ["2–3 maanden", 92],
  ["3–6 maanden", 183],
  ["> 6 maanden", Number.POSITIVE_INFINITY],
];

/**
 * Gaps below this many days are summed per whole day, with their hours: where most medians lie (~13 days
 * in the demo). Above it, per class of GAPS: whole days up to 183 would make the table as long as a third
 * of the visits themselves.
 */
export const FINE_DAYS = 28;
const COARSE_DAYS = GAPS.map(([, days]) => days).filter((days) => days >= FINE_DAYS && days < Infinity);
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const HOUR_US = 3_600_000_000;

/** SQL: the gap in whole hours from the previous visit `previous` (an instant column) to the visit. */
export const gapHoursSql = (previous: string) => `(epoch_us(visit_at) - epoch_us(${previous})) // ${HOUR_US}`;

/** SQL: the row's `gap_days` (migration 103) from its gap in whole hours, `gap_hours`. */
const GAP_DAYS = `CASE WHEN gap_hours IS NULL THEN -1 WHEN gap_hours < ${FINE_DAYS * 24} THEN gap_hours // 24
  ${[...COARSE_DAYS]
    .reverse()
    .map((days) => `WHEN gap_hours >= ${days * 24} THEN ${days}`)
    .join(" ")} END`;

/**
 * Per row of customer_visits that matches `where`, for one scope (at_site: the gap to the previous visit at
 * the site, else at any site): its instant, day, site, gap_days and `hour`: its gap's whole hours past
 * gap_days × 24 (null: no previous visit).
 */
export const gapsOf = (
  atSite: boolean,
  where?: string,
) => `SELECT visit_at, day, site_id, ${atSite} AS at_site,
    ${GAP_DAYS}::SMALLINT AS gap_days, gap_hours - gap_days * 24 AS hour
  FROM (
    SELECT visit_at, visit_local::DATE AS day, site_id,
      ${gapHoursSql(atSite ? "previous_site_visit_at" : "previous_visit_at")} AS gap_hours
    FROM customer_visits${where ? ` WHERE ${where}` : ""}
  )`;

export const HOUR_COLUMNS = HOURS.map((hour) => `hour_${hour}`);

/** Flow's gap sums, kept with customer_visits_daily (visits-daily.ts, keyed-daily-sums.ts). */
export const FLOW_GAPS_DAILY: KeyedDailySums = {
  table: "customer_flow_gaps_daily",
  keys: ["at_site", "gap_days"],
  sums: ["visits", ...HOUR_COLUMNS],
  // a row per visit and scope; an hour's flag is 0 for a visit without a previous one
  rows: (where) => `SELECT day, site_id, at_site, gap_days, 1 AS visits,
      ${HOURS.map((hour) => `(hour IS NOT DISTINCT FROM ${hour})::INTEGER AS hour_${hour}`).join(", ")}
    FROM (${[false, true].map((atSite) => gapsOf(atSite, where)).join(" UNION ALL ")})`,
};

/** Flow's hour sums, kept likewise. */
export const FLOW_HOURS_DAILY: KeyedDailySums = {
  table: "customer_flow_hours_daily",
  keys: ["hour"],
  sums: ["visits"],
  rows: (where) => `SELECT visit_local::DATE AS day, site_id, hour(visit_local) AS hour, 1 AS visits
    FROM customer_visits WHERE ${where}`,
};
