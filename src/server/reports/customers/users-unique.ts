import { formatPlate } from "../../../shared/plates.ts";
import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import {
  breakdownTable,
  categorySeries,
  envelope,
  kpis,
  type Metric,
  type Totals,
  timeSeries,
  totalsOf,
} from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import type { ReportModule } from "../registry.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { firstVisitOf, platesMetric, visitBucket, visitFacts, visitsMetric, windowStart } from "./visits.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// Unieke kentekens: how many different customers came, per bucket and in the whole period, how often each
// came, and who came most.

const GRAINS = ["total", "bucket", "site"] as const;

interface UniqueRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  plates: number;
  visits: number;
}

interface FrequencyRow extends Windowed {
  frequency: string;
  plates: number;
  visits: number;
}

interface TopRow {
  plate: string;
  visits: number;
  sites: number;
  purchases: number;
  first_visit_at: string;
  last_visit_at: string;
}

// visits: arrivals (see visits.ts). plates: distinct customers, counted as the visits that are a customer's
// first of the window (total), of the bucket (per bucket), or at that site in the window (per site).
export function usersUniqueSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const first = firstVisitOf(sql);
  const text = `WITH facts AS (
  SELECT *, ${visitBucket(sql)} AS bucket FROM (${visitFacts(sql)})
), finest AS (
  SELECT win, bucket, site_id, count(*) AS visits,
    count(*) FILTER (WHERE ${first.window}) AS first_in_window,
    count(*) FILTER (WHERE ${first.bucket}) AS first_in_bucket,
    count(*) FILTER (WHERE previous_site_visit_at IS NULL OR previous_site_visit_at < ${windowStart(sql)})
      AS first_at_site
  FROM facts GROUP BY ALL
)
SELECT g.*, s.name AS site_name FROM (
  SELECT win,
    CASE WHEN GROUPING(bucket) = 0 THEN 'bucket' WHEN GROUPING(site_id) = 0 THEN 'site' ELSE 'total' END AS grain,
    bucket, site_id, sum(visits) AS visits,
    CASE WHEN GROUPING(bucket) = 0 THEN sum(first_in_bucket) WHEN GROUPING(site_id) = 0 THEN sum(first_at_site)
      ELSE sum(first_in_window) END AS plates
  FROM finest
  GROUP BY GROUPING SETS ((win), (win, bucket), (win, site_id))
) g LEFT JOIN sites s ON s.id = g.site_id`;
  return { text, params: sql.params };
}

/** Visits per customer in the window, in classes: 1, 2, 3–5, 6–10, more than 10. */
export const FREQUENCIES = ["1", "2", "3–5", "6–10", "> 10"] as const;
type Frequency = (typeof FREQUENCIES)[number];

// frequency: the class of a customer's number of visits in the window. One group per customer with its
// visits in each window (cheaper than a group per customer and window), then at most 11 × 11 groups.
// The ten customers with the most visits in the period (ties: the longest-known first): their visits,
// sites visited, visits with a purchase, first visit ever, last visit.
export function usersUniqueCustomersSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const frequency = (
    n: string,
  ) => `CASE WHEN ${n} = 1 THEN '${FREQUENCIES[0]}' WHEN ${n} = 2 THEN '${FREQUENCIES[1]}'
    WHEN ${n} <= 5 THEN '${FREQUENCIES[2]}' WHEN ${n} <= 10 THEN '${FREQUENCIES[3]}' ELSE '${FREQUENCIES[4]}' END`;
  const text = `WITH facts AS (${visitFacts(sql)}),
per_customer AS MATERIALIZED (
  SELECT customer_id, count(*) FILTER (WHERE win = 'current') AS current_visits,
    count(*) FILTER (WHERE win = 'comparison') AS comparison_visits
  FROM facts GROUP BY customer_id
), histogram AS (
  SELECT least(current_visits, 11) AS current_visits, least(comparison_visits, 11) AS comparison_visits,
    count(*) AS plates, sum(current_visits) AS current_sum, sum(comparison_visits) AS comparison_sum
  FROM per_customer GROUP BY ALL
), top AS (
  SELECT customer_id FROM per_customer ORDER BY current_visits DESC, customer_id LIMIT 10
)
SELECT 'frequency' AS part, 'current' AS win, ${frequency("current_visits")} AS frequency,
  sum(plates) AS plates, sum(current_sum) AS visits,
  NULL AS plate, NULL AS sites, NULL AS purchases, NULL AS first_visit_at, NULL AS last_visit_at
FROM histogram WHERE current_visits > 0 GROUP BY ALL
UNION ALL
SELECT 'frequency', 'comparison', ${frequency("comparison_visits")}, sum(plates), sum(comparison_sum),
  NULL, NULL, NULL, NULL, NULL
FROM histogram WHERE comparison_visits > 0 GROUP BY ALL
UNION ALL
SELECT 'top', 'current', NULL, NULL, count(*), any_value(c.plate),
  count(*) FILTER (WHERE previous_site_visit_at IS NULL OR previous_site_visit_at < ${windowStart(sql)}),
  count(*) FILTER (WHERE purchased), any_value(first_visit_at), max(visit_at)
FROM facts f JOIN customers c ON c.id = f.customer_id
WHERE win = 'current' AND customer_id IN (SELECT customer_id FROM top)
GROUP BY customer_id`;
  return { text, params: sql.params };
}

const plates = platesMetric<UniqueRow>();
const visits = visitsMetric<UniqueRow>();
const visitsPerPlate: Metric<UniqueRow> = {
  key: "visits_per_plate",
  label: "Bezoeken per kenteken",
  unit: "ratio",
  hint: "Bezoeken ÷ unieke kentekens.",
  value: (row) => ratio(row?.visits, row?.plates),
};

async function run(db: Queryable, filters: ReportFilters) {
  await syncCustomerVisits(db);
  const unique = usersUniqueSql(filters);
  const customers = usersUniqueCustomersSql(filters);
  const [result, customerRows, sites] = await Promise.all([
    db.query<UniqueRow>(unique.text, unique.params),
    db.query<(FrequencyRow & { part: "frequency" }) | (TopRow & { part: "top" })>(
      customers.text,
      customers.params,
    ),
    reportSites(db, filters),
  ]);
  const rows = byGrain(result, GRAINS);
  const totals = totalsOf(rows.total);
  const frequencyRows = customerRows.filter(
    (row): row is FrequencyRow & { part: "frequency" } => row.part === "frequency",
  );
  const frequencies = FREQUENCIES.map((x) => ({ x, matches: (row: FrequencyRow) => row.frequency === x }));
  const platesIn: Metric<FrequencyRow> = {
    key: "plates_by_frequency",
    label: "Kentekens naar aantal bezoeken",
    unit: "count",
    hint: "Hoeveel kentekens in de periode 1, 2, 3–5, 6–10 of meer dan 10 keer kwamen.",
    value: (row) => sum(row?.plates),
  };

  return envelope("users-unique", filters, {
    kpis: kpis(filters, [plates, visits, visitsPerPlate], totals),
    series: [
      ...timeSeries(filters, rows.bucket, [plates, visits]),
      categorySeries(filters, frequencies, frequencyRows, platesIn),
    ],
    tables: [
      breakdownTable(
        filters,
        {
          key: "by_site",
          label: "Per vestiging",
          dimensions: [{ key: "site", label: "Vestiging", value: (row) => row.site_name }],
          metrics: [plates, visits, visitsPerPlate],
          previous: ["plates"],
          changes: ["plates"],
          include: sites,
        },
        rows.site,
        (row) => String(row.site_id),
        totals,
      ),
      frequencyTable(filters, frequencyRows),
      topCustomersTable(
        customerRows
          .filter((row): row is TopRow & { part: "top" } => row.part === "top")
          .sort((a, b) => b.visits - a.visits || a.first_visit_at.localeCompare(b.first_visit_at)),
      ),
    ],
  });
}

/** Visits per customer in classes, in class order, with each class's share of customers and of visits. */
function frequencyTable(filters: ReportFilters, rows: FrequencyRow[]): Table {
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
        { key: "plates", label: "Kentekens", unit: "count", value: (row) => sum(row?.plates) },
        { key: "plates_share", label: "Aandeel kentekens", unit: "percent", value: share("plates") },
        { key: "visits", label: "Bezoeken", unit: "count", value: (row) => sum(row?.visits) },
        { key: "visits_share", label: "Aandeel bezoeken", unit: "percent", value: share("visits") },
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
function topCustomersTable(rows: TopRow[]): Table {
  return {
    key: "top_customers",
    label: "Vaste klanten: de tien kentekens met de meeste bezoeken",
    columns: [
      { key: "plate", label: "Kenteken", type: "text" },
      { key: "visits", label: "Bezoeken", type: "count" },
      { key: "sites", label: "Vestigingen", type: "count", hint: "Verschillende vestigingen bezocht." },
      {
        key: "purchases",
        label: "Met aankoop",
        type: "count",
        hint: "Bezoeken met een verkoop op de vestiging.",
      },
      { key: "first_visit_at", label: "Eerste bezoek ooit", type: "datetime" },
      { key: "last_visit_at", label: "Laatste bezoek", type: "datetime" },
    ],
    rows: rows.map(({ plate, visits, sites, purchases, first_visit_at, last_visit_at }) => ({
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

export const usersUnique: ReportModule = { id: "users-unique", run };
