import type { AdPlatform } from "../../../shared/ad-stats.ts";
import type { ReportFilters } from "../filters.ts";
import { joinName, maturedUpTo, PLATFORM_CHANNEL } from "../journey/definitions.ts";
import { ReportSql, type Windowed } from "../sql.ts";

// What Wasbord saw of a platform's ads — sessions, conversions, redemptions, acquired customers — per row of
// an ad report level, joined by name (REPORT-DEFINITIONS §1): utm_campaign = campaign, utm_content = ad,
// utm_term = the keyword (Google Ads) or the ad set (Meta); an affiliate's sessions carry the publisher's
// code in utm_source. A Google Ads session meets an ad group of its campaign by the keyword in utm_term (the
// keyword rows of the ad statistics say which ad group and match type it belongs to), else by the ad group's
// own name in utm_term or, failing that, in utm_content.

/** The name columns a level's rows are identified by (the ad report's AD_LEVELS). */
export type AdNameColumn = "campaign" | "ad_group" | "ad" | "keyword" | "match_type" | "affiliate";

/** The journey's sums for a group of ad rows. */
export interface AdJourneyFigures {
  sessions: number;
  bounces: number;
  our_conversions: number;
  converting_sessions: number;
  revenue_excl_vat_cents: number;
  claims: number;
  redemptions: number;
  redemptions_with_plate: number;
  redemptions_seen_before: number;
  redemptions_seen_last_year: number;
  acquired: number;
  matured: number;
  value_90d_cents: number;
  /** Of the sessions: matched to their Google Ads ad group by its name, and by a keyword (join health). */
  sessions_by_name: number;
  sessions_by_keyword: number;
}

/** One row of a level as the journey sees it: its names (one property per column) and its sums. */
export type AdJourneyRow = Windowed & AdJourneyFigures & Record<AdNameColumn, string | null>;

/** The session side's expression for each name column, per platform. */
function sessionNames(platform: AdPlatform): Record<AdNameColumn, string> {
  const google = platform === "google_ads";
  return {
    campaign: "f.campaign",
    ad_group: google
      ? "coalesce(k.ad_group, gt.ad_group, gc.ad_group)"
      : platform === "facebook"
        ? "f.term"
        : "NULL",
    ad: "f.content",
    keyword: google ? "f.term" : "NULL",
    match_type: google ? "k.match_type" : "NULL",
    affiliate: platform === "affiliate" ? "a.name" : "NULL",
  };
}

/**
 * Per window and per row of the level (`columns`), the journey's figures of the platform's channel, narrowed
 * by the report's dimension filters on those columns.
 */
export function adJourneySql(filters: ReportFilters, platform: AdPlatform, columns: readonly AdNameColumn[]) {
  const sql = new ReportSql(filters);
  sql.params.channel = PLATFORM_CHANNEL[platform];
  sql.params.matured_to = maturedUpTo(filters.now);
  const names = sessionNames(platform);
  const selected = columns.map((column) => `${names[column]} AS ${column}`).join(", ");
  const narrowed = (["campaign", "ad_group", "ad", "keyword", "affiliate"] as const)
    .filter((column) => filters.dimensions?.[column] !== undefined && names[column] !== "NULL")
    .map((column) => {
      sql.params[`dim_${column}`] = String(filters.dimensions?.[column]);
      return ` AND ${names[column]} = ${joinName(`$dim_${column}`)}`;
    })
    .join("");
  // Only Google Ads' ad group and match type need the keyword rows' help.
  const grouped = platform === "google_ads" && columns.some((c) => c === "ad_group" || c === "match_type");
  const keywordGroups = grouped
    ? `keyword_groups AS (
  -- a keyword of a campaign belongs to the ad group (and match type) that spent most on it
  SELECT ${joinName("campaign")} AS campaign, ${joinName("keyword")} AS keyword,
    arg_max(${joinName("ad_group")}, spend_cents) AS ad_group, arg_max(match_type, spend_cents) AS match_type
  FROM (SELECT campaign, keyword, ad_group, match_type, sum(spend_cents) AS spend_cents FROM ad_stats_daily
    WHERE platform = 'google_ads' AND keyword IS NOT NULL GROUP BY ALL)
  GROUP BY ALL
), ad_group_names AS (
  SELECT DISTINCT ${joinName("campaign")} AS campaign, ${joinName("ad_group")} AS ad_group
  FROM ad_stats_daily WHERE platform = 'google_ads' AND ad_group IS NOT NULL
), `
    : "";
  const via = grouped
    ? `coalesce(sum(sessions) FILTER (WHERE k.ad_group IS NULL AND coalesce(gt.ad_group, gc.ad_group) IS NOT NULL), 0)
    AS sessions_by_name, coalesce(sum(sessions) FILTER (WHERE k.ad_group IS NOT NULL), 0) AS sessions_by_keyword`
    : "0 AS sessions_by_name, 0 AS sessions_by_keyword";
  const text = `WITH ${keywordGroups}facts AS (
  SELECT win, campaign, term, content, source, sessions, bounces, conversions, converting_sessions,
    revenue_excl_vat_cents, claims
  FROM (${sql.factsByDate("journey_daily", "local_date")}) WHERE channel = $channel
  UNION ALL BY NAME
  SELECT win, campaign, term, content, source, 1 AS redemptions, (plate IS NOT NULL)::INTEGER AS redemptions_with_plate,
    coalesce(seen_before, false)::INTEGER AS redemptions_seen_before,
    coalesce(seen_last_year, false)::INTEGER AS redemptions_seen_last_year, revenue_excl_vat_cents
  FROM (${sql.factsByDate("journey_redemptions", "redeemed_date")}) WHERE channel = $channel
  UNION ALL BY NAME
  SELECT win, campaign, term, content, source, 1 AS acquired, (first_date <= $matured_to::DATE)::INTEGER AS matured,
    CASE WHEN first_date <= $matured_to::DATE THEN value_90d_cents END AS value_90d_cents
  FROM (${sql.factsByDate("journey_customers", "first_date")}) WHERE channel = $channel
)
SELECT f.win, ${selected},
  coalesce(sum(sessions), 0) AS sessions, coalesce(sum(bounces), 0) AS bounces,
  coalesce(sum(conversions), 0) AS our_conversions, coalesce(sum(converting_sessions), 0) AS converting_sessions,
  coalesce(sum(revenue_excl_vat_cents), 0) AS revenue_excl_vat_cents, coalesce(sum(claims), 0) AS claims,
  coalesce(sum(redemptions), 0) AS redemptions, coalesce(sum(redemptions_with_plate), 0) AS redemptions_with_plate,
  coalesce(sum(redemptions_seen_before), 0) AS redemptions_seen_before,
  coalesce(sum(redemptions_seen_last_year), 0) AS redemptions_seen_last_year,
  coalesce(sum(acquired), 0) AS acquired, coalesce(sum(matured), 0) AS matured,
  coalesce(sum(value_90d_cents), 0) AS value_90d_cents, ${via}
FROM facts f
  ${
    grouped
      ? `LEFT JOIN keyword_groups k ON k.campaign = f.campaign AND k.keyword = f.term
  LEFT JOIN ad_group_names gt ON gt.campaign = f.campaign AND gt.ad_group = f.term
  LEFT JOIN ad_group_names gc ON gc.campaign = f.campaign AND gc.ad_group = f.content`
      : ""
  }
  ${platform === "affiliate" ? "LEFT JOIN affiliates a ON lower(a.code) = f.source" : ""}
WHERE true${narrowed}
GROUP BY ALL`;
  return { text, params: sql.params };
}
