import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./database.ts";

const migrationsDir = join(import.meta.dirname, "migrations");

/** Migration files in the order they apply: `NNN-name.sql`. */
function migrationFiles(): { version: number; file: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), file }));
}

/** The migrations not applied to `db` yet (all of them for an empty database). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const [{ present }] = await db.query<{ present: number }>(
    "SELECT count(*) AS present FROM duckdb_tables() WHERE table_name = 'schema_migrations' AND database_name = current_database()",
  );
  const applied = new Set(
    present
      ? (await db.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => r.version)
      : [],
  );
  return migrationFiles()
    .filter(({ version }) => !applied.has(version))
    .map(({ file }) => file);
}

/**
 * Applies every numbered migration not applied yet, each in its own transaction, records it, and
 * checkpoints after each one: a migration's DDL must never wait in the write-ahead log (see wal-recovery.ts).
 * `checkpointEach: false` is for a copy that a crash throws away (open-database.ts): its caller checkpoints
 * once at the end instead.
 */
export async function migrate(
  db: Database,
  log: (line: string) => void = () => {},
  { checkpointEach = true } = {},
): Promise<string[]> {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  const pending = new Set(await pendingMigrations(db));
  const done: string[] = [];
  for (const { version, file } of migrationFiles()) {
    if (!pending.has(file)) continue;
    const sql = readFileSync(join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.run(sql);
      await tx.run("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [version, file]);
    });
    if (checkpointEach) await db.checkpoint();
    log(`migration ${file} applied`);
    done.push(file);
  }
  return done;
}
