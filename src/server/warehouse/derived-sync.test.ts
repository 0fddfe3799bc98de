import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Database } from "../db/database.ts";
import { serialised, settled } from "./derived-sync.ts";
import { roundUnderway } from "./round-underway.ts";

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

  it("a report waits for one of its own tables' syncs to end, not for the rest of the round", async () => {
    // A round under way: it has synced one table the report reads, is syncing the other, and has a slow one
    // left that the report does not read.
    let roundEnds = () => {};
    roundUnderway(db, new Promise<void>((resolve) => (roundEnds = resolve)));
    let otherEnds = () => {};
    const other = serialised(db, "test_other", () => new Promise<void>((resolve) => (otherEnds = resolve)));

    let waited = false;
    const waiting = settled(db, ["test_sync", "test_other"]).then(() => (waited = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waited).toBe(false);
    otherEnds();
    await other;
    await waiting;
    expect(waited).toBe(true);
    roundEnds();
  });
});
