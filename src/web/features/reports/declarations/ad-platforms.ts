import { metricLabel } from "../../../../shared/metrics/registry.ts";
import {
  AD_FAMILIES,
  AD_MOVERS_SHOWN,
  type AdFamily,
  type AdLevel,
  type AdSeriesKey,
  adTables,
  isAdOverview,
} from "../../../../shared/reports/ad-reports.ts";
import type { AdPath } from "../../../../shared/reports/catalogue.ts";
import {
  type ChartDeclaration,
  declareReport,
  type ReportDeclaration,
} from "../../../components/reports/declaration.ts";

// ACQUISITIE › Facebook, Google Ads, Marktplaats, Affiliates: every path is the ad report at one level
// (src/server/reports/acquisition/ad-report.ts), so their screens are declared together, from the same list.

const LEVEL_WORDS: Record<AdLevel, string> = {
  campaign: "campagne",
  ad_group: "advertentiegroep",
  ad: "advertentie",
  keyword: "zoekwoord (met zoekwoordtype en kwaliteitsscore)",
  affiliate: "affiliate",
  affiliate_ad: "advertentie van een affiliate",
};

/**
 * The key columns of a level's table: the row's own name (the levels above it are in the breadcrumb), then
 * what an ad screen is for: the cost, the quality score (Google Ads), ROAS as Wasbord sees it, customers won.
 */
const keyColumns = (level: AdLevel) => [
  level === "affiliate_ad" ? "ad" : level,
  "spend",
  "quality_score",
  "our_roas",
  "acquired",
];

const half = (key: AdSeriesKey): ChartDeclaration<AdSeriesKey> => ({
  title: metricLabel(key),
  series: [key],
  kind: "line",
  half: true,
});

/**
 * A platform's overview: its totals over time, its campaigns per type and the campaigns that moved most;
 * the campaigns one by one are a level below (Campagnes).
 */
function overview(family: AdFamily, path: string): ReportDeclaration {
  return declareReport({
    id: path as "facebook",
    intro: `${family.label} als geheel: de totalen over de tijd, de campagnes per type en de ${AD_MOVERS_SHOWN} campagnes waarvan de advertentiekosten het meest veranderden tegen de vergelijkingsperiode. Het type staat in de campagnenaam vóór het streepje („Zoeken - Merk” is Zoeken); elke campagne apart staat onder Campagnes. Kosten excl. btw; advertentiegegevens zijn per dag en horen bij geen vestiging.`,
    charts: [
      { title: metricLabel("spend"), series: ["spend"], kind: "bar" },
      half("platform_conversions"),
      half("roas"),
      half("clicks"),
      half("cpc"),
    ],
    tables: adTables(family, path) as "by_campaign_type"[],
    keyColumns: {
      by_campaign_type: ["campaign_type", "spend", "our_roas", "acquired"],
      movers: ["campaign", "spend_shift", "spend"],
    },
  });
}

function declaration(family: AdFamily, path: string, level: AdLevel): ReportDeclaration {
  if (isAdOverview(family, path)) return overview(family, path);
  const word =
    level === "ad_group" && family.adGroupLabel ? family.adGroupLabel.toLowerCase() : LEVEL_WORDS[level];
  const next = family.drillTo[level];
  const has = (key: AdSeriesKey) => family.metrics.includes(key);
  // a network reports whole transactions, the platforms (fractions of) conversions: each its own figure
  const conversions = (["platform_conversions", "network_transactions"] as const).find(has);
  const charts: ChartDeclaration<AdSeriesKey>[] = [
    { title: metricLabel("spend"), series: ["spend"], kind: "bar" },
    { title: metricLabel("clicks"), series: ["clicks"], kind: "line", half: true },
    ...(has("impressions")
      ? [
          {
            title: metricLabel("impressions"),
            series: ["impressions" as const],
            kind: "line" as const,
            half: true,
          },
        ]
      : []),
    ...(conversions && !has("impressions")
      ? [{ title: metricLabel(conversions), series: [conversions], kind: "line" as const, half: true }]
      : []),
  ];
  return declareReport({
    id: path as "facebook",
    intro: `De cijfers van ${family.label} per ${word}, zoals het platform ze rapporteert (kosten excl. btw).${
      next ? " Klik op een naam in de tabel om een niveau dieper te kijken." : ""
    } Daarnaast wat Wasbord van dezelfde klikken zag: sessies, conversies, inwisselingen en gewonnen klanten, gekoppeld op de namen in de utm-velden. Advertentiegegevens zijn per dag en horen bij geen vestiging.`,
    charts,
    tables: adTables(family, path) as "by_campaign"[],
    keyColumns: { [`by_${level}`]: keyColumns(level) } as { by_campaign: string[] },
  });
}

/** Every ad-platform path → its screen, by path. */
export const AD_DECLARATIONS = Object.fromEntries(
  (Object.values(AD_FAMILIES) as AdFamily[]).flatMap((family) =>
    Object.entries(family.levels).map(([path, level]) => [path, declaration(family, path, level)]),
  ),
) as { [Path in AdPath]: ReportDeclaration<Path> };
