import type { DataSource, Freshness, FreshnessRow } from "../../shared/admin/connections.ts";
import type { Queryable } from "../db/database.ts";

// How long a source may be quiet before it is worth a look ("vertraagd") and before it is surely broken
// ("stil"). A car wash is closed at night, so cameras and tills get a night's margin before "stil"; ad
// platforms report whole days, a day late.
const THRESHOLDS_HOURS: Record<DataSource, { late: number; silent: number }> = {
  "plate-reads": { late: 3, silent: 24 },
  transactions: { late: 3, silent: 24 },
  "ad-stats": { late: 36, silent: 72 },
  website: { late: 3, silent: 24 },
};

export function freshness(source: DataSource, lastAt: string | null, now = Date.now()): Freshness {
  if (!lastAt) return "stil";
  const hours = (now - Date.parse(lastAt)) / 3_600_000;
  const limits = THRESHOLDS_HOURS[source];
  return hours >= limits.silent ? "stil" : hours >= limits.late ? "vertraagd" : "actueel";
}

const AD_PLATFORMS: Record<string, string> = {
  facebook: "Facebook",
  google_ads: "Google Ads",
  marktplaats: "Marktplaats",
  affiliate: "Affiliates",
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
  const now = Date.now();
  return rows.map(({ source, subject, lastAt }) => ({
    source,
    subject: source === "ad-stats" ? (AD_PLATFORMS[subject] ?? subject) : subject,
    lastAt,
    status: freshness(source, lastAt, now),
  }));
}
