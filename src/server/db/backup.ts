import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { repeat } from "../lifecycle/repeat.ts";
import { logger } from "../logging/logger.ts";
import type { Database } from "./database.ts";

// A backup is a directory `wasbord-<time>` written by EXPORT DATABASE: the schema, a load script and one
// Parquet file per table, read back by `npm run restore` (scripts/restore.ts). It is written under a
// `.partial` name and renamed when complete, so a crash mid-export never leaves something that looks whole.

const EXPORT_PREFIX = "wasbord";
const SNAPSHOT_PREFIX = "pre-migration";

/** `wasbord-2026-11-22T21-30-00-000Z`: sortable, and valid in every file system. */
const stampedName = (prefix: string) => `${prefix}-${new Date().toISOString().replace(/[:.]/g, "-")}`;

/** Where the database file as it was before migrations is kept. */
export const snapshotPath = (dir: string) => join(dir, `${stampedName(SNAPSHOT_PREFIX)}.duckdb`);

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Exports the database (one consistent transaction; the server keeps serving) and returns the directory. */
export async function exportBackup(db: Database, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, stampedName(EXPORT_PREFIX));
  const partial = `${target}.partial`;
  // On a connection of its own: none of the pool's temporary tables may end up in the load script.
  await db.withOwnConnection((connection) =>
    connection.run(`EXPORT DATABASE ${sqlString(partial)} (FORMAT parquet, COMPRESSION zstd)`),
  );
  renameSync(partial, target);
  return target;
}

/** Complete backups of one kind in `dir`, oldest first (the names sort by time). */
export function listBackups(dir: string, prefix = EXPORT_PREFIX): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${prefix}-`) && !name.endsWith(".partial"))
    .sort()
    .map((name) => join(dir, name));
}

/** Keeps the newest `keep` exports and pre-migration snapshots; removes the rest and unfinished exports. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const unfinished = readdirSync(dir)
    .filter((name) => name.endsWith(".partial"))
    .map((name) => join(dir, name));
  const old = [EXPORT_PREFIX, SNAPSHOT_PREFIX].flatMap((prefix) => listBackups(dir, prefix).slice(0, -keep));
  for (const path of [...unfinished, ...old]) rmSync(path, { recursive: true, force: true });
  return old;
}

export interface BackupSchedule {
  dir: string;
  intervalHours: number;
  keep: number;
  log?: (line: string) => void;
}

/**
 * Exports every `intervalHours`, and once at start when the newest export is older than that (a server that
 * restarts daily would otherwise never reach its first). Returns a function that stops the schedule.
 */
export function scheduleBackups(db: Database, schedule: BackupSchedule): () => Promise<void> {
  if (schedule.intervalHours <= 0) return async () => {};
  const log = schedule.log ?? ((line) => logger.info(line));
  const intervalMs = schedule.intervalHours * 3_600_000;
  const backUp = async () => {
    try {
      const started = Date.now();
      const target = await exportBackup(db, schedule.dir);
      const removed = pruneBackups(schedule.dir, schedule.keep);
      log(`backup ${target} written in ${Date.now() - started} ms; ${removed.length} old backup(s) removed`);
    } catch (error) {
      logger.error("backup failed", { dir: schedule.dir, error });
    }
  };
  const newest = listBackups(schedule.dir).at(-1);
  const age = newest ? Date.now() - statSync(newest).mtimeMs : Number.POSITIVE_INFINITY;
  return repeat("backup", backUp, intervalMs, Math.max(0, intervalMs - age));
}
