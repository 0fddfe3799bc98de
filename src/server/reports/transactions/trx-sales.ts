import type { Queryable } from "../../db/database.ts";
import {
  itemSalesHourlySql,
  salesHourlySql,
  syncSalesHourly,
} from "../../warehouse/derived/transactions/sales-rollup.ts";
import { itemKindIs } from "../../warehouse/item-kinds.ts";
import { breakdownTable, siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { categorySeries, envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { weatherCorrectedKpi } from "../forecast/weather-corrected.ts";
import { grouping } from "../grains.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { HOURS_OF_DAY, paymentMethodLabel } from "./labels.ts";
import { revenue } from "./sales-metrics.ts";

// Transacties: how many sales, where, how paid, at what hour of the day; average ticket; upsell take rate.

const GRAINS = grouping({
  bucket: ["bucket"],
  site: ["site_id"],
  payment: ["payment_method"],
  hour: ["hour_of_day"],
});

interface SalesRow extends Windowed {
  grain: (typeof GRAINS.grains)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  payment_method: string;
  hour_of_day: number;
  transactions: number;
  member_washes: number;
  revenue_cents: number;
  washes: number;
  washes_with_extra: number;
}

// transactions: every sale, at the site and online, counted once.
// member_washes: of them, sales paid 'abonnement': a member's wash, paid by the monthly fee, not a sale at € 0;
//   the average ticket is revenue ÷ (transactions − member_washes), the paid sales.
// revenue_cents: what the customers paid, incl. VAT, after discounts (transactions.total_cents).
// washes: wash programmes sold (quantity of lines of kind 'programma'): one per car washed.
// washes_with_extra: sales with at least one extra (kind 'extra'); extras are sold with a wash.
// hour_of_day: the local hour of sales at the site; online sales (subscription renewals at night) have none.
// All from the hourly sums (sales-rollup.ts): a year is a few thousand hours, whatever the volume.
export function trxSalesSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH sales AS (
  ${sql.rollup("sales_hourly", salesHourlySql)}
), item_hours AS (
  ${sql.rollup("item_sales_hourly", itemSalesHourlySql)}
), facts AS (
  SELECT win, hour_start, site_id, payment_method, NOT online AS at_site, transactions,
    CASE WHEN payment_method = 'abonnement' THEN transactions ELSE 0 END AS member_washes, revenue_cents,
    0 AS washes, with_extra
  FROM sales
  UNION ALL
  SELECT win, hour_start, site_id, NULL, true, 0, 0, 0, quantity, 0 FROM item_hours WHERE ${itemKindIs("programma")}
), local_facts AS (
  SELECT *, ${sql.local("hour_start")} AS local_at FROM facts
)
${GRAINS.query({
  measures: [
    "sum(transactions) AS transactions",
    "sum(member_washes) AS member_washes",
    "sum(revenue_cents) AS revenue_cents",
    "sum(washes) AS washes",
    "sum(with_extra) AS washes_with_extra",
  ],
  // summed per bucket, hour of the day, site and payment method first: the grouping sets then work on a few
  // thousand rows instead of every hour of the period once per set
  from: `(
    SELECT win, bucket, hour_of_day, site_id, payment_method, sum(transactions) AS transactions,
      sum(member_washes) AS member_washes, sum(revenue_cents) AS revenue_cents, sum(washes) AS washes, sum(with_extra) AS with_extra
    FROM (
      SELECT *, ${sql.bucket("local_at")} AS bucket, CASE WHEN at_site THEN hour(local_at) END AS hour_of_day
      FROM local_facts
    )
    GROUP BY ALL
  )`,
  // lines have no payment method, online sales no hour at the site: their NULL groups are left out
  having: `(GROUPING(payment_method) = 1 OR payment_method IS NOT NULL)
    AND (GROUPING(hour_of_day) = 1 OR hour_of_day IS NOT NULL)`,
})}`;
  return { text, params: sql.params };
}

const transactions = metric<SalesRow>("transactions", (row) => sum(row?.transactions));
// over the paid sales: a member wash is no sale at € 0
const averageTicket = metric<SalesRow>("average_ticket", (row) =>
  ratio(row?.revenue_cents, sum(row?.transactions) - sum(row?.member_washes)),
);
const memberWashes = metric<SalesRow>("member_washes", (row) => sum(row?.member_washes));
const upsellRate = metric<SalesRow>("upsell_rate", (row) => ratio(row?.washes_with_extra, row?.washes));

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = trxSalesSql(filters);
  const sitesQuery = reportSites(db, filters);
  const [result, sites, corrected] = await Promise.all([
    db.query<SalesRow>(text, params),
    sitesQuery,
    weatherCorrectedKpi(db, filters, sitesQuery, "transactions"),
  ]);
  const rows = byGrain(result, GRAINS.grains);
  const totals = totalsOf(rows.total);
  const share = metric<SalesRow>("transactions_share", (row) =>
    ratio(sum(row?.transactions), totals.current?.transactions),
  );
  const byHour = metric("transactions_by_hour", transactions.value);

  return envelope("trx-sales", filters, {
    kpis: [
      ...kpis(filters, [transactions, memberWashes, averageTicket, upsellRate, revenue], totals),
      corrected,
    ],
    series: [
      ...timeSeries(filters, rows.bucket, [transactions, averageTicket, upsellRate]),
      categorySeries(filters, HOURS_OF_DAY, rows.hour, byHour),
    ],
    tables: [
      siteTable(
        filters,
        {
          metrics: [transactions, memberWashes, share, averageTicket, upsellRate],
          previous: ["transactions"],
          changes: ["transactions"],
        },
        rows.site,
        totals,
        sites,
      ),
      breakdownTable(
        filters,
        {
          key: "by_payment_method",
          label: "Per betaalwijze",
          dimensions: [
            {
              key: "payment_method",
              label: "Betaalwijze",
              value: (row) => paymentMethodLabel(row.payment_method),
            },
          ],
          metrics: [transactions, memberWashes, share, revenue, averageTicket],
          changes: ["transactions"],
        },
        rows.payment,
        (row) => row.payment_method,
        totals,
      ),
    ],
  });
}

export const trxSales = defineReport({
  id: "trx-sales",
  syncs: [syncSalesHourly],
  sql: { "trx-sales": trxSalesSql },
  run,
});
