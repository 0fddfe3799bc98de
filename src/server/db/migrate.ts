import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./database.ts";

const migrationsDir = join(import.meta.dirname, "migrations");

/** Applies every numbered migration not applied yet, each in its own transaction, and records it. */
export async function migrate(db: Database, log: (line: string) => void = () => {}): Promise<string[]> {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  const applied = new Set(
    (await db.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => r.version),
  );
  const files = readdirSync(migrationsDir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort();
  const done: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    if (applied.has(version)) continue;
    const sql = readFileSync(join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.run(sql);
      await tx.run("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [version, file]);
    });
    log(`migration ${file} applied`);
    done.push(file);
  }
  return done;
}
