import type { Queryable } from "../../db/database.ts";
import {
  breakdownTable,
  categorySeries,
  envelope,
  kpis,
  type Metric,
  timeSeries,
  totalsOf,
} from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import type { ReportModule } from "../registry.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import {
  FREQUENCIES,
  type FrequencyRow,
  frequencyRows,
  frequencyTable,
  type RepeatRow,
  topCustomersTable,
  usersFrequencySql,
} from "./frequency.ts";
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

// visits: arrivals (see visits.ts). plates: distinct customers, counted as the visits that are a customer's
// first of the window (total), of the bucket (per bucket), or at that site in the window (per site).
export function usersUniqueSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  // win_start: the window start worked out once per row, not once per condition (as in users-type.ts)
  const first = firstVisitOf(sql, "bucket", "win_start");
  const text = `WITH facts AS (
  SELECT *, ${visitBucket(sql)} AS bucket, ${windowStart(sql)} AS win_start FROM (${visitFacts(sql)})
), finest AS (
  SELECT win, bucket, site_id, count(*) AS visits,
    count_if(${first.window}) AS first_in_window,
    count_if(${first.bucket}) AS first_in_bucket,
    count_if(previous_site_visit_at IS NULL OR previous_site_visit_at < win_start) AS first_at_site
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
  const frequency = usersFrequencySql(filters);
  const [result, repeats, sites] = await Promise.all([
    db.query<UniqueRow>(unique.text, unique.params),
    db.query<RepeatRow>(frequency.text, frequency.params),
    reportSites(db, filters),
  ]);
  const rows = byGrain(result, GRAINS);
  const totals = totalsOf(rows.total);
  const classes = frequencyRows(repeats, totals);
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
      categorySeries(filters, frequencies, classes, platesIn),
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
      frequencyTable(filters, classes),
      topCustomersTable(repeats),
    ],
  });
}

export const usersUnique: ReportModule = { id: "users-unique", run };
