import {
  AD_FAMILIES,
  AD_LEVELS,
  type AdFamily,
  type AdLevel,
  adKpiMetrics,
  adLevelMetrics,
  adSeries,
  adTableKey,
  isAdOverview,
  showsQualityScore,
} from "../../../shared/reports/ad-reports.ts";
import type { AdPath } from "../../../shared/reports/catalogue.ts";
import type { Cell, ColumnLink } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { syncJourney } from "../../warehouse/derived/journey/journey-sync.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport, type ReportModule } from "../define-report.ts";
import { envelope, kpis, type Totals, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { grouping } from "../grains.ts";
import { byGrain, ReportSql } from "../sql.ts";
import { brandTable, joinHealthTable, mergeJourney } from "./ad-join.ts";
import { type AdJourneyRow, type AdNameColumn, adJourneySql } from "./ad-journey-sql.ts";
import { AD_METRICS, type AdRow, adRowsOf } from "./ad-metrics.ts";
import { campaignTypeTable, moversTable } from "./ad-overview.ts";
import { brandSpendSql } from "./brand-split-sql.ts";

// Facebook, Google Ads, Marktplaats and Affiliates at every level: one question over ad_stats_daily — the
// platform's figures per campaign, ad group, ad or keyword — with the level from an allow-list
// (AD_LEVELS) and the figures from one list (ad-metrics.ts). Each path of AD_FAMILIES is this report at
// one level; a row leads to the level below it, narrowed to that row. A platform's overview reads its
// campaign level and shows it as a whole (ad-overview.ts).

/** How many rows a long level (ads, keywords) shows before the rest is summed into one row. */
export const AD_TOP_ROWS = 25;

const MATCH_TYPES: Record<string, string> = { exact: "Exact", phrase: "Woordgroep", broad: "Breed" };

const AD_COLUMNS = ["campaign", "ad_group", "ad", "keyword", "affiliate"] as const;

interface AdLevelRow extends AdRow {
  grain: "total" | "bucket" | "row";
  bucket: string;
  campaign: string | null;
  ad_group: string | null;
  ad: string | null;
  keyword: string | null;
  match_type: string | null;
  affiliate: string | null;
}

// impressions, clicks, spend_cents, conversions, conversion_value_cents: sums of the platform's daily
// figures. reach: the platform's own figure where the period is one day and a group is one row of it (one
// ad), else null: reach does not add up over days or ads, and the imports carry no period reach.
// latest_qs: per keyword the last score of the window (a snapshot); weighted by the keyword's impressions
// over several keywords, and so rolled up to ad groups and campaigns from their keyword rows, which add
// nothing else there (scored_impressions: the impressions a score weighs; never a sum of scores).
export function adReportSql(family: AdFamily, level: AdLevel) {
  const grains = grouping({ bucket: ["bucket"], row: AD_LEVELS[level].columns });
  const rollsUp = level !== "keyword" && showsQualityScore(family, level);
  return (filters: ReportFilters) => {
    const sql = new ReportSql(filters);
    sql.params.platform = family.platform;
    const narrowed = AD_COLUMNS.filter((column) => filters.dimensions[column] !== undefined).map((column) => {
      sql.params[column] = filters.dimensions[column] as string;
      return ` AND ${column} = $${column}`;
    });
    const perDay = filters.current.from === filters.current.to;
    const latest =
      "arg_max(quality_score, stat_date) FILTER (WHERE quality_score IS NOT NULL) OVER (PARTITION BY win, campaign, ad_group, keyword, match_type) AS latest_qs";
    const keywordRows = `SELECT ${level === "keyword" ? "*" : "win, bucket, campaign, ad_group"}, ${latest}, impressions AS scored_impressions
  FROM stats WHERE ${adRowsOf("keyword")}`;
    const ownRows =
      level === "keyword"
        ? keywordRows
        : `SELECT *, NULL::TINYINT AS latest_qs, NULL::BIGINT AS scored_impressions FROM stats WHERE ${adRowsOf(level)}${
            rollsUp ? `\n  UNION ALL BY NAME\n  ${keywordRows}` : ""
          }`;
    const text = `WITH stats AS (
  SELECT *, ${sql.bucket("stat_date::TIMESTAMP")} AS bucket
  FROM (${sql.factsByDate("ad_stats_daily", "stat_date")})
  WHERE platform = $platform${narrowed.join("")}
), facts AS (
  ${ownRows}
)
${grains.query({
  measures: [
    "sum(impressions) AS impressions",
    "sum(clicks) AS clicks",
    "sum(spend_cents) AS spend_cents",
    "sum(conversions) AS conversions",
    "sum(conversion_value_cents) AS conversion_value_cents",
    perDay ? "CASE WHEN count(*) = 1 THEN any_value(reach) END AS reach" : "NULL::BIGINT AS reach",
    "sum(latest_qs * scored_impressions) AS qs_weighted",
    "sum(scored_impressions) FILTER (WHERE latest_qs IS NOT NULL) AS qs_impressions",
  ],
  from: "facts",
})}`;
    return { text, params: sql.params };
  };
}

function module(family: AdFamily, path: AdPath, level: AdLevel): ReportModule<AdPath> {
  const build = adReportSql(family, level);
  const label = (key: keyof typeof AD_METRICS) => AD_METRICS[key];
  const kpiMetrics = adKpiMetrics(family).map(label);
  const tableMetrics = adLevelMetrics(family, level).map(label);
  const next = family.drillTo[level];
  // A row's name columns, and where the last of them leads: the level below, narrowed to this row.
  const names = AD_LEVELS[level].columns;
  const linkOf = (column: string): ColumnLink | undefined =>
    next && column === names.filter((c) => c !== "match_type").at(-1)
      ? {
          report: next,
          filters: Object.fromEntries(names.filter((c) => c !== "match_type").map((c) => [c, c])),
        }
      : undefined;
  const columnLabel = (column: string) =>
    column === "ad_group"
      ? (family.adGroupLabel ?? AD_LEVELS.ad_group.label)
      : column === "match_type"
        ? "Zoekwoordtype"
        : AD_LEVELS[column as AdLevel].label;
  const cell = (row: AdLevelRow, column: (typeof names)[number]): Cell =>
    column === "match_type" ? (MATCH_TYPES[row.match_type ?? ""] ?? null) : row[column];

  const journeyColumns = names as readonly AdNameColumn[];
  const journeySql = (filters: ReportFilters) => adJourneySql(filters, family.platform, journeyColumns);
  const brandSplit = family.platform === "google_ads" && level === "campaign";

  const brandJourneySql = (filters: ReportFilters) => adJourneySql(filters, family.platform, ["keyword"]);

  /** Google Ads' campaign level: brand and non-brand keywords side by side. */
  async function brand(db: Queryable, filters: ReportFilters) {
    const keywords = brandSpendSql(filters);
    const journey = brandJourneySql(filters);
    const [spendRows, journeyRows] = await Promise.all([
      db.query<AdRow & { brand: boolean }>(keywords.text, keywords.params),
      db.query<AdJourneyRow>(journey.text, journey.params),
    ]);
    return brandTable(
      spendRows,
      journeyRows,
      [
        "clicks",
        "spend",
        "cpc",
        "platform_conversions",
        "sessions",
        "our_conversions",
        "redemptions",
        "acquired",
        "cost_per_acquired",
        "cannibalisation",
      ].map((key) => label(key as keyof typeof AD_METRICS)),
    );
  }

  /** A level's own table: one row per campaign, ad group, ad or keyword. */
  const levelTable = (filters: ReportFilters, rows: AdLevelRow[], totals: Totals<AdLevelRow>) =>
    breakdownTable(
      filters,
      {
        key: adTableKey(level),
        label: `Per ${(level === "ad_group" ? columnLabel(level) : AD_LEVELS[level].label).toLowerCase()}`,
        dimensions: names.map((column) => ({
          key: column,
          label: columnLabel(column),
          value: (row: AdLevelRow) => cell(row, column),
          ...(linkOf(column) && { link: linkOf(column) }),
        })),
        metrics: tableMetrics,
        previous: ["spend"],
        changes: ["spend", "clicks"],
        rankBy: "spend",
        ...((level === "keyword" || level === "ad") && { top: AD_TOP_ROWS }),
      },
      rows,
      (row) => JSON.stringify(names.map((column) => row[column])),
      totals,
    );
  const overview = isAdOverview(family, path);

  async function run(db: Queryable, filters: ReportFilters) {
    const { text, params } = build(filters);
    const journeyQuery = journeySql(filters);
    const [result, journey, brandSplitTable] = await Promise.all([
      db.query<AdLevelRow>(text, params),
      db.query<AdJourneyRow>(journeyQuery.text, journeyQuery.params),
      brandSplit ? brand(db, filters) : null,
    ]);
    const rows = byGrain(result, ["total", "bucket", "row"]);
    const totals = totalsOf(rows.total);
    const unmatched = mergeJourney(rows.row, totals, journey, journeyColumns);
    const joinHealth = joinHealthTable(rows.row, unmatched, journeyColumns);
    return envelope(path, filters, {
      kpis: kpis(
        filters,
        kpiMetrics.filter((metric) => metric.key !== "quality_score"),
        totals,
      ),
      series: timeSeries(filters, rows.bucket, adSeries(family, path).map(label)),
      tables: overview
        ? [
            campaignTypeTable(filters, rows.row, totals),
            moversTable(filters, rows.row, totals, linkOf("campaign")),
            ...(brandSplitTable ? [brandSplitTable] : []),
            joinHealth,
          ]
        : [levelTable(filters, rows.row, totals), joinHealth, ...(brandSplitTable ? [brandSplitTable] : [])],
    });
  }

  return defineReport({
    id: path,
    syncs: [syncJourney],
    sql: {
      [path]: build,
      [`${path}:journey`]: journeySql,
      ...(brandSplit && { [`${path}:brand`]: brandSpendSql, [`${path}:brand-journey`]: brandJourneySql }),
    },
    run,
  });
}

/** Every ad-platform path of the catalogue, each the ad report at its level, by path. */
export const adReports = Object.fromEntries(
  (Object.values(AD_FAMILIES) as AdFamily[]).flatMap((family) =>
    Object.entries(family.levels).map(([path, level]) => [path, module(family, path as AdPath, level)]),
  ),
) as { [Path in AdPath]: ReportModule<Path> };
