import { describe, expect, it, vi } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { logger } from "../logging/logger.ts";
import { startHousekeeping } from "./housekeeping.ts";

describe("the scheduled pseudonymisation", () => {
  it("runs on its timer, and does nothing once its database is closed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
    const error = vi.spyOn(logger, "error");
    const db = await migratedDatabase();
    try {
      const housekeeping = startHousekeeping(db, {
        retentionDays: 30,
        keyHex: null,
        now: () => new Date("2026-11-29T12:00:00Z"),
        scheduled: true,
      });
      // The first run a minute after the start; runNow queues behind it, so two runs are on record.
      await vi.advanceTimersByTimeAsync(60_000);
      await housekeeping.runNow();
      const [{ runs }] = await db.query<{ runs: number }>(
        "SELECT count(*)::INTEGER AS runs FROM privacy_runs",
      );
      expect(runs).toBe(2);
      await db.close();
      // Before: each run after the close logged "expired plates not pseudonymised … database is closed" (an
      // in-process app in a test whose database closed first; the server stops its work before closing).
      await vi.advanceTimersByTimeAsync(2 * 6 * 3_600_000);
      expect(error).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      await db.close();
    }
  });
});
