import type { Queryable } from "../../db/database.ts";
import { readsHourlySql, syncReadsHourly } from "../../warehouse/derived/customers/reads-hourly.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { breakdownTable, siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { categorySeries, envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { grouping } from "../grains.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { HOURS_OF_DAY } from "../transactions/labels.ts";
import { visitsDaily } from "./visits-daily.ts";

// Kenteken herkenning: how well the entrance cameras read plates — per site, lane, camera and hour — and
// how many recognised arrivals end in a sale at the till (entrance-to-purchase conversion).

const GRAINS = grouping({
  bucket: ["bucket"],
  site: ["site_id"],
  camera: ["site_id", "lane", "camera"],
  hour: ["hour_of_day"],
});

interface RecognitionRow extends Windowed {
  grain: (typeof GRAINS.grains)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  lane: number;
  camera: string;
  hour_of_day: number;
  reads: number;
  no_reads: number;
  confidence_sum: number;
  confidence_reads: number;
  low_confidence: number;
  visits: number;
  purchased: number;
}

// reads, no_reads, confidence_sum / confidence_reads, low_confidence: see reads-hourly.ts (whole hours
// from plate_reads_hourly, the unfinished last hour from the reads).
// visits / purchased: recognised arrivals (visits.ts), and those with a sale at the site with the same
// plate from 5 minutes before to 30 minutes after the arrival (visits-sync.ts).
// Two streams (reads, visits) are summed per finest group, then rolled up into the grouping sets. Visits
// have no hour of the day (the hour series is the read rate) and no camera; they come from the daily sums
// (visits-daily.ts) unless the buckets are hours.
export function usersRecognitionSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const reads = sql.rollup("plate_reads_hourly", readsHourlySql, "read_at");
  const days = visitsDaily(sql);
  const visits = days
    ? `SELECT win, day::TIMESTAMP, site_id, visits, purchased FROM (${days})`
    : `SELECT win, visit_local, site_id, 1, purchased::INTEGER FROM (${sql.facts("customer_visits", "visit_at")})`;
  const text = `WITH facts AS (
  SELECT win, local_at, site_id, lane, camera, hour(local_at) AS hour_of_day, reads, no_reads, confidence_sum,
    confidence_reads, low_confidence, 0 AS visits, 0 AS purchased
  FROM (SELECT *, ${sql.local("hour_start")} AS local_at FROM (${reads}))
  UNION ALL
  SELECT win, local_at, site_id, NULL, NULL, NULL, 0, 0, 0, 0, 0, visits, purchased
  FROM (${visits}) v(win, local_at, site_id, visits, purchased)
), finest AS (
  SELECT win, ${sql.bucket("local_at")} AS bucket, site_id, lane, camera, hour_of_day,
    sum(reads) AS reads, sum(no_reads) AS no_reads, sum(confidence_sum) AS confidence_sum,
    sum(confidence_reads) AS confidence_reads, sum(low_confidence) AS low_confidence,
    sum(visits) AS visits, sum(purchased) AS purchased
  FROM facts GROUP BY ALL
)
${GRAINS.query({
  measures: [
    "sum(reads) AS reads",
    "sum(no_reads) AS no_reads",
    "sum(confidence_sum) AS confidence_sum",
    "sum(confidence_reads) AS confidence_reads",
    "sum(low_confidence) AS low_confidence",
    "sum(visits) AS visits",
    "sum(purchased) AS purchased",
  ],
  from: "finest",
  // visits have no camera and no hour: their NULL groups of those grouping sets are none
  having:
    "(GROUPING(camera) = 1 OR camera IS NOT NULL) AND (GROUPING(hour_of_day) = 1 OR hour_of_day IS NOT NULL)",
})}`;
  return { text, params: sql.params };
}

const reads = metric<RecognitionRow>("reads", (row) => sum(row?.reads));
const readRate = metric<RecognitionRow>("read_rate", (row) =>
  ratio(sum(row?.reads) - sum(row?.no_reads), row?.reads),
);
const noReads = metric<RecognitionRow>("no_reads", (row) => sum(row?.no_reads));
const confidence = metric<RecognitionRow>("confidence", (row) =>
  ratio(row?.confidence_sum, row?.confidence_reads),
);
const lowConfidence = metric<RecognitionRow>("low_confidence_share", (row) =>
  ratio(row?.low_confidence, row?.confidence_reads),
);
const conversion = metric<RecognitionRow>("conversion", (row) => ratio(row?.purchased, row?.visits));

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = usersRecognitionSql(filters);
  const [result, sites] = await Promise.all([
    db.query<RecognitionRow>(text, params),
    reportSites(db, filters),
  ]);
  const rows = byGrain(result, GRAINS.grains);
  const totals = totalsOf(rows.total);
  const quality = [reads, readRate, noReads, confidence, lowConfidence];
  const byHour = metric("read_rate_by_hour", readRate.value);

  return envelope("users-recognition", filters, {
    kpis: kpis(filters, [...quality, conversion], totals),
    series: [
      ...timeSeries(filters, rows.bucket, [reads, readRate, confidence, lowConfidence, conversion]),
      categorySeries(filters, HOURS_OF_DAY, rows.hour, byHour),
    ],
    tables: [
      siteTable(
        filters,
        { metrics: [...quality, conversion], changes: ["read_rate"] },
        rows.site,
        totals,
        sites,
      ),
      breakdownTable(
        filters,
        {
          key: "by_camera",
          label: "Per camera",
          dimensions: [
            { key: "site", label: "Vestiging", value: (row) => row.site_name },
            { key: "lane", label: "Baan", type: "count", value: (row) => row.lane },
            { key: "camera", label: "Camera", value: (row) => row.camera },
          ],
          metrics: quality,
          previous: ["read_rate"],
          changes: ["read_rate"],
        },
        rows.camera,
        (row) => `${row.site_id} ${row.lane} ${row.camera}`,
        totals,
      ),
    ],
  });
}

export const usersRecognition = defineReport({
  id: "users-recognition",
  syncs: [syncCustomerVisits, syncReadsHourly],
  sql: { "users-recognition": usersRecognitionSql },
  run,
});
