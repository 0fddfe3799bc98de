import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { snapshotPath } from "./backup.ts";
import { Database } from "./database.ts";
import { migrate, pendingMigrations } from "./migrate.ts";

export interface OpenOptions {
  log?: (line: string) => void;
  /** Where the file as it was before migrations is kept (a pre-migration snapshot); none when omitted. */
  snapshotDir?: string;
  /** How much memory (MB) the engine may hold; DuckDB's own default (80 % of the machine's) when omitted. */
  memoryLimitMb?: number;
}

/**
 * Opens `path` with the memory limit asked for: a setting of the engine, not of one connection. DuckDB's
 * allocator also hands back what it freed in a thread of its own: without it the pages a finished statement
 * freed stayed with the process, and building the report tables from nothing at 10× the demo chain peaked
 * at 2 751 MB with the engine capped at 1,5 GB (2 286 and 2 161 MB with it, in the same time).
 */
async function openLimited(path: string, poolSize: number, options: OpenOptions): Promise<Database> {
  const db = await Database.open(path, poolSize, options.log);
  await db.run("SET allocator_background_threads = true");
  if (options.memoryLimitMb) await db.run(`SET memory_limit = '${Math.round(options.memoryLimitMb)}MiB'`);
  return db;
}

/**
 * Opens the database at `path` with every migration applied, such that a crash at any moment leaves either
 * the file as it was or the fully migrated file, never something in between. Migrations run on a copy
 * (`<path>.migrating`; a brand-new database is built there from nothing), which is checkpointed, closed and
 * renamed over `path` in one step. A copy left behind by a crash is thrown away on the next start.
 */
export async function openMigratedDatabase(path: string, options: OpenOptions = {}): Promise<Database> {
  const log = options.log ?? (() => {});
  if (path === ":memory:") {
    const db = await openLimited(path, 4, options);
    await migrate(db, log);
    return db;
  }
  const work = `${path}.migrating`;
  removeDatabaseFile(work);

  if (existsSync(path)) {
    const current = await Database.open(path, 1, log);
    const pending = await pendingMigrations(current);
    await current.close();
    if (pending.length === 0) return openLimited(path, 4, options);
    log(`${pending.length} migration(s) to apply: ${pending.join(", ")}`);
    copyFileSync(path, work);
  }

  const migrating = await openLimited(work, 1, options);
  try {
    // A crash throws the copy away, so one checkpoint at the end does (a checkpoint after each migration
    // was half of a new database's build); close() would log a failed checkpoint, this one throws it.
    await migrate(migrating, log, { checkpointEach: false });
    await migrating.checkpoint();
  } finally {
    await migrating.close();
  }
  if (options.snapshotDir && existsSync(path)) {
    const snapshot = snapshotPath(options.snapshotDir);
    keepSnapshot(path, snapshot);
    log(`the database as it was before the migrations is kept at ${snapshot}`);
  }
  // Checkpointed, so the copy has no write-ahead log; rename is atomic within one file system.
  rmSync(`${work}.wal`, { force: true });
  renameSync(work, path);
  return openLimited(path, 4, options);
}

/** Keeps the pre-migration file: a hard link costs nothing; another file system gets a copy. */
function keepSnapshot(path: string, snapshot: string): void {
  mkdirSync(dirname(snapshot), { recursive: true });
  try {
    linkSync(path, snapshot);
  } catch {
    copyFileSync(path, snapshot);
  }
}

export function removeDatabaseFile(path: string): void {
  rmSync(path, { force: true });
  rmSync(`${path}.wal`, { force: true });
}
