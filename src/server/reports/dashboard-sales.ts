import {
  type FactFilter,
  itemSalesHourlySql,
  salesHourlySql,
} from "../warehouse/derived/transactions/sales-rollup.ts";
import { itemKindIs } from "../warehouse/item-kinds.ts";
import type { ReportFilters } from "./filters.ts";
import { grouping } from "./grains.ts";
import { ReportSql, type Windowed } from "./sql.ts";

// The dashboard's washes and revenue, per window, site and bucket: the Monday e-mail and the targets read
// them with the same query, so that the three never disagree.

export const SALES_GRAINS = grouping({ bucket: ["bucket"], site: ["site_id"] });

export interface SalesRow extends Windowed {
  grain: (typeof SALES_GRAINS.grains)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  washes: number;
  revenue_cents: number;
}

/** Of the hourly sales sums, the revenue only: the unfinished hours are summed without the extras join. */
const revenueHourlySql = (where: FactFilter) => salesHourlySql(where, ["revenue_cents"]);

// washes: wash programmes sold (quantity of lines of kind 'programma'): one per car washed.
// revenue_cents: everything customers paid, incl. VAT, after discounts, online sales included.
export function dashboardSalesSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH facts AS (
  SELECT win, hour_start, site_id, revenue_cents, 0 AS washes FROM (${sql.rollup("sales_hourly", revenueHourlySql)})
  UNION ALL
  SELECT win, hour_start, site_id, 0, quantity FROM (${sql.rollup("item_sales_hourly", itemSalesHourlySql)})
  WHERE ${itemKindIs("programma")}
)
${SALES_GRAINS.query({
  measures: ["sum(washes) AS washes", "sum(revenue_cents) AS revenue_cents"],
  // summed per site and hour first, payment methods, channels and programmes together: the local time and
  // the grouping sets then work on a row per site per hour
  from: `(SELECT *, ${sql.bucket(sql.local("hour_start"))} AS bucket FROM (
    SELECT win, hour_start, site_id, sum(revenue_cents) AS revenue_cents, sum(washes) AS washes FROM facts
    GROUP BY ALL
  ))`,
})}`;
  return { text, params: sql.params };
}
