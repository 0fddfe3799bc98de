import { BRAND_TERM } from "../../../shared/reports/ad-reports.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql } from "../sql.ts";

// Google Ads' spend on brand and non-brand keywords (REPORT-DEFINITIONS §3: brand = the keyword contains the
// chain's name), from the keyword rows, narrowed like the ad report. Two rows per window.
export function brandSpendSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  sql.params.brand = BRAND_TERM;
  const narrowed = (["campaign", "ad_group"] as const)
    .filter((column) => filters.dimensions[column] !== undefined)
    .map((column) => {
      sql.params[column] = filters.dimensions[column] as string;
      return ` AND ${column} = $${column}`;
    })
    .join("");
  const text = `SELECT win, contains(lower(keyword), $brand) AS brand,
  sum(impressions) AS impressions, sum(clicks) AS clicks, sum(spend_cents) AS spend_cents,
  sum(conversions) AS conversions, sum(conversion_value_cents) AS conversion_value_cents
FROM (${sql.factsByDate("ad_stats_daily", "stat_date")})
WHERE platform = 'google_ads' AND keyword IS NOT NULL${narrowed}
GROUP BY ALL`;
  return { text, params: sql.params };
}
