import { AD_PLATFORM_LABELS, type AdPlatform } from "../../shared/ad-stats.ts";
import type { DataSource, FreshnessRow } from "../../shared/admin/connections.ts";
import type { FreshnessKind } from "../../shared/freshness.ts";
import type { Queryable } from "../db/database.ts";
import { freshnessOf } from "../freshness/freshness-rule.ts";

// Cameras and tills are judged per site by the opening hours they have been quiet, the website and the ad
// platforms by the clock: the one rule the dashboard uses too (src/server/freshness/freshness-rule.ts).
const KIND: Record<DataSource, FreshnessKind> = {
  "plate-reads": "site",
  transactions: "site",
  "ad-stats": "ads",
  website: "website",
};

/**
 * The newest data per source: per active site for cameras and tills (a site that never sent anything shows
 * too — that is the silent camera this screen is for), per ad platform, and for the website. These are event
 * times (read_at, occurred_at, started_at); ad statistics use the time they were last written.
 */
export async function dataFreshness(db: Queryable): Promise<FreshnessRow[]> {
  const rows = await db.query<{ source: DataSource; subject: string; lastAt: string | null }>(
    `SELECT 'plate-reads' AS source, s.name AS subject, r.last_at AS "lastAt", s.id AS site_id
       FROM sites s LEFT JOIN (SELECT site_id, max(read_at) AS last_at FROM plate_reads GROUP BY site_id) r
         ON r.site_id = s.id WHERE s.active
     UNION ALL
     SELECT 'transactions', s.name, t.last_at, s.id
       FROM sites s LEFT JOIN (SELECT site_id, max(occurred_at) AS last_at FROM transactions GROUP BY site_id) t
         ON t.site_id = s.id WHERE s.active
     UNION ALL
     SELECT 'ad-stats', platform, max(updated_at), NULL FROM ad_stats_daily GROUP BY platform
     UNION ALL
     SELECT 'website', 'Website', (SELECT max(started_at) FROM web_sessions), NULL
     ORDER BY source, subject`,
  );
  const now = new Date();
  return rows.map(({ source, subject, lastAt }) => ({
    source,
    subject: source === "ad-stats" ? (AD_PLATFORM_LABELS[subject as AdPlatform] ?? subject) : subject,
    lastAt,
    status: freshnessOf(KIND[source], lastAt === null ? null : new Date(lastAt), now),
  }));
}
