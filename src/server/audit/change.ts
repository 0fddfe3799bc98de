import type { DuckDBValue } from "@duckdb/node-api";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { type AuditRecord, writeAudit } from "./audit.ts";
import { type EntityKind, notFound, staleVersion } from "./change-errors.ts";

export type Audit = (record: AuditRecord) => Promise<void>;
export type Columns = Record<string, DuckDBValue>;

// Admin changes run one at a time per database. Rules that look at other rows — "is there another active
// beheerder?", "is this code free?" — would otherwise race: two beheerders demoting each other at the same
// moment would each see the other still active (write skew). Admin writes are rare, so a queue costs nothing.
const queues = new WeakMap<Database, Promise<unknown>>();

/**
 * Runs one admin change in a transaction, after the previous one finished, with an `audit` function that
 * writes to the audit log in that same transaction.
 */
export function adminChange<T>(
  db: Database,
  actorEmail: string,
  work: (tx: Queryable, audit: Audit) => Promise<T>,
): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.then(() =>
    db.transaction((tx) => work(tx, (record) => writeAudit(tx, actorEmail, record))).catch(translateConflict),
  );
  queues.set(
    db,
    run.catch(() => {}),
  );
  return run;
}

// DuckDB aborts the second of two transactions writing the same row; to a person that is a stale save.
function translateConflict(error: unknown): never {
  if (error instanceof Error && /conflict on (update|tuple)/i.test(error.message)) {
    throw new ApiError(409, "conflict", "Iemand anders wijzigde dit tegelijk. Laad de gegevens opnieuw.");
  }
  throw error;
}

/** The current row, checked against the version the caller saw: 404 when gone, 409 when changed since. */
export async function currentRow<T extends { version: number }>(
  load: () => Promise<T | undefined>,
  kind: EntityKind,
  version: number,
): Promise<T> {
  const row = await load();
  if (!row) throw notFound(kind);
  if (row.version !== version) throw staleVersion(kind);
  return row;
}

export type VersionedTable = "app_users" | "items" | "promotions" | "sites" | "alert_rules";

// Table and column names below come from the calling module's code, never from a request.

export async function insertRow(tx: Queryable, table: VersionedTable, columns: Columns): Promise<number> {
  const names = Object.keys(columns);
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})
     RETURNING id`,
    names.map((name) => columns[name]),
  );
  return id;
}

/** Updates the given columns and bumps the version, only if the row still has `version`. */
export async function updateVersioned(
  tx: Queryable,
  table: VersionedTable,
  kind: EntityKind,
  id: number,
  version: number,
  columns: Columns,
): Promise<void> {
  const names = Object.keys(columns);
  const sets = names.map((name, i) => `${name} = $${i + 3}`).join(", ");
  // No RETURNING: DuckDB executes an UPDATE … RETURNING as delete + insert, which fails for a row that
  // other rows refer to by foreign key. A plain UPDATE answers with the number of rows it changed.
  const [{ Count: changed }] = await tx.query<{ Count: number }>(
    `UPDATE ${table} SET ${sets}, version = version + 1 WHERE id = $1 AND version = $2`,
    [id, version, ...names.map((name) => columns[name])],
  );
  if (changed === 0) throw staleVersion(kind);
}
