import type { Queryable } from "../../db/database.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { categorySeries, envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { grouping } from "../grains.ts";
import { ratio, sum } from "../metrics.ts";
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
import { firstVisitFacts, firstVisitOf, platesMetric, visitsMetric } from "./visits.ts";
import { dailyCustomersSql } from "./visits-daily.ts";

// Unieke kentekens: how many different customers came, per bucket and in the whole period, how often each
// came, and who came most.

const GRAINS = grouping({ bucket: ["bucket"], site: ["site_id"] });

interface UniqueRow extends Windowed {
  grain: (typeof GRAINS.grains)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  plates: number;
  visits: number;
}

// visits: arrivals (see visits.ts). plates: distinct customers, counted as the visits that are a customer's
// first of the window (total), of the bucket (per bucket), or at that site in the window (per site). From
// the daily sums when they can say (visits-daily.ts), else from the visits.
export function usersUniqueSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH finest AS (
  ${dailyCustomersSql(sql) ?? visitsFinest(sql)}
)
${GRAINS.query({
  measures: [
    "sum(visits) AS visits",
    `${GRAINS.perGrain({ bucket: "sum(bucket_plates)", site: "sum(site_plates)", total: "sum(window_plates)" })} AS plates`,
  ],
  from: "finest",
})}`;
  return { text, params: sql.params };
}

function visitsFinest(sql: ReportSql) {
  // win_start: the window start worked out once per row, not once per condition (as in users-type.ts)
  const first = firstVisitOf(sql, "bucket", "win_start");
  return `SELECT win, bucket, site_id, count(*) AS visits,
    count_if(${first.window}) AS window_plates,
    count_if(${first.bucket}) AS bucket_plates,
    count_if(previous_site_visit_at IS NULL OR previous_site_visit_at < win_start) AS site_plates
  FROM (${firstVisitFacts(sql)})
  GROUP BY ALL`;
}

const plates = platesMetric<UniqueRow>();
const visits = visitsMetric<UniqueRow>();
const visitsPerPlate = metric<UniqueRow>("visits_per_plate", (row) => ratio(row?.visits, row?.plates));

async function run(db: Queryable, filters: ReportFilters) {
  const unique = usersUniqueSql(filters);
  const frequency = usersFrequencySql(filters);
  const [result, repeats, sites] = await Promise.all([
    db.query<UniqueRow>(unique.text, unique.params),
    db.query<RepeatRow>(frequency.text, frequency.params),
    reportSites(db, filters),
  ]);
  const rows = byGrain(result, GRAINS.grains);
  const totals = totalsOf(rows.total);
  const classes = frequencyRows(repeats, totals);
  const frequencies = FREQUENCIES.map((x) => ({ x, matches: (row: FrequencyRow) => row.frequency === x }));
  const platesIn = metric<FrequencyRow>("plates_by_frequency", (row) => sum(row?.plates));

  return envelope("users-unique", filters, {
    kpis: kpis(filters, [plates, visits, visitsPerPlate], totals),
    series: [
      ...timeSeries(filters, rows.bucket, [plates, visits]),
      categorySeries(filters, frequencies, classes, platesIn),
    ],
    tables: [
      siteTable(
        filters,
        { metrics: [plates, visits, visitsPerPlate], previous: ["plates"], changes: ["plates"] },
        rows.site,
        totals,
        sites,
      ),
      frequencyTable(filters, classes),
      topCustomersTable(repeats),
    ],
  });
}

export const usersUnique = defineReport({
  id: "users-unique",
  syncs: [syncCustomerVisits],
  sql: { "users-unique": usersUniqueSql, "users-unique frequency": usersFrequencySql },
  run,
});
