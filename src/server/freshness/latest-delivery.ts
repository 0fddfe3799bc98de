import type { DuckDBValue } from "@duckdb/node-api";
import type { DataSource } from "../../shared/admin/connections.ts";
import type { Queryable } from "../db/database.ts";

// The latest delivery per source, defined once: the dashboard, Instellingen › Koppelingen and the alerts
// all read it here and judge it with the one rule (freshness-rule.ts).
// - Cameras and tills: per active site (a site that never sent anything too: the silent camera), the newest
//   event time (read_at, occurred_at).
// - The website: the newest session start (started_at).
// - Each ad platform: when its figures were last written (updated_at, by the API or an import), not the
//   newest stat_date: a platform that sends today's figures sends them a day late at best.
// Times later than `now` (a sender's clock ahead) are left out.
// The newest fact per site is looked for only from the hour where the hourly sums (plate_reads_hourly,
// sales_hourly) say every site last had one, so the scan skips the history: of each site's newest complete
// hour with facts (all of them at or before now), the earliest. Those hours are looked for in the last
// LOOKBACK only, so the hourly sums' history is skipped too (their row groups are in time order); a site
// without one there (quiet for a week, or never heard of) is looked for in all facts. Either way the bound
// lies at or before every site's newest fact, so the answer is the same.

export interface LatestDelivery {
  source: DataSource;
  /** The site of a camera or till; null for the website and the ad platforms. */
  siteId: number | null;
  /** Site name, ad platform code (`google_ads`) or `Website`. */
  name: string;
  /** ISO instant of the latest delivery; null: never. */
  lastAt: string | null;
}

export interface DeliveryScope {
  now: Date;
  /** Active sites to look at; empty or absent: all of them. */
  siteIds?: readonly number[];
  /** One camera's reads only (plate reads). */
  camera?: string | null;
}

/** How far back the hourly sums are searched for each site's newest complete hour with facts. */
const LOOKBACK = "7 DAYS";

const FACTS = {
  "plate-reads": { table: "plate_reads", time: "read_at", hourly: "plate_reads_hourly" },
  transactions: { table: "transactions", time: "occurred_at", hourly: "sales_hourly" },
} as const;

type SiteSource = keyof typeof FACTS;

function paramsOf(scope: DeliveryScope) {
  const params: Record<string, DuckDBValue> = { now: scope.now.toISOString() };
  const ids = scope.siteIds ?? [];
  const names = ids.map((id, i) => {
    params[`site_${i}`] = id;
    return `$site_${i}`;
  });
  if (scope.camera) params.camera = scope.camera;
  const sites = `SELECT id, name FROM sites WHERE active${ids.length ? ` AND id IN (${names.join(", ")})` : ""}`;
  return { params, sites };
}

/** The bound the facts are scanned from (see the top of the file). */
function sinceSql(source: SiteSource, scope: DeliveryScope, sites: string): string {
  const { hourly } = FACTS[source];
  const camera = scope.camera && source === "plate-reads" ? " AND camera = $camera" : "";
  return `(SELECT CASE WHEN count(h.site_id) = count(*) THEN min(h.last_hour)
      ELSE '-infinity'::TIMESTAMPTZ END
    FROM (${sites}) s LEFT JOIN (
      SELECT site_id, max(hour_start) AS last_hour FROM ${hourly}
      WHERE hour_start <= $now::TIMESTAMPTZ - INTERVAL 1 HOUR
        AND hour_start > $now::TIMESTAMPTZ - INTERVAL ${LOOKBACK}${camera} GROUP BY site_id
    ) h ON h.site_id = s.id)`;
}

function siteDeliveriesSql(source: SiteSource, scope: DeliveryScope, sites: string): string {
  const { table, time } = FACTS[source];
  const camera = scope.camera && source === "plate-reads" ? " AND camera = $camera" : "";
  const since = sinceSql(source, scope, sites);
  return `SELECT '${source}' AS source, s.id AS "siteId", s.name, f.latest AS "lastAt"
  FROM (${sites}) s LEFT JOIN (SELECT site_id, max(${time}) AS latest FROM ${table}
    WHERE ${time} <= $now::TIMESTAMPTZ AND ${time} >= ${since}${camera} GROUP BY site_id) f ON f.site_id = s.id`;
}

/** The SQL of every source's latest delivery, in the order cameras, tills, website, ad platforms. */
export function latestDeliverySql(scope: DeliveryScope) {
  const { params, sites } = paramsOf(scope);
  const text = `SELECT * FROM (
${siteDeliveriesSql("plate-reads", scope, sites)}
UNION ALL
${siteDeliveriesSql("transactions", scope, sites)}
UNION ALL
SELECT 'website', NULL, 'Website', max(started_at) FROM web_sessions WHERE started_at <= $now::TIMESTAMPTZ
UNION ALL
SELECT 'ad-stats', NULL, platform, max(updated_at) FROM ad_stats_daily WHERE updated_at <= $now::TIMESTAMPTZ
  GROUP BY platform
) ORDER BY CASE source WHEN 'plate-reads' THEN 1 WHEN 'transactions' THEN 2 WHEN 'website' THEN 3 ELSE 4 END,
  name`;
  return { text, params };
}

/** Every source's latest delivery (latestDeliverySql). */
export function latestDeliveries(db: Queryable, scope: DeliveryScope): Promise<LatestDelivery[]> {
  const { text, params } = latestDeliverySql(scope);
  return db.query<LatestDelivery>(text, params);
}

/** One site source's latest delivery per active site of the scope, by site id. */
export function latestSiteDeliveries(
  db: Queryable,
  source: SiteSource,
  scope: DeliveryScope,
): Promise<LatestDelivery[]> {
  const { params, sites } = paramsOf(scope);
  const text = `${siteDeliveriesSql(source, scope, sites)} ORDER BY s.id`;
  return db.query<LatestDelivery>(text, params);
}

export interface CameraDelivery extends LatestDelivery {
  camera: string;
}

/**
 * The latest read per camera of the scope's active sites. A camera is known from the hourly sums' whole
 * history (small: a row per camera per hour) or from a read since the bound. The reads are scanned from the
 * bound only: the earliest of the sites' bound (as for a site's latest delivery: all facts when a site has no
 * recent hourly sums, as before the first round of the refresher) and every known camera's newest complete
 * hour at or before now − 1 hour (a camera quiet for months at a busy site), so it lies at or before every
 * camera's newest read.
 */
export function latestCameraDeliveries(db: Queryable, scope: DeliveryScope): Promise<CameraDelivery[]> {
  const { params, sites } = paramsOf(scope);
  const text = `WITH s AS (${sites}),
hourly AS (
  SELECT site_id, camera, max(hour_start) FILTER (WHERE hour_start <= $now::TIMESTAMPTZ - INTERVAL 1 HOUR) AS last_hour
  FROM plate_reads_hourly WHERE site_id IN (SELECT id FROM s) GROUP BY ALL
),
bound AS (
  SELECT least(coalesce(min(last_hour), 'infinity'::TIMESTAMPTZ), ${sinceSql("plate-reads", { now: scope.now }, "SELECT * FROM s")}) AS since
  FROM hourly
),
reads AS (
  SELECT site_id, camera, max(read_at) AS latest FROM plate_reads
  WHERE read_at <= $now::TIMESTAMPTZ AND read_at >= (SELECT since FROM bound) AND site_id IN (SELECT id FROM s)
  GROUP BY ALL
)
SELECT 'plate-reads' AS source, s.id AS "siteId", s.name, c.camera, r.latest AS "lastAt"
FROM s JOIN (SELECT site_id, camera FROM hourly UNION SELECT site_id, camera FROM reads) c ON c.site_id = s.id
  LEFT JOIN reads r ON r.site_id = c.site_id AND r.camera = c.camera
ORDER BY s.id, c.camera`;
  return db.query<CameraDelivery>(text, params);
}
