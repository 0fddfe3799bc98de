import type { AdLevel, AdMetricKey } from "../../../shared/reports/ad-reports.ts";
import type { Metric } from "../envelope.ts";
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
    empty: REACH_NOT_ADDITIVE,
    value: (row) => row?.reach ?? null,
  },
  frequency: {
    key: "frequency",
    label: "Frequentie",
    unit: "ratio",
    hint: "Vertoningen ÷ bereik, voor één advertentie op één dag: over meer dagen of advertenties is er geen bereik om door te delen.",
    empty: REACH_NOT_ADDITIVE,
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
  // What Wasbord saw of the clicks (ad-journey-sql.ts), on the same VAT basis (excl.) as the spend.
  sessions: {
    key: "sessions",
    label: "Sessies (Wasbord)",
    unit: "count",
    hint: "Websitebezoeken waarvan utm_campaign, utm_term en utm_content deze namen dragen (hoofdletters en spaties tellen niet).",
    value: (row) => sum(row?.sessions),
  },
  landing_rate: {
    key: "landing_rate",
    label: "Landingsratio",
    unit: "percent",
    hint: "Sessies ÷ klikken: hoeveel klikken als bezoek op de website aankwamen.",
    value: (row) => ratio(row?.sessions, row?.clicks),
  },
  our_conversions: {
    key: "our_conversions",
    label: "Conversies (Wasbord)",
    unit: "count",
    hint: "Aankopen op de website in die sessies, zoals Wasbord ze meet; naast die van het platform, nooit opgeteld.",
    value: (row) => sum(row?.our_conversions),
  },
  our_cpa: {
    key: "our_cpa",
    label: "CPA (Wasbord)",
    unit: "eur_cents",
    good: "down",
    hint: "Kosten ÷ conversies (Wasbord).",
    value: (row) => ratio(row?.spend_cents, row?.our_conversions),
  },
  revenue: {
    key: "revenue",
    label: "Omzet excl. btw (Wasbord)",
    unit: "eur_cents",
    hint: "Online aankopen in die sessies plus wat de daar geclaimde vouchers aan de kassa opbrachten, excl. btw.",
    value: (row) => sum(row?.revenue_excl_vat_cents),
  },
  our_roas: {
    key: "our_roas",
    label: "ROAS (Wasbord)",
    unit: "ratio",
    hint: "Omzet excl. btw (Wasbord) ÷ kosten.",
    value: (row) => ratio(row?.revenue_excl_vat_cents, row?.spend_cents),
  },
  redemptions: {
    key: "redemptions",
    label: "Inwisselingen",
    unit: "count",
    hint: "Kassaverkopen met een voucher die in zo'n sessie is geclaimd (tot 30 dagen ervoor).",
    value: (row) => sum(row?.redemptions),
  },
  acquired: {
    key: "acquired",
    label: "Nieuwe klanten",
    unit: "count",
    hint: "Kentekens waarvan de eerste wasbeurt ooit een voucher uit zo'n sessie inwisselde, of een online aankoop daaruit was.",
    value: (row) => sum(row?.acquired),
  },
  cost_per_acquired: {
    key: "cost_per_acquired",
    label: "Kosten per nieuwe klant",
    unit: "eur_cents",
    good: "down",
    hint: "Kosten ÷ nieuwe klanten.",
    value: (row) => ratio(row?.spend_cents, row?.acquired),
  },
  value_90d: {
    key: "value_90d",
    label: "90-dagenwaarde per klant",
    unit: "eur_cents",
    hint: "Omzet excl. btw van een nieuwe klant in de 90 dagen vanaf het eerste bezoek; alleen klanten met 90 volle dagen (de overige zijn nog in rijping).",
    value: (row) => ratio(row?.value_90d_cents, matured(row) || null),
  },
  cannibalisation: {
    key: "cannibalisation",
    label: "Kannibalisatie",
    unit: "percent",
    good: "down",
    hint: "Inwisselingen door een kenteken dat al eerder kwam ÷ inwisselingen met een kenteken.",
    value: (row) => ratio(row?.redemptions_seen_before, row?.redemptions_with_plate),
  },
  seen_last_year: {
    key: "seen_last_year",
    label: "Inwisselingen door klanten van het afgelopen jaar",
    unit: "count",
    good: "down",
    hint: "Inwisselingen door een kenteken dat in de 12 maanden ervoor al kwam: commissie voor klanten die er al waren.",
    value: (row) => sum(row?.redemptions_seen_last_year),
  },
};
