import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { Database } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import { SessionTracker } from "./sessions.ts";
import { CollectStore } from "./store.ts";

let db: Database;
beforeEach(async () => {
  db = await migratedDatabase();
});
afterEach(() => db.close());

const counts = () =>
  db.query<{ outcome: string; events: number }>(
    "SELECT outcome, events::INTEGER AS events FROM tracking_counts ORDER BY outcome",
  );

describe("the collect store at shutdown", () => {
  it("writes the counters it holds at once instead of a second later", async () => {
    const store = new CollectStore(db, new SessionTracker({ ownHosts: [] }), Date.now);
    store.count("bot", Date.now());
    store.count("bot", Date.now());
    store.count("malformed", Date.now());
    // The counters are written a second after the first count; drain() must not wait for that.
    expect(await counts()).toEqual([]);
    await store.drain();
    expect(await counts()).toEqual([
      { outcome: "bot", events: 2 },
      { outcome: "malformed", events: 1 },
    ]);
  });
});

describe("the collect store after its database closed", () => {
  it("drops the counters it still holds instead of retrying them every second for as long as the process runs", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const warn = vi.spyOn(logger, "warn");
      const store = new CollectStore(db, new SessionTracker({ ownHosts: [] }), Date.now);
      store.count("bot", Date.now());
      await db.close();
      // Before: each attempt failed with "database is closed", warned and set the next one a second later
      // (739 warnings in one CI run's output, from tests that closed their database first).
      await vi.advanceTimersByTimeAsync(5_000);
      expect(warn.mock.calls.filter(([message]) => message.startsWith("tracking counts"))).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
