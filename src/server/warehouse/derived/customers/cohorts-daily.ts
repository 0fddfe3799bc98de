import type { KeyedDailySums } from "./keyed-daily-sums.ts";

// The daily sums of the visits that open a customer's month, per site and cohort (migration 104,
// customer_cohorts_daily), kept with customer_visits_daily (visits-daily.ts, keyed-daily-sums.ts). The
// cohort matrix (cohorts.ts) reads them for all sites and for one site. A customer's first visit ever, and
// with it its cohort, moves only when a fact before it arrives; the sync then rewrites all of the
// customer's visits from there on, so their days' sums are worked out again.

const month = "date_trunc('month', visit_local)";
/** The visit is the customer's first, at any site, of its local month. */
const FIRST_OF_MONTH = `(previous_visit_local IS NULL OR previous_visit_local < ${month})`;
/** The visit is the customer's first at its site of its local month, and the customer's first visit ever was there. */
const HOME_FIRST_OF_MONTH = `(first_site_id = site_id AND (previous_site_visit_local IS NULL OR previous_site_visit_local < ${month}))`;

/** Per row of customer_visits: its local day, site, cohort and 0/1 flags, in the columns of customer_cohorts_daily. */
export const COHORT_FLAGS = `visit_local::DATE AS day, site_id, date_trunc('month', first_visit_local)::DATE AS cohort,
    ${FIRST_OF_MONTH}::INTEGER AS first_month, ${HOME_FIRST_OF_MONTH}::INTEGER AS home_first_month`;

export const COHORTS_DAILY: KeyedDailySums = {
  table: "customer_cohorts_daily",
  keys: ["cohort"],
  sums: ["first_month", "home_first_month"],
  rows: (where) =>
    `SELECT ${COHORT_FLAGS} FROM customer_visits WHERE (${FIRST_OF_MONTH} OR ${HOME_FIRST_OF_MONTH}) AND ${where}`,
};
