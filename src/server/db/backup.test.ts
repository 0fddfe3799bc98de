import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { exportBackup } from "./backup.ts";
import { Database } from "./database.ts";

// A backup is restored with IMPORT DATABASE (scripts/restore.ts): its load script may name only the tables its
// schema creates. A pooled connection can hold temporary tables (the tracking batches' staging).

const dir = mkdtempSync(join(tmpdir(), "wasbord-backup-"));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("restores a backup taken while the pool's connection holds a temporary table", async () => {
  const db = await Database.open(join(dir, "kept.duckdb"), 1);
  await db.run("CREATE TABLE visits (plate VARCHAR)");
  await db.run("INSERT INTO visits VALUES ('GBB01B')");
  await db.withConnection((connection) => connection.run("CREATE TEMP TABLE staging (plate VARCHAR)"));
  const backup = await exportBackup(db, join(dir, "backups"));
  await db.close();
  expect(readFileSync(join(backup, "load.sql"), "utf8")).not.toContain("staging");

  const restored = await Database.open(join(dir, "restored.duckdb"), 1);
  try {
    await restored.run(`IMPORT DATABASE '${backup}'`);
    expect(await restored.query("SELECT plate FROM visits")).toEqual([{ plate: "GBB01B" }]);
  } finally {
    await restored.close();
  }
});
