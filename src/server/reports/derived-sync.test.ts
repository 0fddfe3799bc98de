import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Database } from "../db/database.ts";
import { asRequest, type DerivedTables, serialised, setRefreshed, syncDerived } from "./derived-sync.ts";
import { INLINE_ROWS } from "./sync-policy.ts";

// The idle check of a derived table: a sync runs when anything may have been written since the last one
// began, and is skipped (no query at all) when nothing was. Here the "sync" only counts how often it ran.

let db: Database;
let runs = 0;
const sync = () =>
  serialised(db, "test_sync", async (database) => {
    runs++;
    await database.query("SELECT count(*) FROM facts");
  });

beforeEach(async () => {
  db = await Database.open(":memory:");
  await db.run("CREATE TABLE facts (n INTEGER)");
  runs = 0;
});
afterEach(() => db.close());

describe("derived table syncs", () => {
  it("look again only after something was written", async () => {
    await sync();
    expect(runs).toBe(1);
    await sync();
    await db.query("SELECT * FROM facts"); // a read changes nothing
    await db.query("WITH x AS (SELECT 1 AS n) SELECT n FROM x");
    await db.transaction((tx) => tx.query("SELECT count(*) FROM facts"));
    await sync();
    expect(runs).toBe(1);

    await db.run("INSERT INTO facts VALUES (1)");
    await sync();
    expect(runs).toBe(2);
    await db.query("INSERT INTO facts VALUES (2) RETURNING n");
    await sync();
    expect(runs).toBe(3);
    await db.transaction((tx) => tx.run("INSERT INTO facts VALUES (3)"));
    await sync();
    expect(runs).toBe(4);
    // the raw connection, as ingestion and bulk loads use it, may write
    await db.withConnection((connection) => connection.run("INSERT INTO facts VALUES (4)"));
    await sync();
    expect(runs).toBe(5);
    await db.transaction(async (_tx, connection) => {
      await connection.run("INSERT INTO facts VALUES (5)");
    });
    await sync();
    expect(runs).toBe(6);
    await sync();
    expect(runs).toBe(6);
  });

  it("look again when a write ends while a sync runs, and after a sync that failed", async () => {
    let release = () => {};
    const slow = serialised(db, "test_sync", async () => {
      runs++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await db.run("INSERT INTO facts VALUES (1)"); // ends after the slow sync began: it may not have seen it
    release();
    await slow;
    await sync();
    expect(runs).toBe(2);

    await db.run("INSERT INTO facts VALUES (2)");
    await expect(
      serialised(db, "test_sync", async () => {
        runs++;
        throw new Error("broken");
      }),
    ).rejects.toThrow("broken");
    await sync();
    await sync();
    expect(runs).toBe(4);
  });
});

// A derived table kept by syncDerived: `facts_taken` gets one row per sync with the number of fact rows it
// took in, so sum(rows) is how many fact rows the derived state holds.
const TAKEN: DerivedTables = {
  state: "facts_sync",
  facts: { facts: "facts" },
  tables: ["facts_taken"],
  add: (tx, from) => tx.run("INSERT INTO facts_taken SELECT count(*) FROM facts WHERE rowid >= $1", [from.facts]),
};
const taken = async () =>
  (await db.query<{ rows: number }>("SELECT coalesce(sum(rows), 0) AS rows FROM facts_taken"))[0].rows;
const insertFacts = (count: number) => db.run(`INSERT INTO facts SELECT range FROM range(${count})`);

describe("a report request's sync (sync-policy.ts)", () => {
  beforeEach(async () => {
    await db.run("CREATE TABLE facts_sync (facts BIGINT, synced_at TIMESTAMPTZ)");
    await db.run("INSERT INTO facts_sync VALUES (0, NULL)");
    await db.run("CREATE TABLE facts_taken (rows BIGINT)");
  });

  it("catches up on everything when no refresher runs, however many rows arrived", async () => {
    await asRequest(() => syncDerived(db, TAKEN));
    await insertFacts(INLINE_ROWS + 1_000);
    await asRequest(() => syncDerived(db, TAKEN));
    expect(await taken()).toBe(6_000);
  });

  it("with a refresher: takes a few rows in, reads a recent state rather than catch up on many", async () => {
    setRefreshed(db, true);
    await insertFacts(100);
    await asRequest(() => syncDerived(db, TAKEN)); // no sync finished yet: catches up
    expect(await taken()).toBe(100);
    await insertFacts(40); // 40 new rows ≤ 5 000: taken in
    await asRequest(() => syncDerived(db, TAKEN));
    expect(await taken()).toBe(140);

    await insertFacts(INLINE_ROWS + 1); // 5 001 new rows, the last sync a moment ago: left to the refresher
    await asRequest(() => syncDerived(db, TAKEN));
    expect(await taken()).toBe(140);
    await syncDerived(db, TAKEN); // the refresher's own call (not a request) always catches up
    expect(await taken()).toBe(5_141);

    setRefreshed(db, false); // the refresher stopped: requests are exact again
    await insertFacts(INLINE_ROWS + 1);
    await asRequest(() => syncDerived(db, TAKEN));
    expect(await taken()).toBe(10_142);
  });
});
