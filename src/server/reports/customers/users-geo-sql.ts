import type { ReportFilters } from "../filters.ts";
import { ReportSql, type Windowed, type WindowName } from "../sql.ts";

// The query of Geografische locatie (users-geo.ts): customers, sales and revenue per two-digit postcode
// region, from postcode_sales (postcode-sales.ts). Raw counts and sums; distances and ratios are above it.

export interface SqlRow extends Windowed {
  grain: "region" | "all";
  pc2: string | null;
  customers: number;
  sales: number;
  revenue_cents: number;
}

// customers: distinct plates with a postcode (PC4) on a sale in the window, each at the postcode of its
// latest such sale, so each is counted in one region; a sale without a plate counts as a customer of its own.
// sales / revenue_cents: those customers' sales with a postcode, and what they paid (incl. VAT, after
// discount). all_sales (grain 'all', in `sales`): every sale in the window, for the share with a postcode.
//
// Read from postcode_sales (postcode-sales.ts), without grouping per plate: a sale is its customer's latest
// in the window when the plate's next postcode sale (at the site, with one site chosen) lies after the
// window's end, and every sale counts in its own region. Only a customer whose region changed within the
// window — one of its sales there has its next sale in another region before the end, or its latest earlier
// one in another region after the start — has its sales moved to the region of its latest; there are few.
export function usersGeoSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const all = sql.facts("transactions", "occurred_at", { select: () => "count(*) AS sales" });
  // A window without sales has no row, as with the regions.
  const text = `${filters.sites.length > 1 ? severalSitesSql(sql) : latestSaleSql(sql)}
UNION ALL
SELECT 'all', win, NULL, 0, sales, 0 FROM (${all}) WHERE sales > 0`;
  return { text, params: sql.params };
}

function latestSaleSql(sql: ReportSql) {
  // One site: the plate's sales at that site are all there is.
  const at = sql.filters.sites.length === 1 ? "site_" : "";
  const latest = (win: WindowName) => `coalesce(${at}next_at >= $${win}_end::TIMESTAMPTZ, true)`;
  const regions = sql.facts("postcode_sales", "occurred_at", {
    select: (win) =>
      `pc2, count(*) FILTER (WHERE ${latest(win)}) AS customers, count(*) AS sales, sum(total_cents) AS revenue_cents`,
    groupBy: "pc2",
  });
  // The moving customers' sales: those followed by another region within the window, and those after the
  // last change within it (each scan skips the parts of the table without a change at all).
  const moving = (where: (win: WindowName) => string) =>
    sql.facts("postcode_sales", "occurred_at", {
      select: (win) => `customer, pc2, ${latest(win)} AS latest, total_cents`,
      where,
    });
  return `WITH moves AS (
  ${moving((win) => `${at}next_other_at < $${win}_end::TIMESTAMPTZ`)}
  UNION ALL
  ${moving(
    (win) => `${at}last_other_at >= $${win}_start::TIMESTAMPTZ
    AND coalesce(${at}next_other_at >= $${win}_end::TIMESTAMPTZ, true)`,
  )}
)
SELECT 'region' AS grain, win, pc2::VARCHAR AS pc2, sum(customers) AS customers, sum(sales) AS sales,
  sum(revenue_cents) AS revenue_cents
FROM (
  ${regions}
  UNION ALL
  SELECT win, pc2, 0, -count(*), -sum(total_cents) FROM moves GROUP BY ALL
  UNION ALL
  SELECT win, pc2, 0, count(*), sum(total_cents) FROM (
    SELECT win, max(pc2) FILTER (WHERE latest) OVER (PARTITION BY win, customer) AS pc2, total_cents FROM moves
  )
  GROUP BY ALL
)
GROUP BY ALL`;
}

/** Several sites: the plate's latest postcode sale among theirs, by grouping its sales. */
const severalSitesSql = (sql: ReportSql) => `WITH customers AS (
  SELECT win, arg_max(pc2, occurred_at) AS pc2, count(*) AS sales, sum(total_cents) AS revenue_cents
  FROM (${sql.facts("postcode_sales", "occurred_at")})
  GROUP BY win, customer
)
SELECT 'region' AS grain, win, pc2::VARCHAR AS pc2, count(*) AS customers, sum(sales) AS sales,
  sum(revenue_cents) AS revenue_cents
FROM customers GROUP BY ALL`;
