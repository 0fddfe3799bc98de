import type { Queryable } from "../../db/database.ts";
import { syncJourney } from "../../warehouse/derived/journey/journey-sync.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { CHANNELS, maturedUpTo } from "../journey/definitions.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain } from "../sql.ts";
import {
  ACQUISITION_GRAINS,
  type AcquisitionJoinRow,
  type AcquisitionRow,
  acquisitionJoinSql,
  acquisitionSql,
} from "./acquisition-sql.ts";
import { channelJoinTable } from "./ad-join.ts";
import { journeyFlow, journeyFlowSql } from "./journey-flow.ts";

// Acquisitie › Overzicht: per channel what was spent, how many washing customers it brought, what each cost
// and what they were worth after 90 days (REPORT-DEFINITIONS §2–§3).

type Row = AcquisitionRow;

const count = (key: keyof Row & string, options?: { good?: Metric<Row>["good"] }): Metric<Row> =>
  metric(key, (row) => sum(row?.[key] as number | undefined), options);

export const sessions = count("sessions");
const bounceRate = metric<Row>("bounce_rate", (row) => ratio(row?.bounces, row?.sessions));
export const conversions = count("conversions");
const conversionRate = metric<Row>("conversion_rate", (row) =>
  ratio(row?.converting_sessions, row?.sessions),
);
export const revenue = metric<Row>("our_revenue", (row) => sum(row?.revenue_excl_vat_cents));
const claims = count("claims");
export const redemptions = count("redemptions");
export const acquired = count("acquired");
export const spend = metric<Row>("spend", (row) => sum(row?.spend_cents));
const cpa = metric<Row>("cpa", (row) => ratio(row?.spend_cents, row?.conversions));
// Paid channels' revenue only: organic and direct revenue were not bought with the spend.
const roas = metric<Row>("roas_paid", (row) => ratio(row?.paid_revenue_excl_vat_cents, row?.spend_cents));
export const costPerAcquired = metric<Row>("cost_per_acquired", (row) =>
  ratio(row?.spend_cents, row?.acquired),
);
const maturing = metric<Row>("maturing", (row) => sum(row?.acquired) - sum(row?.matured));
export const value90d = metric<Row>("value_90d", (row) => ratio(row?.value_90d_cents, row?.matured));
const roas90d = metric<Row>("roas_90d", (row) => ratio(row?.value_90d_cents, row?.matured_spend_cents));
export const cannibalisation = metric<Row>("cannibalisation", (row) =>
  ratio(row?.redemptions_seen_before, row?.redemptions_with_plate),
);
const linkedSpend = metric<Row>("linked_spend", (row) => ratio(row?.linked_spend_cents, row?.spend_cents));

const TABLE_METRICS = [
  sessions,
  bounceRate,
  conversions,
  conversionRate,
  revenue,
  claims,
  redemptions,
  acquired,
  spend,
  cpa,
  roas,
  costPerAcquired,
  value90d,
  maturing,
  roas90d,
  cannibalisation,
];

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = acquisitionSql(filters);
  const join = acquisitionJoinSql(filters);
  const [result, joinRows, flow] = await Promise.all([
    db.query<Row>(text, params),
    db.query<AcquisitionJoinRow>(join.text, join.params),
    journeyFlow(db, filters),
  ]);
  const rows = byGrain(result, ACQUISITION_GRAINS);
  const totals = totalsOf(rows.total);
  const perChannel = CHANNELS.filter((channel) =>
    rows.bucket_channel.some((row) => row.channel === channel && row.sessions > 0),
  ).flatMap((channel) =>
    timeSeries(
      filters,
      rows.bucket_channel.filter((row) => row.channel === channel),
      [{ ...sessions, key: `sessions:${channel}`, label: channel }],
    ),
  );

  return envelope("acquisition", filters, {
    kpis: kpis(
      filters,
      [spend, acquired, costPerAcquired, value90d, maturing, roas90d, roas, cannibalisation, linkedSpend],
      totals,
    ),
    series: [...perChannel, ...timeSeries(filters, rows.bucket, [spend, revenue])],
    tables: [
      breakdownTable(
        filters,
        {
          key: "by_channel",
          label: "Per kanaal",
          dimensions: [{ key: "channel", label: "Kanaal", value: (row) => row.channel }],
          metrics: TABLE_METRICS,
          previous: ["acquired"],
          changes: ["acquired"],
          include: CHANNELS.map((channel) => ({ channel })),
        },
        rows.channel,
        (row) => row.channel,
        totals,
      ),
      channelJoinTable(joinRows, CHANNELS),
    ],
    extra: {
      journey: flow,
      maturedUpTo: maturedUpTo(filters.now),
      notice:
        "Het vestigingsfilter geldt niet voor website- en advertentiecijfers; die horen bij geen vestiging.",
    },
  });
}

export const acquisition = defineReport({
  id: "acquisition",
  syncs: [syncJourney],
  sql: {
    acquisition: acquisitionSql,
    "acquisition:join": acquisitionJoinSql,
    "journey-flow": journeyFlowSql,
  },
  run,
});
