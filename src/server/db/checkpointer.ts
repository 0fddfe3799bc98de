import { statSync } from "node:fs";
import { repeat } from "../lifecycle/repeat.ts";
import { logger } from "../logging/logger.ts";
import type { Database } from "./database.ts";

// DuckDB checkpoints on its own when the write-ahead log passes `checkpoint_threshold` (16 MB), inside the
// commit that crossed it: under steady ingestion that made one batch in ~8 s take 0.7–3.7 s instead of
// ~50 ms. The checkpointer takes that over: the threshold goes far above anything the log reaches here, and a
// timer checkpoints when writes have paused for a moment, or, under writes that never pause, when the log
// reaches a ceiling (so a restart never has more than that to replay).

export interface CheckpointPolicy {
  /** The log size from which a pause in writing is used to checkpoint. */
  walBytes: number;
  /** How long no write may have finished for the pause to count. */
  idleMs: number;
  /** The log size at which it checkpoints whether or not writes pause. */
  ceilingBytes: number;
  /** How often it looks. */
  intervalMs: number;
}

export const CHECKPOINT_POLICY: CheckpointPolicy = {
  walBytes: 8 * 1024 ** 2,
  idleMs: 2_000,
  ceilingBytes: 256 * 1024 ** 2,
  intervalMs: 1_000,
};

/** DuckDB's own threshold while the checkpointer runs: a safety net above the ceiling, never reached. */
const DUCKDB_THRESHOLD = "1GB";

/** Whether to checkpoint now, given the log's size and how long ago the last write finished. */
export function checkpointDue(walBytes: number, idleMs: number, policy = CHECKPOINT_POLICY): boolean {
  return walBytes >= policy.ceilingBytes || (walBytes >= policy.walBytes && idleMs >= policy.idleMs);
}

const walSize = (path: string) => statSync(`${path}.wal`, { throwIfNoEntry: false })?.size ?? 0;

/** Starts checkpointing `db` in the background; `stop` waits for a checkpoint under way. */
export async function startCheckpointer(
  db: Database,
  policy = CHECKPOINT_POLICY,
): Promise<{ stop: () => Promise<void> }> {
  if (db.path === ":memory:") return { stop: async () => {} };
  await db.run(`SET checkpoint_threshold = '${DUCKDB_THRESHOLD}'`);
  let generation = db.writeGeneration;
  let lastWrite = performance.now();
  const look = async () => {
    // A transaction still open that updated rows or tables (a sync's catch-up) makes DuckDB refuse a
    // checkpoint: it is no pause yet.
    if (db.writeGeneration !== generation || db.writesUnderway > 0) {
      generation = db.writeGeneration;
      lastWrite = performance.now();
    }
    const bytes = walSize(db.path);
    if (!checkpointDue(bytes, performance.now() - lastWrite, policy)) return;
    const started = performance.now();
    await db.checkpoint();
    logger.debug("checkpoint", { walBytes: bytes, ms: Math.round(performance.now() - started) });
  };
  return { stop: repeat("checkpoint", look, policy.intervalMs) };
}
