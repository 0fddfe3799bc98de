import { createHash } from "node:crypto";
import {
  BIGINT,
  DOUBLE,
  type DuckDBType,
  type DuckDBValue,
  listValue,
  TINYINT,
  VARCHAR,
} from "@duckdb/node-api";
import { type AdStatRow, adStatKey } from "../../shared/ad-stats.ts";
import type { AdStatIngestRow } from "../../shared/ingest.ts";
import type { Database } from "../db/database.ts";
import { serialized } from "./serialize.ts";
import { type BatchColumn, unnestRelation } from "./unnest.ts";

// Ad statistics are identified by their natural key (adStatKey), stored as its SHA-256 (see migration 003):
// identical figures for a key stored before are a duplicate, different ones replace them, because the
// platforms revise a day's numbers as late conversions come in.

export const adStatKeySha256 = (row: AdStatRow): string =>
  createHash("sha256").update(adStatKey(row)).digest("hex");

export interface AdStatsStored {
  inserted: number;
  updated: number;
  duplicates: number;
}

type Row = AdStatRow & { eventId?: string };

const FIGURES = [
  ["impressions", "impressions"],
  ["reach", "reach"],
  ["clicks", "clicks"],
  ["spend_cents", "spendCents"],
  ["conversions", "conversions"],
  ["conversion_value_cents", "conversionValueCents"],
  ["quality_score", "qualityScore"],
] as const;

const bigint = (value: number | null) => (value === null ? null : BigInt(value));

/** The ad_stats_daily columns of `rows`, keyed by `keys` (their adStatKeySha256), for one unnest insert. */
export function adStatColumns(rows: Row[], keys: string[] = rows.map(adStatKeySha256)): BatchColumn[] {
  const column = (name: string, type: DuckDBType, pick: (row: Row) => DuckDBValue, convert?: string) => ({
    name,
    type,
    values: rows.map(pick),
    convert,
  });
  return [
    { name: "key_sha256", type: VARCHAR, values: keys },
    column("platform", VARCHAR, (row) => row.platform),
    column("account", VARCHAR, (row) => row.account),
    column("stat_date", VARCHAR, (row) => row.date, "CAST(? AS DATE)"),
    column("campaign", VARCHAR, (row) => row.campaign),
    column("ad_group", VARCHAR, (row) => row.adGroup),
    column("ad", VARCHAR, (row) => row.ad),
    column("keyword", VARCHAR, (row) => row.keyword),
    column("match_type", VARCHAR, (row) => row.matchType),
    column("quality_score", TINYINT, (row) => row.qualityScore),
    column("affiliate", VARCHAR, (row) => row.affiliate),
    column("impressions", BIGINT, (row) => bigint(row.impressions)),
    column("reach", BIGINT, (row) => bigint(row.reach)),
    column("clicks", BIGINT, (row) => bigint(row.clicks)),
    column("spend_cents", BIGINT, (row) => bigint(row.spendCents)),
    column("conversions", DOUBLE, (row) => row.conversions),
    column("conversion_value_cents", BIGINT, (row) => bigint(row.conversionValueCents)),
    column("event_id", VARCHAR, (row) => row.eventId ?? null),
  ];
}

/**
 * Stores ad statistics in one transaction: new keys are inserted, changed figures replace the stored ones,
 * unchanged ones are duplicates. Used by POST /api/ingest/ad-stats and by the CSV import.
 */
export function storeAdStats(db: Database, rows: (AdStatRow | AdStatIngestRow)[]): Promise<AdStatsStored> {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = adStatKeySha256(row);
    if (!byKey.has(key)) byKey.set(key, row);
  }
  const inBatchDuplicates = rows.length - byKey.size;
  if (byKey.size === 0) return Promise.resolve({ inserted: 0, updated: 0, duplicates: inBatchDuplicates });

  return serialized(db, "ad_stats_daily", () =>
    db.transaction(async (tx, connection) => {
      const stored = await tx.query<Record<string, number | null> & { key_sha256: string }>(
        `SELECT key_sha256, ${FIGURES.map(([column]) => column).join(", ")}
         FROM ad_stats_daily WHERE key_sha256 IN (SELECT unnest($1))`,
        [listValue([...byKey.keys()])],
      );
      const storedByKey = new Map(stored.map((row) => [row.key_sha256, row]));
      const fresh: [string, Row][] = [];
      const changed: [string, Row][] = [];
      for (const [key, row] of byKey) {
        const before = storedByKey.get(key);
        if (!before) fresh.push([key, row]);
        else if (FIGURES.some(([column, field]) => before[column] !== row[field])) changed.push([key, row]);
      }
      if (fresh.length > 0) {
        const relation = unnestRelation(
          adStatColumns(
            fresh.map(([, row]) => row),
            fresh.map(([key]) => key),
          ),
        );
        await connection.run(
          `INSERT INTO ad_stats_daily BY NAME SELECT *, now() AS updated_at FROM ${relation.sql}`,
          relation.values,
          relation.types,
        );
      }
      if (changed.length > 0) {
        const relation = unnestRelation(
          adStatColumns(
            changed.map(([, row]) => row),
            changed.map(([key]) => key),
          ),
        );
        const assignments = [...FIGURES.map(([column]) => column), "event_id"].map((c) => `${c} = u.${c}`);
        await connection.run(
          `UPDATE ad_stats_daily SET ${assignments.join(", ")}, updated_at = now()
           FROM ${relation.sql} u WHERE ad_stats_daily.key_sha256 = u.key_sha256`,
          relation.values,
          relation.types,
        );
      }
      return {
        inserted: fresh.length,
        updated: changed.length,
        duplicates: inBatchDuplicates + byKey.size - fresh.length - changed.length,
      };
    }),
  );
}
