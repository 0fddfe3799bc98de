import { formatPlate } from "../../../shared/plates.ts";
import type { Table } from "../../../shared/reports/envelope.ts";
import {
  CLASS_NUMBERS,
  COUNTED_NUMBERS,
  LAST_CLASS_NUMBER,
} from "../../warehouse/derived/customers/visits-daily.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { type Metric, metric, metricColumn, type Totals } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { ReportSql, type Windowed, type WindowName } from "../sql.ts";
import { firstVisitOf, previousVisit, windowStart } from "./visits.ts";
import { visitsDaily } from "./visits-daily.ts";

// How often each customer came in the period (Unieke kentekens): the frequency classes and the customers
// who came most.
//
// Counting visits per customer means grouping millions of visits by customer. Only customers who came more
// than once need it: a visit whose previous visit (within the scope) lies in the same window is a repeat,
// and grouping just the repeats gives every customer with two visits or more. Everyone else came once.
// With a set of sites the previous visit within the set is no column of a visit (visits.ts): then all of
// the window's visits are grouped, which still costs less than working that previous visit out.
// Windows from 1 January on ("Dit jaar" and the same stretch last year) need no group at all: see
// frequencyFromNumbersSql.

/** Visits per customer in the window, in classes: 1, 2, 3–5, 6–10, more than 10. */
export const FREQUENCIES = ["1", "2", "3–5", "6–10", "> 10"] as const;
type Frequency = (typeof FREQUENCIES)[number];

const frequencyOf = (visits: number): Frequency =>
  visits <= 1 ? "1" : visits === 2 ? "2" : visits <= 5 ? "3–5" : visits <= 10 ? "6–10" : "> 10";

export interface FrequencyRow extends Windowed {
  frequency: string;
  plates: number;
  visits: number;
}

export interface RepeatRow extends Windowed {
  part: "repeats" | "top";
  /** Visits of the customer in the window, 11 standing for 11 or more. */
  visits: number;
  plates: number;
  visit_sum: number;
  plate: string;
  sites: number;
  purchases: number;
  first_visit_at: string;
  last_visit_at: string;
}

// repeats: per window and number of visits (2 … 11, 11 = 11 or more), the customers with that many visits
// and their visits together. top: the ten customers with the most visits in the period, ties to the
// longest-known (lowest id); fewer than ten came more than once, the longest-known who came once fill up
// (of the twenty lowest ids in the period). Per top customer: visits, sites visited, visits with a
// purchase, first visit ever, last visit.
export function usersFrequencySql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = frequencyFromNumbersSql(sql) ?? frequencyFromVisitsSql(sql);
  return { text, params: sql.params };
}

function frequencyFromVisitsSql(sql: ReportSql) {
  const { filters } = sql;
  const visits = sql.facts("customer_visits", "visit_at");
  const set = filters.sites.length > 1;
  const repeats = set
    ? `SELECT win, customer_id, count(*) - 1 AS repeats FROM (${visits}) GROUP BY ALL HAVING count(*) > 1`
    : `SELECT win, customer_id, count(*) AS repeats FROM (${visits})
  WHERE ${previousVisit(filters).at} >= ${windowStart(sql)}
  GROUP BY ALL`;
  // the twenty longest-known customers of the period: each one's first visit of it, or each one once
  const earliest = set
    ? `SELECT customer_id FROM (${visits}) WHERE win = 'current' GROUP BY customer_id`
    : `SELECT customer_id FROM (${visits}) WHERE win = 'current' AND ${firstVisitOf(sql).window}`;
  return `WITH repeats AS MATERIALIZED (
  ${repeats}
), chosen AS (
  SELECT customer_id FROM (
    SELECT customer_id, repeats + 1 AS visits FROM repeats WHERE win = 'current'
    ORDER BY repeats DESC, customer_id LIMIT 10
  )
  UNION ALL
  SELECT customer_id FROM (${earliest} ORDER BY customer_id LIMIT 20)
  ANTI JOIN (SELECT customer_id FROM repeats WHERE win = 'current') USING (customer_id)
)
SELECT 'repeats' AS part, win, least(repeats + 1, 11) AS visits, count(*) AS plates, sum(repeats + 1) AS visit_sum,
  NULL AS plate, NULL AS sites, NULL AS purchases, NULL AS first_visit_at, NULL AS last_visit_at
FROM repeats GROUP BY ALL
UNION ALL
${topCustomersSql(visits)}`;
}

/** The top part of the frequency query: the `chosen` customers' figures from their visits (`visits`). */
const topCustomersSql = (
  visits: string,
) => `SELECT 'top', 'current', count(*), NULL, NULL, c.plate, count(DISTINCT site_id), count(*) FILTER (WHERE purchased),
  any_value(c.first_visit_at), max(visit_at)
FROM (${visits}) f JOIN customers c ON c.id = f.customer_id
WHERE f.win = 'current' AND f.customer_id IN (SELECT customer_id FROM chosen)
GROUP BY c.plate`;

/**
 * The same rows from the visits' counts of their year (migration 087), when every window starts on
 * 1 January and ends within that year, at all sites or one. A customer came at least n times in such a
 * window exactly when one of its visits in it is numbered n: the daily sums of the numbered visits
 * (visits-daily.ts) give the customers per number of visits without a group. The top ten are the customers
 * reaching the highest number that ten of them reached, and each one's last visit in the window carries its
 * visits, sites and purchases so far. Null when it does not apply.
 */
function frequencyFromNumbersSql(sql: ReportSql): string | null {
  const { sites } = sql.filters;
  const fromNewYear = sql.windows.every(
    ([, { from, to }]) => from.endsWith("-01-01") && from.slice(0, 4) === to.slice(0, 4),
  );
  if (sites.length > 1 || !fromNewYear) return null;
  const days = visitsDaily(sql, "numbers");
  if (!days) return null;
  const scope =
    sites.length === 0
      ? { sums: "year_nth_", number: "year_visit_number", sites: "year_sites", purchases: "year_purchases" }
      : {
          sums: "site_year_nth_",
          number: "site_year_visit_number",
          sites: "1",
          purchases: "site_year_purchases",
        };
  const last = LAST_CLASS_NUMBER;
  // reached_n: customers with n visits or more; exactly n = reached_n - reached_(n+1); the last class holds
  // everyone from `last` on, with their visits: `last` each plus the visits numbered after it
  const exactly = CLASS_NUMBERS.map((n) => (n === last ? `reached_${n}` : `reached_${n} - reached_${n + 1}`));
  const visitSums = CLASS_NUMBERS.map((n, i) =>
    n === last ? `${n} * reached_${n} + later` : `${n} * (${exactly[i]})`,
  );
  // the highest counted number that ten customers reached: the top ten reach at least that
  const atLeast = `CASE ${[...COUNTED_NUMBERS]
    .reverse()
    .map((n) => `WHEN reached_${n} >= 10 THEN ${n}`)
    .join(" ")} ELSE 2 END`;
  const visits = sql.facts("customer_visits", "visit_at");
  const current = (column: string) => `(SELECT ${column} FROM reached WHERE win = 'current')`;
  const columns = `customer_id, ${scope.number} AS number, ${scope.sites} AS sites, ${scope.purchases} AS purchases, visit_at`;
  return `WITH reached AS MATERIALIZED (
  SELECT win, ${COUNTED_NUMBERS.map((n) => `sum(${scope.sums}${n}) AS reached_${n}`).join(", ")},
    sum(${scope.sums}later) AS later
  FROM (${days}) GROUP BY win
), repeats AS (
  SELECT win, unnest([${CLASS_NUMBERS.join(", ")}]) AS visits, unnest([${exactly.join(", ")}]) AS plates,
    unnest([${visitSums.join(", ")}]) AS visit_sum
  FROM reached
), candidates AS MATERIALIZED (
  -- the period's visits that can make the top: numbered from where ten customers got to on, and when
  -- fewer than ten came more than once (then that is 2), the customers' first ones too. Two selects, so that
  -- the scan itself skips the rest
  SELECT ${columns} FROM (${visits}) WHERE win = 'current' AND ${scope.number} >= ${current(atLeast)}
  UNION ALL
  SELECT ${columns} FROM (${visits}) JOIN ${current("1")} ON ${current("reached_2 < 10")}
  WHERE win = 'current' AND ${scope.number} = 1
), top AS (
  -- the highest number that ten customers reached: as many visits are numbered so
  SELECT customer_id FROM candidates
  WHERE number >= coalesce((SELECT max(number) FROM (
    SELECT number FROM candidates WHERE number > 1 GROUP BY number HAVING count(*) >= 10)), 2)
  GROUP BY customer_id ORDER BY max(number) DESC, customer_id LIMIT 10
), once AS (
  -- the twenty longest-known customers of the period, less those who came more than once
  SELECT customer_id FROM (SELECT customer_id FROM candidates WHERE number = 1 ORDER BY customer_id LIMIT 20)
  ANTI JOIN (SELECT customer_id FROM candidates WHERE number = 2) USING (customer_id)
), last_visits AS (
  -- each one's last visit of the period carries its visits, sites and purchases in it so far
  SELECT customer_id, max(number) AS visits, arg_max(sites, number) AS sites,
    arg_max(purchases, number) AS purchases, max(visit_at) AS last_visit_at
  FROM candidates SEMI JOIN (FROM top UNION ALL FROM once) USING (customer_id) GROUP BY customer_id
)
SELECT 'repeats' AS part, win, visits, plates, visit_sum,
  NULL AS plate, NULL AS sites, NULL AS purchases, NULL AS first_visit_at, NULL AS last_visit_at
FROM repeats WHERE plates > 0
UNION ALL
SELECT 'top', 'current', visits, NULL, NULL, c.plate, sites, purchases, c.first_visit_at, last_visit_at
FROM last_visits JOIN customers c ON c.id = customer_id`;
}

/**
 * The frequency classes per window. `totals`: the window's customers and visits (from the unique-plates
 * query); those not among the repeaters came once.
 */
export function frequencyRows(rows: RepeatRow[], totals: Totals<{ plates: number; visits: number }>) {
  const out: FrequencyRow[] = [];
  for (const win of ["current", "comparison"] as WindowName[]) {
    const all = totals[win];
    if (!all) continue;
    const classes = new Map<string, FrequencyRow>(
      FREQUENCIES.map((frequency) => [frequency, { win, frequency, plates: 0, visits: 0 }]),
    );
    for (const row of rows.filter((r) => r.part === "repeats" && r.win === win)) {
      const into = classes.get(frequencyOf(row.visits));
      if (!into) continue;
      into.plates += row.plates;
      into.visits += row.visit_sum;
    }
    const once = classes.get("1");
    const repeaters = [...classes.values()].reduce((s, row) => s + row.plates, 0);
    if (once) Object.assign(once, { plates: all.plates - repeaters, visits: all.plates - repeaters });
    out.push(...classes.values());
  }
  return out;
}

/** Visits per customer in classes, in class order, with each class's share of customers and of visits. */
export function frequencyTable(filters: ReportFilters, rows: FrequencyRow[]): Table {
  const totals: Totals<FrequencyRow> = {};
  for (const win of ["current", "comparison"] as const) {
    const own = rows.filter((row) => row.win === win);
    if (own.length === 0) continue;
    const add = (key: "plates" | "visits") => own.reduce((s, row) => s + row[key], 0);
    totals[win] = { win, frequency: "", plates: add("plates"), visits: add("visits") };
  }
  const share =
    (key: "plates" | "visits"): Metric<FrequencyRow>["value"] =>
    (row) =>
      row ? ratio(row[key], totals[row.win]?.[key]) : null;
  const table = breakdownTable(
    filters,
    {
      key: "by_frequency",
      label: "Bezoekfrequentie",
      dimensions: [{ key: "frequency", label: "Bezoeken in de periode", value: (row) => row.frequency }],
      metrics: [
        metric<FrequencyRow>("plates", (row) => sum(row?.plates)),
        metric("plates_share", share("plates")),
        metric<FrequencyRow>("visits", (row) => sum(row?.visits)),
        metric("visits_share", share("visits")),
      ],
      previous: ["plates"],
      include: FREQUENCIES.map((frequency) => ({ frequency })),
    },
    rows,
    (row) => row.frequency,
    totals,
  );
  const order = (row: Table["rows"][number]) => FREQUENCIES.indexOf(row.frequency as Frequency);
  return { ...table, rows: table.rows.sort((a, b) => order(a) - order(b)) };
}

/** The customers with the most visits in the period, plates shown with their dashes. */
export function topCustomersTable(rows: RepeatRow[]): Table {
  const top = rows
    .filter((row) => row.part === "top")
    .sort((a, b) => b.visits - a.visits || a.first_visit_at.localeCompare(b.first_visit_at))
    .slice(0, 10);
  return {
    key: "top_customers",
    label: "Vaste klanten: de tien kentekens met de meeste bezoeken",
    columns: [
      { key: "plate", label: "Kenteken", type: "text", personal: "plate" },
      metricColumn("visits"),
      metricColumn("sites"),
      metricColumn("purchases"),
      { key: "first_visit_at", label: "Eerste bezoek ooit", type: "datetime" },
      { key: "last_visit_at", label: "Laatste bezoek", type: "datetime" },
    ],
    rows: top.map(({ plate, visits, sites, purchases, first_visit_at, last_visit_at }) => ({
      plate: formatPlate(plate),
      visits,
      sites,
      purchases,
      first_visit_at,
      last_visit_at,
    })),
    totals: null,
  };
}
