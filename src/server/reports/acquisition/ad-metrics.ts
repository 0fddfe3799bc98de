import type { AdLevel, AdMetricKey } from "../../../shared/reports/ad-reports.ts";
import { type Metric, metric } from "../envelope.ts";
import { ratio, sum } from "../metrics.ts";
import type { Windowed } from "../sql.ts";
import type { AdJourneyFigures } from "./ad-journey-sql.ts";

// The figures of the ad-platform reports, each defined once from the summed columns of ad_stats_daily
// (ad-report.ts). Spend and the platforms' conversion values are excl. VAT (REPORT-DEFINITIONS §1).

/**
 * Which rows of ad_stats_daily hold a platform's figures for a level. Google Ads exports the same clicks
 * twice, per ad and per keyword (demo/ads.ts, the CSV import): keyword rows count on the keyword level only,
 * everything else (the dashboard's spend too) reads the other rows. `table`: an alias to qualify with.
 */
export const adRowsOf = (level: AdLevel, table?: string) =>
  `${table ? `${table}.` : ""}keyword IS ${level === "keyword" ? "NOT " : ""}NULL`;

export interface AdRow extends Windowed, Partial<AdJourneyFigures> {
  impressions: number;
  clicks: number;
  spend_cents: number;
  /** Fractional: platforms attribute parts of a conversion. */
  conversions: number;
  conversion_value_cents: number;
  /** The platform's reach when the row is one ad on one day; null otherwise (reach does not add up). */
  reach: number | null;
  /** Σ quality score × impressions and Σ impressions of the keywords that have a score. */
  qs_weighted: number | null;
  qs_impressions: number | null;
}

const matured = (row: AdRow | undefined) => sum(row?.matured);

/** Why reach (and so frequency) is empty over a period (REPORT-DEFINITIONS §1): never a sum of days. */
const REACH_NOT_ADDITIVE =
  "Alleen voor één advertentie op één dag: bereik telt niet op over dagen of advertenties.";

export const AD_METRICS: Record<AdMetricKey, Metric<AdRow>> = {
  impressions: metric("impressions", (row) => sum(row?.impressions)),
  reach: metric("reach", (row) => row?.reach ?? null, { empty: REACH_NOT_ADDITIVE }),
  frequency: metric("frequency", (row) => ratio(row?.impressions, row?.reach), { empty: REACH_NOT_ADDITIVE }),
  clicks: metric("clicks", (row) => sum(row?.clicks)),
  ctr: metric("ctr", (row) => ratio(row?.clicks, row?.impressions)),
  cpc: metric("cpc", (row) => ratio(row?.spend_cents, row?.clicks)),
  // an affiliate's spend is its commission
  epc: metric("epc", (row) => ratio(row?.spend_cents, row?.clicks)),
  cpm: metric("cpm", (row) => ratio(sum(row?.spend_cents) * 1000, row?.impressions)),
  spend: metric("spend", (row) => sum(row?.spend_cents), { good: "neutral" }),
  platform_conversions: metric("platform_conversions", (row) => sum(row?.conversions)),
  platform_conversion_rate: metric("platform_conversion_rate", (row) => ratio(row?.conversions, row?.clicks)),
  cost_per_conversion: metric("cost_per_conversion", (row) => ratio(row?.spend_cents, row?.conversions)),
  conversion_value: metric("conversion_value", (row) => sum(row?.conversion_value_cents)),
  roas: metric("roas", (row) => ratio(row?.conversion_value_cents, row?.spend_cents)),
  // An affiliate network's conversions are the whole transactions it charges commission for.
  network_transactions: metric("network_transactions", (row) => sum(row?.conversions)),
  network_cpa: metric("network_cpa", (row) => ratio(row?.spend_cents, row?.conversions)),
  network_value: metric("network_value", (row) => sum(row?.conversion_value_cents)),
  quality_score: metric("quality_score", (row) => ratio(row?.qs_weighted, row?.qs_impressions)),
  // What Wasbord saw of the clicks (ad-journey-sql.ts), on the same VAT basis (excl.) as the spend.
  sessions: metric("sessions", (row) => sum(row?.sessions)),
  landing_rate: metric("landing_rate", (row) => ratio(row?.sessions, row?.clicks)),
  our_conversions: metric("our_conversions", (row) => sum(row?.our_conversions)),
  our_cpa: metric("our_cpa", (row) => ratio(row?.spend_cents, row?.our_conversions)),
  our_revenue: metric("our_revenue", (row) => sum(row?.revenue_excl_vat_cents)),
  our_roas: metric("our_roas", (row) => ratio(row?.revenue_excl_vat_cents, row?.spend_cents)),
  redemptions: metric("redemptions", (row) => sum(row?.redemptions)),
  acquired: metric("acquired", (row) => sum(row?.acquired)),
  cost_per_acquired: metric("cost_per_acquired", (row) => ratio(row?.spend_cents, row?.acquired)),
  value_90d: metric("value_90d", (row) => ratio(row?.value_90d_cents, matured(row) || null)),
  cannibalisation: metric("cannibalisation", (row) =>
    ratio(row?.redemptions_seen_before, row?.redemptions_with_plate),
  ),
  seen_last_year: metric("seen_last_year", (row) => sum(row?.redemptions_seen_last_year)),
};
