import type { Queryable } from "../db/database.ts";
import { aheadOfWatermark, countOf, serialised, type TableCount } from "./derived-sync.ts";
import type { DerivedDeclaration } from "./derived-tables.ts";

// Tables the reports derive from append-only facts by adding (hourly sums): before a report reads one, the
// facts that arrived since the last time are added to it, in one transaction with its bookkeeping.

export interface DerivedTables {
  /** The one-row table with a column per fact table: the rows already taken into account. */
  state: string;
  /** Column of `state` → the fact table it counts. */
  facts: Record<string, string>;
  /** The derived tables, emptied when the facts were rewritten (rowids no longer tell what is new). */
  tables: string[];
  /** Adds the fact rows with rowid ≥ `from[column]` to the derived tables. */
  add: (tx: Queryable, from: Record<string, number>) => Promise<void>;
}

/**
 * Empties derived tables and their bookkeeping inside the caller's transaction: the next sync works them out
 * again from all facts. For a change to the facts that the row bookkeeping cannot see (a plate erased).
 */
export async function emptyDerived(tx: Queryable, derived: DerivedTables): Promise<void> {
  for (const table of derived.tables) await tx.run(`DELETE FROM ${table}`);
  const columns = Object.keys(derived.facts);
  await tx.run(`UPDATE ${derived.state} SET ${columns.map((column) => `${column} = 0`).join(", ")}`);
}

/**
 * Brings derived tables up to date in one database transaction; calls for the same tables on one database
 * wait for one another. When nothing arrived it costs a count per fact table.
 */
export const syncDerived = (db: Queryable, derived: DerivedTables): Promise<void> =>
  serialised(
    db,
    derived.state,
    (database) => database.transaction((tx) => syncIn(tx, derived)),
    derived.facts,
  );

async function syncIn(tx: Queryable, derived: DerivedTables): Promise<void> {
  const columns = Object.keys(derived.facts);
  const [state] = await tx.query<Record<string, number>>(
    `SELECT ${columns.join(", ")} FROM ${derived.state}`,
  );
  // The usual answer, "nothing new", from the row counts DuckDB keeps without a scan (max(rowid) needs one).
  const [rows] = await tx.query<Record<string, number>>(
    `SELECT ${columns.map((column) => `(SELECT count(*) FROM ${derived.facts[column]}) AS ${column}`).join(", ")}`,
  );
  if (columns.every((column) => rows[column] === state[column])) return;
  if (columns.some((column) => aheadOfWatermark(rows[column], state[column]))) return;
  const counts: Record<string, TableCount> = {};
  for (const column of columns) counts[column] = await countOf(tx, derived.facts[column]);

  // Rows deleted from the facts leave gaps in the rowids: rows from `state` on then include some already
  // taken in, so the derived tables are worked out again from all facts.
  const appendOnly = columns.every(
    (column) => counts[column].rows === counts[column].next && counts[column].rows >= state[column],
  );
  if (!appendOnly) {
    for (const table of derived.tables) await tx.run(`DELETE FROM ${table}`);
    for (const column of columns) state[column] = 0;
  }
  await derived.add(tx, state);
  const set = columns.map((column) => `${column} = $${column}`).join(", ");
  await tx.run(
    `UPDATE ${derived.state} SET ${set}, synced_at = now()`,
    Object.fromEntries(columns.map((column) => [column, counts[column].rows])),
  );
}

/**
 * The declaration (warehouse/derived-tables.ts) of tables kept by syncDerived, with `sync` the module's
 * exported `(db) => syncDerived(db, derived)`, so that the reports' `syncs` name the declared function.
 */
export const declareDerived = (
  derived: DerivedTables,
  sync: DerivedDeclaration["sync"],
  declaration: Pick<DerivedDeclaration, "name" | "plateColumns" | "erase">,
): DerivedDeclaration => ({
  ...declaration,
  follows: Object.values(derived.facts),
  tables: derived.tables,
  bookkeeping: { state: derived.state, facts: derived.facts },
  sync,
  reset: (tx) => emptyDerived(tx, derived),
});
