import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Database, type Queryable } from "../db/database.ts";
import { type DerivedTables, declareDerived, syncDerived } from "./additive-sync.ts";
import { startDerivedRefresher } from "./derived-refresher.ts";
import { asRequest, requestPlan, upToDateWith } from "./derived-sync.ts";
import { INLINE_ROWS } from "./sync-policy.ts";

// The refresher on a real (in-memory) DuckDB with one derived table: `facts_taken` gets a row per sync with
// the number of fact rows taken in, so sum(rows) is how many fact rows the derived state holds, and
// count(*) how many syncs found something new.

const TAKEN: DerivedTables = {
  state: "facts_sync",
  facts: { facts: "facts" },
  tables: ["facts_taken"],
  add: (tx, from) =>
    tx.run("INSERT INTO facts_taken SELECT count(*) FROM facts WHERE rowid >= $1", [from.facts]),
};
const syncTaken = (db: Queryable) => syncDerived(db, TAKEN);
const DECLARED = declareDerived(TAKEN, syncTaken, { name: "taken", plateColumns: {}, erase: null });

let db: Database;
const derived = async () =>
  (
    await db.query<{ rows: number; syncs: number }>(
      "SELECT coalesce(sum(rows), 0) AS rows, count(*) AS syncs FROM facts_taken",
    )
  )[0];

beforeEach(async () => {
  db = await Database.open(":memory:");
  await db.run("CREATE TABLE facts (n INTEGER)");
  await db.run("CREATE TABLE facts_sync (facts BIGINT, synced_at TIMESTAMPTZ)");
  await db.run("INSERT INTO facts_sync VALUES (0, NULL)");
  await db.run("CREATE TABLE facts_taken (rows BIGINT)");
  await db.run("INSERT INTO facts SELECT range FROM range(30)");
});
afterEach(() => db.close());

describe("the derived-table refresher", () => {
  it("takes in what is there at start and what is written later, with no request asking", async () => {
    const refresher = startDerivedRefresher(db, {
      declarations: [DECLARED],
      facts: ["facts"],
      intervalMs: 10,
    });
    try {
      await vi.waitFor(async () => expect(await derived()).toEqual({ rows: 30, syncs: 1 }), {
        timeout: 10_000,
      });
      await db.run("INSERT INTO facts SELECT range FROM range(5005)");
      await vi.waitFor(async () => expect((await derived()).rows).toBe(5_035), { timeout: 10_000 });
    } finally {
      await refresher.stop();
    }
    // stopped: ten of its intervals later, what is written stays untaken
    await db.run("INSERT INTO facts VALUES (1)");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await derived()).rows).toBe(5_035);
  });

  it("pauses after a slow round for twice its time while rows keep arriving, and still takes them all in", async () => {
    // A sync of 150 ms or more, rows written every 10 ms for 1.5 s. Back to back (every 10 ms) it would run
    // ~9 times; with a pause of 2 × its time each run takes ≥ 450 ms: at most 1 + 1.5 s / 450 ms → 4 runs.
    const slow = async (database: Queryable) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await syncTaken(database);
    };
    const refresher = startDerivedRefresher(db, {
      declarations: [{ ...DECLARED, sync: slow }],
      facts: ["facts"],
      intervalMs: 10,
    });
    let written = 30;
    try {
      for (const end = performance.now() + 1_500; performance.now() < end; written++) {
        await db.run("INSERT INTO facts VALUES (1)");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await derived()).syncs).toBeLessThanOrEqual(4);
      await vi.waitFor(async () => expect((await derived()).rows).toBe(written), { timeout: 10_000 });
    } finally {
      await refresher.stop();
    }
  });

  it("runs no sync after a write that brought no fact, and counts its tables up to date", async () => {
    let syncs = 0;
    const counted = async (database: Queryable) => {
      syncs++;
      await syncTaken(database);
    };
    await db.run("CREATE TABLE notes (text VARCHAR)");
    const refresher = startDerivedRefresher(db, {
      declarations: [{ ...DECLARED, sync: counted }],
      facts: ["facts"],
      intervalMs: 10,
    });
    try {
      await refresher.firstRound;
      // An application table written (a promotion saved), then ten intervals: nothing for a sync to look at.
      await db.run("INSERT INTO notes VALUES ('voorjaarsactie')");
      await vi.waitFor(() => expect(upToDateWith(db, ["facts_sync"])).toBe(true), { timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(syncs).toBe(1);
      // A fact written: a round takes it in.
      await db.run("INSERT INTO facts VALUES (1)");
      await vi.waitFor(async () => expect((await derived()).rows).toBe(31), { timeout: 10_000 });
      expect(syncs).toBe(2);
    } finally {
      await refresher.stop();
    }
  });

  it("catches a request up on everything when no refresher runs, however many rows arrived", async () => {
    await asRequest(() => syncTaken(db));
    await db.run(`INSERT INTO facts SELECT range FROM range(${INLINE_ROWS + 1_000})`);
    await asRequest(() => syncTaken(db));
    expect((await derived()).rows).toBe(6_030);
  });

  it("lets a request read its recent state while many rows arrive, but take a few in itself", async () => {
    const refresher = startDerivedRefresher(db, {
      declarations: [DECLARED],
      facts: ["facts"],
      intervalMs: 60_000,
    });
    await vi.waitFor(async () => expect((await derived()).rows).toBe(30), { timeout: 10_000 });
    // Its next round is a minute away. 40 new rows (≤ 5 000): the request takes them in.
    await db.run("INSERT INTO facts SELECT range FROM range(40)");
    const before = Date.now();
    expect(await asRequest(() => syncTaken(db)), "up to date: no moment to name").toBeNull();
    expect((await derived()).rows).toBe(70);
    // 5 001 new rows, the last sync a moment ago: the request reads the state as it is, and says as of when.
    await db.run(`INSERT INTO facts SELECT range FROM range(${INLINE_ROWS + 1})`);
    const syncedUpTo = await asRequest(() => syncTaken(db));
    expect((await derived()).rows).toBe(70);
    expect(syncedUpTo?.getTime()).toBeGreaterThanOrEqual(before - 50);
    expect(syncedUpTo?.getTime()).toBeLessThanOrEqual(Date.now());
    // A call outside a request (the refresher's own, an erasure's) always catches up.
    await syncTaken(db);
    expect((await derived()).rows).toBe(5_071);

    await db.run(`INSERT INTO facts SELECT range FROM range(${INLINE_ROWS + 1})`);
    await refresher.stop(); // nobody catches up in the background any more: requests are exact again
    await asRequest(() => syncTaken(db));
    expect((await derived()).rows).toBe(10_072);
  });

  it("plans a request: it leaves every table as it is only when it would catch none up", async () => {
    const refresher = startDerivedRefresher(db, {
      declarations: [DECLARED],
      facts: ["facts"],
      intervalMs: 60_000,
    });
    await vi.waitFor(async () => expect((await derived()).rows).toBe(30), { timeout: 10_000 });
    const tables = [DECLARED.bookkeeping];
    // Nothing new: there is nothing to leave.
    await refresher.firstRound;
    expect(await requestPlan(db, tables)).toEqual({ othersLeft: false, leavesAll: false, syncedAt: null });
    // 40 new rows: the request takes them in itself.
    await db.run("INSERT INTO facts SELECT range FROM range(40)");
    expect(await requestPlan(db, tables)).toEqual({ othersLeft: false, leavesAll: false, syncedAt: null });
    await asRequest(() => syncTaken(db));
    // 5 001 more, the last sync a moment ago: it leaves them all, and says since when.
    const before = Date.now();
    await db.run(`INSERT INTO facts SELECT range FROM range(${INLINE_ROWS + 1})`);
    const plan = await requestPlan(db, tables);
    expect(plan).toMatchObject({ othersLeft: true, leavesAll: true });
    expect(plan.syncedAt?.getTime()).toBeLessThanOrEqual(before + 5);
    expect(plan.syncedAt?.getTime()).toBeGreaterThan(before - 10_000);
    // No refresher: a request catches up on everything.
    await refresher.stop();
    expect(await requestPlan(db, tables)).toEqual({ othersLeft: false, leavesAll: false, syncedAt: null });
  });
});
