import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Database } from "../../src/server/db/database.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { migratedDatabase } from "./migrated-database.ts";

// A copy of the template must be exactly what migrate() builds: the same tables with the same definitions,
// views with the same columns, the same rows the migrations insert, and each sequence where the migrations
// left it. Only when each migration ran differs (applied_at, and synced_at of report tables that hold no
// facts yet); DuckDB writes a copied view's text again (a join as "," for "CROSS JOIN"), so views are
// compared by their columns.

const dir = mkdtempSync(join(tmpdir(), "wasbord-template-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function catalogue(db: Database) {
  const own = "database_name = current_database()";
  const tables = await db.query<{ name: string; sql: string }>(
    `SELECT schema_name || '.' || table_name AS name, sql FROM duckdb_tables() WHERE ${own} ORDER BY name`,
  );
  const rows: Record<string, unknown> = {};
  const notWhen = "COLUMNS(c -> c NOT IN ('applied_at', 'synced_at'))";
  for (const { name } of tables) rows[name] = await db.query(`SELECT ${notWhen} FROM ${name} ORDER BY ALL`);
  return {
    tables,
    rows,
    columns: await db.query(
      `SELECT table_name, column_name, data_type, column_default, is_nullable FROM duckdb_columns()
       WHERE ${own} ORDER BY table_name, column_index`,
    ),
    views: await db.query(`SELECT view_name FROM duckdb_views() WHERE ${own} AND NOT internal ORDER BY 1`),
    sequences: await db.query(
      `SELECT sequence_name, start_value, increment_by, last_value FROM duckdb_sequences() WHERE ${own}
       ORDER BY sequence_name`,
    ),
    macros: await db.query(
      `SELECT function_name FROM duckdb_functions() WHERE ${own} AND NOT internal ORDER BY function_name`,
    ),
    indexes: await db.query(`SELECT index_name, sql FROM duckdb_indexes() WHERE ${own} ORDER BY index_name`),
  };
}

describe("migrated test databases", () => {
  it("a copy in memory or in a file is the database the migrations build", async () => {
    const migrated = await Database.open(":memory:");
    await migrate(migrated);
    const expected = await catalogue(migrated);
    await migrated.close();
    // Without rows from the migrations, the comparison of rows and sequences would prove nothing.
    expect(expected.tables.length).toBeGreaterThan(50);
    expect((expected.rows["main.schema_migrations"] as unknown[]).length).toBeGreaterThan(40);

    for (const path of [":memory:", join(dir, "copy.duckdb")]) {
      const copy = await migratedDatabase(path);
      const actual = await catalogue(copy);
      await copy.close();
      expect(actual, path).toEqual(expected);
    }
  });
});
