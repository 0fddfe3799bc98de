import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logging/logger.ts";
import { CHECKPOINT_POLICY, checkpointDue, startCheckpointer } from "./checkpointer.ts";
import { Database } from "./database.ts";

const MB = 1024 ** 2;

describe("when the checkpointer checkpoints", () => {
  // The policy: 8 MB of log and 2 s without a write, or 256 MB of log whatever the writes do.
  it("waits for a pause in writing once the log passes 8 MB", () => {
    expect(checkpointDue(7 * MB, 60_000)).toBe(false);
    expect(checkpointDue(9 * MB, 1_999)).toBe(false);
    expect(checkpointDue(9 * MB, 2_000)).toBe(true);
  });

  it("does not wait for a pause once the log reaches the ceiling", () => {
    expect(checkpointDue(255 * MB, 0)).toBe(false);
    expect(checkpointDue(256 * MB, 0)).toBe(true);
  });
});

describe("the checkpointer on a database file", () => {
  // any log, after 200 ms without writes, looked at every 20 ms
  const SOON = { ...CHECKPOINT_POLICY, walBytes: 1, idleMs: 200, intervalMs: 20 };
  const dir = mkdtempSync(join(tmpdir(), "wasbord-checkpointer-"));
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes over from DuckDB's own threshold and empties the log after writes pause", async () => {
    db = await Database.open(join(dir, "test.duckdb"));
    const wal = join(dir, "test.duckdb.wal");
    const checkpointer = await startCheckpointer(db, SOON);
    try {
      const [setting] = await db.query<{ threshold: string }>(
        "SELECT current_setting('checkpoint_threshold') AS threshold",
      );
      expect(setting.threshold).toBe("953.6 MiB"); // 1 GB, far above the ceiling
      await db.run("CREATE TABLE facts AS SELECT range AS n FROM range(100000)");
      await db.run("INSERT INTO facts SELECT range FROM range(1000)");
      await vi.waitFor(() => expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0), { timeout: 10_000 });
    } finally {
      await checkpointer.stop();
    }
  });

  it("waits for a transaction still open rather than fail beside it", async () => {
    db = await Database.open(join(dir, "test.duckdb"));
    const wal = join(dir, "test.duckdb.wal");
    const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
    const warnings = vi.spyOn(logger, "warn");
    const checkpointer = await startCheckpointer(db, SOON);
    try {
      await db.run("CREATE TABLE facts AS SELECT range AS n FROM range(100000)");
      let commit = () => {};
      const open = db.transaction(async (tx) => {
        // a catch-up updates its state: with an update pending, DuckDB refuses a checkpoint beside it
        await tx.run("UPDATE facts SET n = n + 1 WHERE n < 1000");
        await new Promise<void>((resolve) => (commit = resolve));
      });
      // well past the idle time with the transaction open: no checkpoint tried, so none failed
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(walSize()).toBeGreaterThan(0);
      commit();
      await open;
      await vi.waitFor(() => expect(walSize()).toBe(0), { timeout: 10_000 });
      expect(warnings).not.toHaveBeenCalledWith("checkpoint failed", expect.anything());
    } finally {
      warnings.mockRestore();
      await checkpointer.stop();
    }
  });
});
