import type { Queryable } from "../../../db/database.ts";
import { localDate } from "../../time-zone.ts";
import { COHORTS_DAILY } from "./cohorts-daily.ts";
import { FLOW_GAPS_DAILY, FLOW_HOURS_DAILY } from "./flow-daily.ts";
import { eraseFromKeyedDaily, refreshKeyedDaily } from "./keyed-daily-sums.ts";
import { VISIT_GAPS_DAILY } from "./visit-gaps.ts";

// The daily sums of the customer visits per site (migration 086, customer_visits_daily): what they hold and
// how they follow customer_visits. The reports read them (reports/customers/visits-daily.ts).
//
// A visit's flags ("the customer's first visit of its ISO week", "… at this site of its month") follow
// from its own row of customer_visits, so they sum exactly per day and site, and a day's sums change only
// where customer_visits' rows of that day change. Counting a window's first visits of its calendar year
// counts its distinct customers as long as the window starts on 1 January and stays within the year; so
// for weeks and months. "Dit jaar" then reads ~1 500 rows instead of ~1.3 M visits.

const PERIODS = ["day", "week", "month", "year"] as const;
export type Period = (typeof PERIODS)[number];

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
export const NUMBER_SUMS = [...nthColumns("year_nth_"), ...nthColumns("site_year_nth_")];
const SUMS = [...FIRST_SUMS, ...NUMBER_SUMS];

/** SQL: the visit is the first of its period after the previous visit `previous` (a local-time column). */
const firstOf = (previous: string, period: Period) =>
  `(${previous} IS NULL OR ${previous} < date_trunc('${period}', visit_local))`;

/**
 * Per row of customer_visits: its local day, site and 0/1 flags, in the columns of customer_visits_daily:
 * those of migration 086 (FIRST_FLAGS) and the numbered visits (NUMBER_FLAGS, 087).
 */
const DAY_SITE = "visit_local::DATE AS day, site_id";
export const FIRST_FLAGS = `${DAY_SITE}, 1 AS visits, purchased::INTEGER AS purchased,
    ${PERIODS.map((p) => `${firstOf("previous_visit_local", p)}::INTEGER AS first_${p}`).join(", ")},
    (previous_visit_at IS NULL)::INTEGER AS first_ever,
    ${PERIODS.map((p) => `${firstOf("previous_site_visit_local", p)}::INTEGER AS site_first_${p}`).join(", ")},
    ${PERIODS.map(
      (p) =>
        `(${firstOf("previous_site_visit_local", p)} AND first_visit_local >= date_trunc('${p}', visit_local))::INTEGER AS site_new_${p}`,
    ).join(", ")}`;
const NUMBERED = `${nthFlags("year_visit_number", "year_nth_")}, ${nthFlags("site_year_visit_number", "site_year_nth_")}`;
export const NUMBER_FLAGS = `${DAY_SITE}, ${NUMBERED}`;
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
