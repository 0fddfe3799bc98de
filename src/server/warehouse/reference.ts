import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { type DerivedDeclaration, rebuildEvery } from "./derived-tables.ts";
import { factViews, type Watermark } from "./watermark.ts";

// The reference mode: what a report says from the facts alone. A fresh in-memory database gets `db`'s facts
// as of a watermark and its settings (sites, items, promotions, …), copied in one snapshot, and no row of any
// derived table or bookkeeping: every derived table is built there from nothing, in one go. A report run on
// it has read no kept sum of the live database, so any difference from the same report on the live one is
// the incremental catch-ups' doing (tests/support/rebuild-property.ts holds them equal).

/** Tables that another table's foreign keys point at come first, so that the copies insert in order. */
async function tablesInKeyOrder(db: Database, skip: ReadonlySet<string>): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      "SELECT table_name AS name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND NOT temporary ORDER BY name",
    )
  )
    .map((row) => row.name)
    .filter((name) => !skip.has(name));
  const keys = await db.query<{ child: string; parent: string }>(
    "SELECT table_name AS child, referenced_table AS parent FROM duckdb_constraints() WHERE constraint_type = 'FOREIGN KEY' AND database_name = current_database()",
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const key of keys) if (key.child === table && key.parent !== table) visit(key.parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered.filter((table) => tables.includes(table));
}

/**
 * A database with `db`'s facts up to `watermark` (fact tables it does not name: all their rows) and every
 * other non-derived table as it is, every derived table built from nothing. The caller closes it.
 */
export async function referenceDatabase(
  db: Database,
  declarations: readonly DerivedDeclaration[],
  watermark: Watermark,
): Promise<Database> {
  const derived = new Set(declarations.flatMap((d) => [...d.tables, d.bookkeeping.state]));
  const tables = await tablesInKeyOrder(db, new Set([...derived, "schema_migrations"]));
  const cut = await factViews(db, watermark);
  const dir = mkdtempSync(join(tmpdir(), "wasbord-reference-"));
  const reference = await Database.open(":memory:");
  try {
    await db.snapshot(async (tx) => {
      for (const table of tables) {
        const rows = cut[table]
          ? `SELECT * EXCLUDE (rowid) FROM (${cut[table].select})`
          : `SELECT * FROM ${table}`;
        await tx.query(`COPY (${rows}) TO '${join(dir, `${table}.parquet`)}' (FORMAT parquet)`);
      }
    });
    await migrate(reference);
    await reference.transaction(async (tx) => {
      // what the migrations put in (seeded settings) makes way for the live database's rows
      for (const table of [...tables].reverse()) await tx.run(`DELETE FROM ${table}`);
      for (const table of tables) {
        await tx.run(
          `INSERT INTO ${table} BY NAME SELECT * FROM read_parquet('${join(dir, `${table}.parquet`)}')`,
        );
      }
    });
    await rebuildEvery(reference, declarations);
    return reference;
  } catch (error) {
    await reference.close();
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
