import {
  AD_FAMILIES,
  type AdFamily,
  type AdLevel,
  type AdMetricKey,
  type AdSeriesKey,
  adKpiMetrics,
  adSeries,
  adTables,
} from "./ad-reports.ts";
import { type CatalogueEntry, report } from "./catalogue-entry.ts";

// The catalogue's entries of the ad-platform reports (catalogue.ts): one report per family and level.

type AdTableKey = `by_${AdLevel}` | "join_health" | "by_brand" | "by_campaign_type" | "movers";
type AdEntry = CatalogueEntry<AdMetricKey, AdSeriesKey, AdTableKey> & {
  status: "built";
};
type Families = typeof AD_FAMILIES;
/** The ids of the ad-platform reports: one per family and level. */
export type AdPath = { [F in keyof Families]: keyof Families[F]["levels"] & string }[keyof Families];

/** The ad-platform paths: one report at different levels, daily figures, no site. */
export function adEntries(): Record<AdPath, AdEntry> {
  const out = {} as Record<AdPath, AdEntry>;
  for (const family of Object.values(AD_FAMILIES) as AdFamily[]) {
    for (const path of Object.keys(family.levels)) {
      out[path as AdPath] = report(path, {
        finest: "day",
        site: false,
        dimensions: family.drill,
        kpis: adKpiMetrics(family),
        series: adSeries(family, path),
        tables: adTables(family, path),
      });
    }
  }
  return out;
}
