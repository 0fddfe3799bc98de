import type { Queryable } from "../../db/database.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { grouping } from "../grains.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { cohortMatrix, cohortSql } from "./cohorts.ts";
import { gapCustomersSql } from "./visit-gaps.ts";
import { firstVisitFacts, firstVisitOf, newCustomerOf, platesMetric } from "./visits.ts";
import { dailyCustomersSql } from "./visits-daily.ts";

// Nieuw / Terugkerend: of the customers who came, how many came for the first time ever and how many had
// been before, per bucket and per site; and how each month's new customers keep coming back (cohorts).

const GRAINS = grouping({ bucket: ["bucket"], site: ["site_id"] });

interface TypeRow extends Windowed {
  grain: (typeof GRAINS.grains)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  plates: number;
  new_plates: number;
}

// plates: distinct customers (first visit of the window, bucket, or at the site in the window; visits.ts).
// new_plates: of those, the customers whose first visit ever, at any site, lies in that window or bucket.
// returning = plates - new_plates.
export function usersTypeSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH finest AS (
  ${dailyCustomersSql(sql) ?? gapCustomersSql(sql) ?? visitsFinest(sql)}
)
${GRAINS.query({
  measures: [
    `${GRAINS.perGrain({ bucket: "sum(bucket_plates)", site: "sum(site_plates)", total: "sum(window_plates)" })} AS plates`,
    `${GRAINS.perGrain({ bucket: "sum(bucket_new)", site: "sum(site_new)", total: "sum(window_new)" })} AS new_plates`,
  ],
  from: "finest",
})}`;
  return { text, params: sql.params };
}

function visitsFinest(sql: ReportSql) {
  // win_start once per row, not per condition, and count_if rather than FILTER: about a quarter faster
  // on a year of visits (measured on the 1× and 10× bench data)
  const first = firstVisitOf(sql, "bucket", "win_start");
  const isNew = newCustomerOf(sql, "bucket", "win_start");
  const firstAtSite = "(previous_site_visit_at IS NULL OR previous_site_visit_at < win_start)";
  return `SELECT win, bucket, site_id,
    count_if(${first.window}) AS window_plates,
    count_if(${first.window} AND ${isNew.window}) AS window_new,
    count_if(${first.bucket}) AS bucket_plates,
    count_if(${first.bucket} AND ${isNew.bucket}) AS bucket_new,
    count_if(${firstAtSite}) AS site_plates,
    count_if(${firstAtSite} AND ${isNew.window}) AS site_new
  FROM (${firstVisitFacts(sql)})
  GROUP BY ALL`;
}

const plates = platesMetric<TypeRow>();
const newPlates = metric<TypeRow>("new", (row) => sum(row?.new_plates));
const returning = metric<TypeRow>("returning", (row) => sum(row?.plates) - sum(row?.new_plates));
const returningShare = metric<TypeRow>("returning_share", (row) =>
  ratio(sum(row?.plates) - sum(row?.new_plates), row?.plates),
);

async function run(db: Queryable, filters: ReportFilters) {
  const type = usersTypeSql(filters);
  const cohorts = cohortSql(filters);
  const [result, cohortRows, sites] = await Promise.all([
    db.query<TypeRow>(type.text, type.params),
    db.query<Parameters<typeof cohortMatrix>[1][number]>(cohorts.text, cohorts.params),
    reportSites(db, filters),
  ]);
  const rows = byGrain(result, GRAINS.grains);
  const totals = totalsOf(rows.total);
  return envelope("users-type", filters, {
    kpis: kpis(filters, [plates, newPlates, returning, returningShare], totals),
    series: timeSeries(filters, rows.bucket, [newPlates, returning, returningShare]),
    tables: [
      siteTable(
        filters,
        { metrics: [plates, newPlates, returning, returningShare], changes: ["new", "returning"] },
        rows.site,
        totals,
        sites,
      ),
    ],
    extra: { cohorts: cohortMatrix(filters, cohortRows) },
  });
}

export const usersType = defineReport({
  id: "users-type",
  syncs: [syncCustomerVisits],
  sql: { "users-type": usersTypeSql, "users-type cohorts": cohortSql },
  run,
});
