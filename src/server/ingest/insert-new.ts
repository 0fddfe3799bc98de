import { BIGINT, type DuckDBConnection } from "@duckdb/node-api";
import type { Database } from "../db/database.ts";
import { serialized } from "./serialize.ts";
import type { BoundRelation } from "./unnest.ts";

export interface NewRows {
  /**
   * A fact table keyed by its sender's event id: plate_reads and transactions per site (site_id, event_id),
   * membership_events across the chain (event_id), as `key` says; appended in time order.
   */
  table: "plate_reads" | "transactions" | "membership_events";
  key: "site_id, event_id" | "event_id";
  timeColumn: "read_at" | "occurred_at";
  /** The batch's times in epoch microseconds, to narrow the duplicate check. */
  times: bigint[];
  relation: BoundRelation;
  /** Extra SELECT columns before the batch's own, e.g. a generated id. */
  generated?: string;
  /** Runs in the same transaction after the insert, with what RETURNING gave back. */
  after?: (connection: DuckDBConnection, returned: Record<string, unknown>[]) => Promise<void>;
  returning?: string;
}

// A retry carries the same rows, so its duplicates lie within the batch's own time span: limiting the
// anti-join to that span lets DuckDB skip every row group outside it (zonemaps), which keeps the check
// cheap however large the table grows. Should a sender reuse an event id with another time, the UNIQUE
// constraint refuses the insert and the batch is checked once more against the whole table.
const DUPLICATE_KEY = /Duplicate key|violates unique constraint/i;

/**
 * Inserts the rows of `relation` whose key is not stored yet, with `after`, in one
 * transaction that has committed when this resolves; returns how many were inserted.
 */
export function insertNew(db: Database, rows: NewRows): Promise<number> {
  if (rows.times.length === 0) return Promise.resolve(0);
  let min = rows.times[0];
  let max = rows.times[0];
  for (const time of rows.times) {
    if (time < min) min = time;
    if (time > max) max = time;
  }
  const n = rows.relation.values.length;
  const attempt = (windowed: boolean) => {
    const window = windowed
      ? `WHERE ${rows.timeColumn} BETWEEN make_timestamptz($${n + 1}) AND make_timestamptz($${n + 2})`
      : "";
    const sql = `INSERT INTO ${rows.table} BY NAME
      SELECT ${rows.generated ? `${rows.generated}, ` : ""}b.* FROM ${rows.relation.sql} b
      ANTI JOIN (SELECT ${rows.key} FROM ${rows.table} ${window}) stored USING (${rows.key})
      ${rows.returning ? `RETURNING ${rows.returning}` : ""}`;
    const { values, types } = rows.relation;
    const work = async (connection: DuckDBConnection) => {
      const reader = windowed
        ? await connection.runAndReadAll(sql, [...values, min, max], [...types, BIGINT, BIGINT])
        : await connection.runAndReadAll(sql, values, types);
      const returned = rows.returning ? reader.getRowObjectsJS() : [];
      await rows.after?.(connection, returned as Record<string, unknown>[]);
      return rows.returning ? returned.length : reader.rowsChanged;
    };
    // A lone INSERT is its own transaction (auto-commit: committed when it returns); skipping BEGIN and
    // COMMIT saves two round trips to DuckDB's threads, which is a third of a plate-read batch's time.
    return rows.after ? db.transaction((_tx, connection) => work(connection)) : db.withConnection(work);
  };
  return serialized(db, rows.table, () =>
    attempt(true).catch((error: Error) => {
      if (!DUPLICATE_KEY.test(error.message)) throw error;
      return attempt(false);
    }),
  );
}
