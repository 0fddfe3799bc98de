import { AD_PLATFORM_LABELS, type AdPlatform } from "../../shared/ad-stats.ts";
import type { DataSource, FreshnessRow } from "../../shared/admin/connections.ts";
import type { FreshnessKind } from "../../shared/freshness.ts";
import type { Queryable } from "../db/database.ts";
import { freshnessOf } from "../freshness/freshness-rule.ts";
import { latestDeliveries } from "../freshness/latest-delivery.ts";

// Cameras and tills are judged per site by the opening hours they have been quiet, the website and the ad
// platforms by the clock: the one rule the dashboard uses too (src/server/freshness/freshness-rule.ts).
const KIND: Record<DataSource, FreshnessKind> = {
  "plate-reads": "site",
  transactions: "site",
  "ad-stats": "ads",
  website: "website",
};

/** The latest delivery per source (src/server/freshness/latest-delivery.ts), by source and subject. */
export async function dataFreshness(db: Queryable): Promise<FreshnessRow[]> {
  const now = new Date();
  const rows = (await latestDeliveries(db, { now })).map(({ source, name, lastAt }) => ({
    source,
    subject: source === "ad-stats" ? (AD_PLATFORM_LABELS[name as AdPlatform] ?? name) : name,
    lastAt,
    status: freshnessOf(KIND[source], lastAt === null ? null : new Date(lastAt), now),
  }));
  const order = (row: FreshnessRow) => `${row.source}\u0000${row.subject}`;
  return rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}
