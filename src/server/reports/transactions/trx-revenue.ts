import type { Queryable } from "../../db/database.ts";
import {
  itemSalesHourlySql,
  salesHourlySql,
  syncSalesHourly,
} from "../../warehouse/derived/transactions/sales-rollup.ts";
import { breakdownTable, siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, shareOf, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { weatherCorrectedKpi } from "../forecast/weather-corrected.ts";
import { grouping } from "../grains.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";

// Omzet: revenue incl. and excl. VAT, the VAT in it and the discounts given, per site and per item.

const GRAINS = grouping({ bucket: ["bucket"], site: ["site_id"] });
const ITEM_GRAINS = grouping({ item: ["item_id"] });
const MONEY = [
  "sum(gross_cents) AS gross_cents",
  "sum(discount_cents) AS discount_cents",
  "sum(revenue_cents) AS revenue_cents",
  "sum(vat_cents) AS vat_cents",
];

/** Money of a group of sales, or of a group of transaction lines (per item). */
interface MoneyRow extends Windowed {
  gross_cents: number;
  discount_cents: number;
  revenue_cents: number;
  vat_cents: number;
}

interface RevenueRow extends MoneyRow {
  grain: (typeof GRAINS.grains)[number];
  bucket: string;
  site_id: number;
  site_name: string;
}

interface ItemRow extends MoneyRow {
  grain: "total" | "item";
  item_id: number;
  item_name: string;
}

// gross_cents: list price of everything sold, before discounts (transactions.subtotal_cents).
// discount_cents: discounts given (promotions, vouchers, manual).
// revenue_cents: what customers paid, incl. VAT = gross - discount (transactions.total_cents).
// vat_cents: the VAT inside revenue; revenue excl. VAT = revenue_cents - vat_cents.
// Summed from the daily and hourly sums (sales-rollup.ts).
export function trxRevenueSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH facts AS (
  ${sql.dailyRollup("sales_daily", "sales_hourly", salesHourlySql)}
)
${GRAINS.query({
  measures: MONEY,
  // summed per site and bucket first: the grouping sets work on a row per site per bucket, not on every
  // hourly sum
  from: `(
    SELECT win, bucket, site_id, ${MONEY.join(", ")}
    FROM (SELECT *, ${sql.bucket("local_start")} AS bucket FROM facts)
    GROUP BY ALL
  )`,
})}`;
  return { text, params: sql.params };
}

// Per item, from the transaction lines: gross = quantity × unit price; the line's share of the discount;
// revenue = the line amount (after discount, incl. VAT); the VAT inside it. The lines' totals equal the
// transactions' (ingestion spreads each discount over the lines).
export function trxRevenueItemsSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH lines AS (
  ${sql.dailyRollup("item_sales_daily", "item_sales_hourly", itemSalesHourlySql)}
)
${ITEM_GRAINS.query({ measures: MONEY, from: "lines" })}`;
  return { text, params: sql.params };
}

const revenue = metric<MoneyRow>("revenue", (row) => sum(row?.revenue_cents));
const revenueExVat = metric<MoneyRow>(
  "revenue_ex_vat",
  (row) => sum(row?.revenue_cents) - sum(row?.vat_cents),
);
const vat = metric<MoneyRow>("vat", (row) => sum(row?.vat_cents));
const discounts = metric<MoneyRow>("discounts", (row) => sum(row?.discount_cents));
const discountRate = metric<MoneyRow>("discount_rate", (row) => ratio(row?.discount_cents, row?.gross_cents));

async function run(db: Queryable, filters: ReportFilters) {
  const [revenueQuery, itemsQuery] = [trxRevenueSql(filters), trxRevenueItemsSql(filters)];
  const sitesQuery = reportSites(db, filters);
  const [revenueRows, itemRows, sites, corrected] = await Promise.all([
    db.query<RevenueRow>(revenueQuery.text, revenueQuery.params),
    db.query<ItemRow>(itemsQuery.text, itemsQuery.params),
    sitesQuery,
    weatherCorrectedKpi(db, filters, sitesQuery, "revenue_cents"),
  ]);
  const rows = byGrain(revenueRows, GRAINS.grains);
  const items = byGrain(itemRows, ITEM_GRAINS.grains);
  const totals = totalsOf(rows.total);
  const share = shareOf<MoneyRow>("revenue_cents", totals, "revenue_share");
  const money = [revenue, revenueExVat, vat, discounts];

  return envelope("trx-revenue", filters, {
    kpis: [...kpis(filters, [...money, discountRate], totals), corrected],
    series: timeSeries(filters, rows.bucket, [revenue, revenueExVat, discounts]),
    tables: [
      siteTable(
        filters,
        { metrics: [...money, share], previous: ["revenue"], changes: ["revenue"] },
        rows.site,
        totals,
        sites,
      ),
      breakdownTable<ItemRow>(
        filters,
        {
          key: "by_item",
          label: "Per item",
          // The kinds of items have their own tables in Programmakeuze — verkoop.
          dimensions: [{ key: "item", label: "Item", value: (row) => row.item_name }],
          metrics: [...money, share],
          previous: ["revenue"],
          changes: ["revenue"],
        },
        items.item,
        (row) => String(row.item_id),
        totalsOf(items.total),
      ),
    ],
  });
}

export const trxRevenue = defineReport({
  id: "trx-revenue",
  syncs: [syncSalesHourly],
  sql: { "trx-revenue": trxRevenueSql, "trx-revenue items": trxRevenueItemsSql },
  run,
});
