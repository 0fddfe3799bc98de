import type { Queryable } from "../../db/database.ts";
import { localDate } from "../time-zone.ts";

// The daily sums of the visits that open a customer's month, per site and cohort (migration 104,
// customer_cohorts_daily): what they hold and how they follow customer_visits, with customer_visits_daily
// (visits-daily.ts calls them). The cohort matrix (cohorts.ts) reads them for all sites and for one site.
//
// A visit's flags follow from its own row of customer_visits, so a day's sums change only where
// customer_visits' rows of that day change; a customer's first visit ever, and with it its cohort, moves only
// when a fact before it arrives, and then all of the customer's visits are rewritten from there on.

const month = "date_trunc('month', visit_local)";
/** The visit is the customer's first, at any site, of its local month. */
const FIRST_OF_MONTH = `(previous_visit_local IS NULL OR previous_visit_local < ${month})`;
/** The visit is the customer's first at its site of its local month, and the customer's first visit ever was there. */
const HOME_FIRST_OF_MONTH = `(first_site_id = site_id AND (previous_site_visit_local IS NULL OR previous_site_visit_local < ${month}))`;

/** Per row of customer_visits: its local day, site, cohort and 0/1 flags, in the columns of customer_cohorts_daily. */
export const COHORT_FLAGS = `visit_local::DATE AS day, site_id, date_trunc('month', first_visit_local)::DATE AS cohort,
    ${FIRST_OF_MONTH}::INTEGER AS first_month, ${HOME_FIRST_OF_MONTH}::INTEGER AS home_first_month`;

const SUMS = ["first_month", "home_first_month"];

/** The daily sums of the rows of customer_visits that match `where`. */
const sumsSql = (
  where: string,
) => `SELECT day, site_id, cohort, ${SUMS.map((c) => `sum(${c}) AS ${c}`).join(", ")}
  FROM (SELECT ${COHORT_FLAGS} FROM customer_visits WHERE (${FIRST_OF_MONTH} OR ${HOME_FIRST_OF_MONTH}) AND ${where})
  GROUP BY day, site_id, cohort`;

/** Works the sums out again for the local days from the one `since` falls in, or for all days (refreshVisitsDaily). */
export async function refreshCohortsDaily(tx: Queryable, since: string | null): Promise<void> {
  if (since === null) {
    await tx.run("DELETE FROM customer_cohorts_daily");
    await tx.run(
      `INSERT INTO customer_cohorts_daily BY NAME (${sumsSql("true")} ORDER BY day, site_id, cohort)`,
    );
    return;
  }
  const params = { day: localDate(new Date(since)) };
  await tx.run("DELETE FROM customer_cohorts_daily WHERE day >= $day::DATE", params);
  await tx.run(
    // in day order, so the table stays in time order and the twelve months' scan skips the rest
    `INSERT INTO customer_cohorts_daily BY NAME (${sumsSql("visit_local >= $day::DATE::TIMESTAMP")} ORDER BY day, site_id, cohort)`,
    params,
  );
}

/** Takes a plate's visits out of the sums, before they are deleted (eraseFromVisitsDaily). Rows left empty go. */
export async function eraseFromCohortsDaily(tx: Queryable, plate: string): Promise<void> {
  await tx.run(
    `UPDATE customer_cohorts_daily d SET ${SUMS.map((c) => `${c} = d.${c} - e.${c}`).join(", ")}
      FROM (${sumsSql("customer_id IN (SELECT id FROM customers WHERE plate = $plate)")}) e
      WHERE d.day = e.day AND d.site_id = e.site_id AND d.cohort = e.cohort`,
    { plate },
  );
  await tx.run("DELETE FROM customer_cohorts_daily WHERE first_month = 0 AND home_first_month = 0");
}
