import { AD_PLATFORM_LABELS, type AdPlatform } from "../ad-stats.ts";
import type { DimensionKey } from "./dimensions.ts";

// The ad-platform reports (Facebook, Google Ads, Marktplaats, Affiliates and their levels) are one report
// over ad_stats_daily at different levels (CONVENTIONS: one question at many levels is one module). This
// file says, once, which levels each platform has, which path shows which level, and which figures each
// platform shows; the catalogue and the server's module are both built from it.

/** A level: the rows of its table, and the dimension filter that narrows to one of them. */
export const AD_LEVELS = {
  campaign: { columns: ["campaign"], label: "Campagne" },
  ad_group: { columns: ["campaign", "ad_group"], label: "Advertentiegroep" },
  ad: { columns: ["campaign", "ad_group", "ad"], label: "Advertentie" },
  keyword: { columns: ["campaign", "ad_group", "keyword", "match_type"], label: "Zoekwoord" },
  affiliate: { columns: ["affiliate"], label: "Affiliate" },
  affiliate_ad: { columns: ["affiliate", "ad"], label: "Advertentie" },
} as const satisfies Record<string, { columns: readonly string[]; label: string }>;
export type AdLevel = keyof typeof AD_LEVELS;

/**
 * Beside the platform's figures, what Wasbord saw of the same clicks (REPORT-DEFINITIONS §3): sessions joined
 * by name, our conversions and revenue, redemptions, acquired customers and their 90-day value.
 */
export const JOURNEY_METRICS = [
  "sessions",
  "landing_rate",
  "our_conversions",
  "our_cpa",
  "our_revenue",
  "our_roas",
  "redemptions",
  "acquired",
  "cost_per_acquired",
  "value_90d",
  "cannibalisation",
] as const;

/**
 * Every figure an ad report can show, in the order of the tables. Adding one: a key here, its definition
 * in src/server/reports/acquisition/ad-metrics.ts, and the key in the platforms' lists below.
 */
export const AD_METRIC_KEYS = [
  "impressions",
  "reach",
  "frequency",
  "clicks",
  "ctr",
  "cpc",
  "epc",
  "cpm",
  "spend",
  "platform_conversions",
  "platform_conversion_rate",
  "cost_per_conversion",
  "conversion_value",
  "roas",
  "network_transactions",
  "network_cpa",
  "network_value",
  "quality_score",
  ...JOURNEY_METRICS,
  "seen_last_year",
] as const;
export type AdMetricKey = (typeof AD_METRIC_KEYS)[number];

/** The figures an ad report draws over time, where the platform has them. */
export const AD_SERIES = [
  "spend",
  "clicks",
  "impressions",
  "platform_conversions",
  "network_transactions",
] as const satisfies readonly AdMetricKey[];

/**
 * What a platform's overview draws over time: its totals per bucket, each ratio from the bucket's own sums
 * (never an average of days).
 */
export const AD_OVERVIEW_SERIES = [
  "spend",
  "platform_conversions",
  "roas",
  "clicks",
  "cpc",
] as const satisfies readonly AdMetricKey[];
export type AdSeriesKey = (typeof AD_SERIES)[number] | (typeof AD_OVERVIEW_SERIES)[number];

export interface AdFamily {
  platform: AdPlatform;
  /** The report path of the platform's overview; its levels are paths under it. */
  path: string;
  label: string;
  /** Path (under /reports) → the level it lists. The overview reads the first level. */
  levels: Record<string, AdLevel>;
  /**
   * The overview (`path`) shows the platform as a whole — over time, per campaign type, the campaigns that
   * moved most — from its first level's rows, instead of listing them again as the first level does.
   */
  overview?: boolean;
  /** The drill-down order of the dimension filters, top first: the breadcrumb. */
  drill: DimensionKey[];
  /** Where a row of a level leads: the path listing its children. */
  drillTo: Partial<Record<AdLevel, string>>;
  /** What the platform calls an ad group (Meta: advertentieset). */
  adGroupLabel?: string;
  /** Its figures; one that the platform means otherwise is a figure of its own (a network's transactions). */
  metrics: readonly AdMetricKey[];
}

const PLATFORM_METRICS = ["impressions", "clicks", "ctr", "cpc", "cpm", "spend"] as const;
const PLATFORM_CONVERSIONS = ["platform_conversions", "conversion_value", "roas"] as const;

export const AD_FAMILIES = {
  facebook: {
    platform: "facebook",
    path: "facebook",
    label: AD_PLATFORM_LABELS.facebook,
    levels: {
      facebook: "campaign",
      "facebook/campaigns": "campaign",
      "facebook/adsets": "ad_group",
      "facebook/ads": "ad",
    },
    overview: true,
    drill: ["campaign", "ad_group", "ad"],
    drillTo: { campaign: "facebook/adsets", ad_group: "facebook/ads" },
    adGroupLabel: "Advertentieset",
    metrics: [
      "impressions",
      "reach",
      "frequency",
      "clicks",
      "ctr",
      "cpc",
      "cpm",
      "spend",
      ...PLATFORM_CONVERSIONS,
    ],
  },
  "google-ads": {
    platform: "google_ads",
    path: "google-ads",
    label: AD_PLATFORM_LABELS.google_ads,
    levels: {
      "google-ads": "campaign",
      "google-ads/campaigns": "campaign",
      "google-ads/adgroups": "ad_group",
      "google-ads/ads": "ad",
      "google-ads/keywords": "keyword",
    },
    overview: true,
    drill: ["campaign", "ad_group", "ad", "keyword"],
    drillTo: { campaign: "google-ads/adgroups", ad_group: "google-ads/ads" },
    metrics: [
      ...PLATFORM_METRICS,
      "platform_conversions",
      "platform_conversion_rate",
      "cost_per_conversion",
      "conversion_value",
      "roas",
    ],
  },
  marktplaats: {
    platform: "marktplaats",
    path: "marktplaats",
    label: AD_PLATFORM_LABELS.marktplaats,
    levels: { marktplaats: "campaign", "marktplaats/ads": "ad" },
    drill: ["campaign", "ad"],
    drillTo: { campaign: "marktplaats/ads" },
    // An Admarkt click opens the ad on Marktplaats, not the website: the sessions are a share of the clicks.
    metrics: [...PLATFORM_METRICS, ...PLATFORM_CONVERSIONS],
  },
  affiliates: {
    platform: "affiliate",
    path: "affiliates",
    label: AD_PLATFORM_LABELS.affiliate,
    levels: { affiliates: "affiliate", "affiliates/ads": "affiliate_ad" },
    drill: ["affiliate", "ad"],
    drillTo: { affiliate: "affiliates/ads" },
    // A network's cost is its commission; it reports whole transactions with their value.
    metrics: ["clicks", "epc", "spend", "network_transactions", "network_cpa", "network_value", "roas"],
  },
} as const satisfies Record<string, AdFamily>;

export type AdFamilyName = keyof typeof AD_FAMILIES;

/** The journey figures among a platform's KPI tiles. */
export const JOURNEY_KPIS = [
  "sessions",
  "acquired",
  "cost_per_acquired",
] as const satisfies readonly AdMetricKey[];

/** The KPI tiles of a platform: its own figures (no quality score, a keyword's), then the journey's. */
export const adKpiMetrics = (family: AdFamily): readonly AdMetricKey[] => [
  ...family.metrics.filter((key) => key !== "quality_score"),
  ...JOURNEY_KPIS,
];

/**
 * The levels that show a quality score where the platform has keywords: the keyword's own, and rolled up by
 * impressions to its ad group and campaign (REPORT-DEFINITIONS §3). Ads are not above keywords.
 */
const QUALITY_SCORE_LEVELS: readonly AdLevel[] = ["keyword", "ad_group", "campaign"];

/** Whether a level of the platform shows the (rolled-up) quality score of its keywords. */
export const showsQualityScore = (family: AdFamily, level: AdLevel) =>
  Object.values(family.levels).includes("keyword") && QUALITY_SCORE_LEVELS.includes(level);

/**
 * The level's own metrics: the platform's figures (with the keywords' quality score where it rolls up),
 * then the journey's; affiliates also show how many redemptions came from customers of the last 12 months.
 */
export const adLevelMetrics = (family: AdFamily, level: AdLevel): readonly AdMetricKey[] => [
  ...family.metrics,
  ...(showsQualityScore(family, level) ? (["quality_score"] as const) : []),
  ...JOURNEY_METRICS,
  ...(family.platform === "affiliate" ? (["seen_last_year"] as const) : []),
];

/** The chain's name: a keyword containing it is a brand keyword (REPORT-DEFINITIONS §3). */
export const BRAND_TERM = "wasbord";

/** The join health table of every level: spend no session matches, sessions no ad row matches. */
export const AD_JOIN_TABLE = "join_health" as const;
/** Google Ads' campaign level also splits brand from non-brand keywords. */
export const AD_BRAND_TABLE = "by_brand" as const;

/** An overview's tables: its campaigns per type, and the campaigns whose spend moved most. */
export const AD_TYPE_TABLE = "by_campaign_type" as const;
export const AD_MOVERS_TABLE = "movers" as const;

/** Whether a path is its platform's overview (AdFamily.overview), not a level's list. */
export const isAdOverview = (family: AdFamily, path: string) => !!family.overview && path === family.path;

/** The tables of a path's screen: a level's list, or the overview's tables. */
export function adTables(family: AdFamily, path: string) {
  const level = family.levels[path];
  const brand = family.platform === "google_ads" && level === "campaign" ? [AD_BRAND_TABLE] : [];
  return isAdOverview(family, path)
    ? [AD_TYPE_TABLE, AD_MOVERS_TABLE, ...brand, AD_JOIN_TABLE]
    : [adTableKey(level), AD_JOIN_TABLE, ...brand];
}

/** The series of a path's screen: the overview's, or a level's where the platform has them. */
export const adSeries = (family: AdFamily, path: string): AdSeriesKey[] =>
  isAdOverview(family, path)
    ? AD_OVERVIEW_SERIES.filter((key) => family.metrics.includes(key))
    : AD_SERIES.filter((key) => adLevelMetrics(family, family.levels[path]).includes(key));

/** The type of a campaign whose name says none. */
export const UNTYPED_CAMPAIGN = "Zonder type";

/**
 * A campaign's type, as its name says it before a dash (the naming convention "Zoeken - Merk",
 * "Bereik - Merkvideo"): the platforms' exports carry no campaign type or objective, so the name is the one
 * place it is written. A name without such a prefix has no type.
 */
export function campaignType(campaign: string | null): string {
  const prefix = campaign?.match(/^(.+?)\s+[-–|]\s+\S/)?.[1].trim();
  return prefix || UNTYPED_CAMPAIGN;
}

/** How many campaigns of an overview's movers table it shows: the largest moves up or down. */
export const AD_MOVERS_SHOWN = 5;

/** The table of a level: `by_campaign`, `by_ad_group`, … */
export const adTableKey = <L extends AdLevel>(level: L) => `by_${level}` as const;

/** The family a report path belongs to, and the level it shows. */
export function adReportOf(path: string): { family: AdFamily; level: AdLevel } | null {
  for (const family of Object.values(AD_FAMILIES) as AdFamily[]) {
    const level = family.levels[path];
    if (level) return { family, level };
  }
  return null;
}
