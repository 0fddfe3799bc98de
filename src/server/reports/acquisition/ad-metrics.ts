import type { AdLevel, AdMetricKey } from "../../../shared/reports/ad-reports.ts";
import type { Metric } from "../envelope.ts";
import { ratio, sum } from "../metrics.ts";
import type { Windowed } from "../sql.ts";

// The figures of the ad-platform reports, each defined once from the summed columns of ad_stats_daily
// (ad-report.ts). Spend and the platforms' conversion values are excl. VAT (REPORT-DEFINITIONS §1).

/**
 * Which rows of ad_stats_daily hold a platform's figures for a level. Google Ads exports the same clicks
 * twice, per ad and per keyword (demo/ads.ts, the CSV import): keyword rows count on the keyword level only,
 * everything else (the dashboard's spend too) reads the other rows. `table`: an alias to qualify with.
 */
export const adRowsOf = (level: AdLevel, table?: string) =>
  `${table ? `${table}.` : ""}keyword IS ${level === "keyword" ? "NOT " : ""}NULL`;

export interface AdRow extends Windowed {
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

export const AD_METRICS: Record<AdMetricKey, Metric<AdRow>> = {
  impressions: {
    key: "impressions",
    label: "Vertoningen",
    unit: "count",
    value: (row) => sum(row?.impressions),
  },
  reach: {
    key: "reach",
    label: "Bereik",
    unit: "count",
    hint: "Unieke mensen volgens het platform, per advertentie per dag. Bereik telt niet op over dagen of advertenties (dezelfde mensen zien er meer), dus over meer dan één blijft het vak leeg.",
    value: (row) => row?.reach ?? null,
  },
  frequency: {
    key: "frequency",
    label: "Frequentie",
    unit: "ratio",
    hint: "Vertoningen ÷ bereik, voor één advertentie op één dag.",
    value: (row) => ratio(row?.impressions, row?.reach),
  },
  clicks: { key: "clicks", label: "Klikken", unit: "count", value: (row) => sum(row?.clicks) },
  ctr: {
    key: "ctr",
    label: "CTR",
    unit: "percent",
    hint: "Klikken ÷ vertoningen.",
    value: (row) => ratio(row?.clicks, row?.impressions),
  },
  cpc: {
    key: "cpc",
    label: "CPC",
    unit: "eur_cents",
    good: "down",
    hint: "Kosten ÷ klikken (excl. btw).",
    value: (row) => ratio(row?.spend_cents, row?.clicks),
  },
  epc: {
    key: "epc",
    label: "EPC",
    unit: "eur_cents",
    good: "down",
    hint: "Commissie ÷ klikken (excl. btw).",
    value: (row) => ratio(row?.spend_cents, row?.clicks),
  },
  cpm: {
    key: "cpm",
    label: "CPM",
    unit: "eur_cents",
    good: "down",
    hint: "Kosten per 1.000 vertoningen (excl. btw).",
    value: (row) => ratio(sum(row?.spend_cents) * 1000, row?.impressions),
  },
  spend: {
    key: "spend",
    label: "Kosten",
    unit: "eur_cents",
    good: "neutral",
    hint: "Wat het platform in rekening bracht, excl. btw.",
    value: (row) => sum(row?.spend_cents),
  },
  conversions: {
    key: "conversions",
    label: "Conversies (platform)",
    unit: "ratio",
    hint: "Zoals het platform ze telt (eigen toeschrijving, op de klikdatum); niet op te tellen over platforms.",
    value: (row) => sum(row?.conversions),
  },
  conversion_rate: {
    key: "conversion_rate",
    label: "Conversieratio (platform)",
    unit: "percent",
    hint: "Conversies volgens het platform ÷ klikken.",
    value: (row) => ratio(row?.conversions, row?.clicks),
  },
  cost_per_conversion: {
    key: "cost_per_conversion",
    label: "Kosten per conversie",
    unit: "eur_cents",
    good: "down",
    hint: "Kosten ÷ conversies volgens het platform (excl. btw).",
    value: (row) => ratio(row?.spend_cents, row?.conversions),
  },
  conversion_value: {
    key: "conversion_value",
    label: "Conversiewaarde (platform)",
    unit: "eur_cents",
    hint: "De waarde die het platform aan de conversies toekent, excl. btw.",
    value: (row) => sum(row?.conversion_value_cents),
  },
  roas: {
    key: "roas",
    label: "ROAS (platform)",
    unit: "ratio",
    hint: "Conversiewaarde volgens het platform ÷ kosten, beide excl. btw.",
    value: (row) => ratio(row?.conversion_value_cents, row?.spend_cents),
  },
  quality_score: {
    key: "quality_score",
    label: "Kwaliteitsscore",
    unit: "ratio",
    hint: "De laatste score van het zoekwoord in de periode; over meer zoekwoorden gewogen naar vertoningen.",
    value: (row) => ratio(row?.qs_weighted, row?.qs_impressions),
  },
};
