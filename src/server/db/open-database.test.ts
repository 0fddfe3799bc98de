import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listBackups, pruneBackups } from "./backup.ts";
import { Database } from "./database.ts";
import { pendingMigrations } from "./migrate.ts";
import { openMigratedDatabase } from "./open-database.ts";

const dir = mkdtempSync(join(tmpdir(), "wasbord-open-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const migrationsDir = join(import.meta.dirname, "migrations");
const files = readdirSync(migrationsDir)
  .filter((file) => file.endsWith(".sql"))
  .sort();

const applied = async (path: string) => {
  const db = await Database.open(path, 1);
  const [{ n }] = await db.query<{ n: number }>("SELECT count(*) AS n FROM schema_migrations");
  await db.close();
  return n;
};

describe("openMigratedDatabase", () => {
  it("builds a new database with every migration and takes no snapshot of nothing", async () => {
    const path = join(dir, "new.duckdb");
    const db = await openMigratedDatabase(path, { snapshotDir: join(dir, "new-backups") });
    expect(await pendingMigrations(db)).toEqual([]);
    await db.close();
    expect(readdirSync(dir).filter((name) => name.startsWith("new"))).toEqual(["new.duckdb"]);
  });

  it("gives the engine the memory limit asked for, and an allocator that hands freed memory back", async () => {
    const db = await openMigratedDatabase(join(dir, "limited.duckdb"), { memoryLimitMb: 300 });
    const [{ limit, purging }] = await db.query<{ limit: string; purging: boolean }>(
      "SELECT current_setting('memory_limit') AS limit, current_setting('allocator_background_threads') AS purging",
    );
    await db.close();
    expect(limit).toBe("300.0 MiB");
    expect(purging).toBe(true);
  });

  it("keeps the file as it was before migrations as a snapshot", async () => {
    const path = join(dir, "old.duckdb");
    const snapshots = join(dir, "old-backups");
    // An installation from before the last migration: every file but the last applied.
    const old = await Database.open(path, 1);
    await old.run("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL)");
    for (const file of files.slice(0, -1)) {
      await old.run(readFileSync(join(migrationsDir, file), "utf8"));
      await old.run("INSERT INTO schema_migrations VALUES ($1, $2)", [Number(file.slice(0, 3)), file]);
    }
    await old.close();

    const db = await openMigratedDatabase(path, { snapshotDir: snapshots });
    expect(await pendingMigrations(db)).toEqual([]);
    await db.close();
    const [snapshot] = listBackups(snapshots, "pre-migration");
    expect(snapshot).toMatch(/pre-migration-.*\.duckdb$/);
    expect(await applied(snapshot)).toBe(files.length - 1);
    expect(await applied(path)).toBe(files.length);
  });
});

describe("pruneBackups", () => {
  it("keeps the newest exports and snapshots and removes unfinished exports", () => {
    const backups = join(dir, "prune");
    for (const day of ["01", "02", "03", "04"])
      mkdirSync(join(backups, `wasbord-2026-11-${day}T03-00-00-000Z`), { recursive: true });
    mkdirSync(join(backups, "wasbord-2026-11-05T03-00-00-000Z.partial"));
    for (const day of ["01", "02", "03"])
      writeFileSync(join(backups, `pre-migration-2026-11-${day}T03-00-00-000Z.duckdb`), "");
    writeFileSync(join(backups, "notes.txt"), "");

    pruneBackups(backups, 2);
    expect(readdirSync(backups).sort()).toEqual([
      "notes.txt",
      "pre-migration-2026-11-02T03-00-00-000Z.duckdb",
      "pre-migration-2026-11-03T03-00-00-000Z.duckdb",
      "wasbord-2026-11-03T03-00-00-000Z",
      "wasbord-2026-11-04T03-00-00-000Z",
    ]);
  });
});
