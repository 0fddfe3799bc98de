import { copyFileSync } from "node:fs";
import { DuckDBInstance } from "@duckdb/node-api";

// DuckDB 1.5.5 cannot replay a write-ahead log holding a DROP TABLE of a table whose foreign key points at a
// table with a DEFAULT nextval(…) column (010-promotions-editable.sql does that): the replay binds the
// default without a default database and fails with "Calling DatabaseManager::GetDefaultDatabase with no
// default database set", on every open, for ever. The same log replays fine when the file is ATTACHed to an
// in-memory instance, because that instance has a default database; a CHECKPOINT there writes it into the
// file and removes the log. See /work/notes/issue-9.md for the reproduction reported upstream.

export function isWalReplayFailure(error: unknown): boolean {
  return error instanceof Error && /Failure while replaying WAL/i.test(error.message);
}

/**
 * Replays `path`'s write-ahead log through an in-memory instance and checkpoints it into the file. A copy of
 * the log is kept beside it first (returned), so nothing is lost if this replay fails too.
 */
export async function replayWalInIsolation(path: string): Promise<string> {
  const kept = `${path}.wal.${new Date().toISOString().replace(/[:.]/g, "-")}`;
  copyFileSync(`${path}.wal`, kept);
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  try {
    await connection.run(`ATTACH '${path.replaceAll("'", "''")}' AS recovering`);
    await connection.run("CHECKPOINT recovering");
    await connection.run("DETACH recovering");
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return kept;
}

/**
 * Opens the file; when DuckDB cannot replay its write-ahead log (a crash before a checkpoint, below) the log is replayed through an isolated attach first and the open is tried again.
 */
export async function createInstance(
  path: string,
  log: (line: string) => void,
  access: "read_write" | "read_only",
): Promise<DuckDBInstance> {
  const options: Record<string, string> = access === "read_only" ? { access_mode: "READ_ONLY" } : {};
  try {
    return await DuckDBInstance.create(path, options);
  } catch (error) {
    if (path === ":memory:" || !isWalReplayFailure(error)) throw error;
    log(`${path}: write-ahead log could not be replayed on open (${(error as Error).message}); recovering`);
    const kept = await replayWalInIsolation(path);
    log(`${path}: write-ahead log replayed and checkpointed; the original log is kept at ${kept}`);
    return DuckDBInstance.create(path, options);
  }
}
