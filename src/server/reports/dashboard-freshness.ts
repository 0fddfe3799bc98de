import type { DuckDBValue } from "@duckdb/node-api";
import { FRESHNESS_LABELS, type FreshnessKind } from "../../shared/freshness.ts";
import type { Table } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { freshnessOf } from "../freshness/freshness-rule.ts";
import type { ReportFilters } from "./filters.ts";
import { siteCondition } from "./sql.ts";

// Data freshness on the dashboard: when each source last delivered something, so an operator sees a
// camera, till or import that stopped before trusting the figures. Plate reads and sales per site; the
// website and each ad platform for the chain (a day of ad figures counts as delivered at its end, or now
// for today's). Facts stamped later than now (clock drift) are left out.
// The newest fact per site is looked for only from the hour where the hourly sums (plate_reads_hourly,
// sales_hourly) say every site last had one, so the scan skips the history: of each site's newest complete
// hour with facts (all of them at or before now), the earliest. Those hours are looked for in the last
// LOOKBACK only, so the hourly sums' history is skipped too (their row groups are in time order); a site
// without one there (quiet for a week, or never heard of) is looked for in all facts. Either way the bound
// lies at or before every site's newest fact, so the answer is the same.

interface FreshRow {
  source: string;
  name: string;
  latest: string | null;
}

/** How far back the hourly sums are searched for each site's newest complete hour with facts. */
const LOOKBACK = "7 DAYS";

/** Cameras and tills by the opening hours they have been quiet, the rest by the clock: the one rule. */
const KIND: Record<string, FreshnessKind> = {
  Kentekenlezingen: "site",
  Transacties: "site",
  Website: "website",
  Advertenties: "ads",
};

export function freshnessSql(filters: ReportFilters) {
  const params: Record<string, DuckDBValue> = { now: filters.now.toISOString() };
  const site = siteCondition("s.id", filters.sites, params)
    .map((condition) => `AND ${condition}`)
    .join("");
  const since = (hourly: string) => `(SELECT CASE WHEN count(h.site_id) = count(*) THEN min(h.last_hour)
      ELSE '-infinity'::TIMESTAMPTZ END
    FROM sites s LEFT JOIN (
      SELECT site_id, max(hour_start) AS last_hour FROM ${hourly}
      WHERE hour_start <= $now::TIMESTAMPTZ - INTERVAL 1 HOUR
        AND hour_start > $now::TIMESTAMPTZ - INTERVAL ${LOOKBACK} GROUP BY site_id
    ) h ON h.site_id = s.id WHERE s.active ${site})`;
  const latest = (table: string, time: string, hourly: string) =>
    `(SELECT site_id, max(${time}) AS latest FROM ${table}
    WHERE ${time} <= $now::TIMESTAMPTZ AND ${time} >= ${since(hourly)} GROUP BY site_id)`;
  const text = `SELECT 1 AS position, 'Kentekenlezingen' AS source, s.name, r.latest
  FROM sites s LEFT JOIN ${latest("plate_reads", "read_at", "plate_reads_hourly")} r ON r.site_id = s.id WHERE s.active ${site}
UNION ALL
SELECT 2, 'Transacties', s.name, t.latest
  FROM sites s LEFT JOIN ${latest("transactions", "occurred_at", "sales_hourly")} t ON t.site_id = s.id WHERE s.active ${site}
UNION ALL
SELECT 3, 'Website', 'Alle vestigingen', max(started_at) FROM web_sessions WHERE started_at <= $now::TIMESTAMPTZ
UNION ALL
SELECT 4, 'Advertenties', CASE platform WHEN 'facebook' THEN 'Facebook' WHEN 'google_ads' THEN 'Google Ads'
    WHEN 'marktplaats' THEN 'Marktplaats' ELSE 'Affiliates' END,
  least(timezone('Europe/Amsterdam', (max(stat_date) + 1)::TIMESTAMP), $now::TIMESTAMPTZ)
  FROM ad_stats_daily WHERE stat_date <= $now::TIMESTAMPTZ::DATE GROUP BY platform
ORDER BY position, name`;
  return {
    text,
    params,
  };
}

export async function freshnessTable(db: Queryable, filters: ReportFilters): Promise<Table> {
  const { text, params } = freshnessSql(filters);
  const rows = await db.query<FreshRow>(text, params);

  return {
    key: "freshness",
    label: "Actualiteit van de gegevens",
    columns: [
      { key: "source", label: "Bron", type: "text" },
      { key: "name", label: "Vestiging of platform", type: "text" },
      { key: "latest", label: "Laatste gegevens", type: "datetime" },
      { key: "age", label: "Ouderdom", type: "seconds", good: "down" },
      { key: "status", label: "Status", type: "text" },
    ],
    rows: rows.map((row) => {
      const latest = row.latest === null ? null : new Date(row.latest);
      const age =
        latest === null ? null : Math.max(0, Math.round((filters.now.getTime() - latest.getTime()) / 1000));
      const status = FRESHNESS_LABELS[freshnessOf(KIND[row.source], latest, filters.now)];
      return { source: row.source, name: row.name, latest: row.latest, age, status };
    }),
    totals: null,
  };
}
