import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "../../src/server/db/database.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { TEMPLATE_ENV } from "./migrated-database.ts";

// Vitest's global setup: the migrated database the tests copy (migrated-database.ts), built once per run.
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "wasbord-template-"));
  const path = join(dir, "template.duckdb");
  const db = await Database.open(path, 1);
  await migrate(db);
  await db.close();
  // Read by migrated-database.ts in the test workers, which inherit the environment.
  process.env[TEMPLATE_ENV] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}
