import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Database, type Queryable } from "../db/database.ts";
import { declareDerived, syncDerived } from "./additive-sync.ts";
import { startDerivedRefresher } from "./derived-refresher.ts";
import { asOfGeneration, setRefreshed } from "./derived-sync.ts";
import type { DerivedDeclaration } from "./derived-tables.ts";
import { readAtOneMoment } from "./read-at-one-moment.ts";
import { roundReaches, roundUnderway } from "./round-underway.ts";
import { INLINE_ROWS } from "./sync-policy.ts";
import { factViews } from "./watermark.ts";

// The watermark by hand: a fact table of numbered rows, a derived table counting them, and answers read while
// rows arrive between the catch-up and the read.

let db: Database;
let dir: string;
beforeEach(async () => {
  // a file whose name needs quoting as a catalog, as the bench's copies do
  dir = mkdtempSync(join(tmpdir(), "wasbord-watermark-"));
  db = await Database.open(join(dir, "demo-x1.duckdb"));
  await db.run("CREATE TABLE facts (n INTEGER)");
  await db.run("CREATE TABLE facts_counted (rows BIGINT)");
  await db.run("INSERT INTO facts_counted VALUES (0)");
  await db.run("CREATE TABLE counts_sync (facts BIGINT, synced_at TIMESTAMPTZ)");
  await db.run("INSERT INTO counts_sync VALUES (0, NULL)");
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const COUNTS = {
  state: "counts_sync",
  facts: { facts: "facts" },
  tables: [],
  add: (tx: Parameters<Parameters<typeof declareDerived>[0]["add"]>[0], from: Record<string, number>) =>
    tx.run("UPDATE facts_counted SET rows = rows + (SELECT count(*) FROM facts WHERE rowid >= $1)", [
      from.facts,
    ]),
};
const syncCounts = (database: Parameters<typeof syncDerived>[0]) => syncDerived(database, COUNTS);
const DECLARED = declareDerived(COUNTS, syncCounts, { name: "counts", plateColumns: {}, erase: null });

const numbers = () =>
  db.snapshot((tx) =>
    tx.query<{ n: number[] }>("SELECT list(n ORDER BY n) AS n FROM facts").then(([r]) => r.n),
  );

/** A second declaration, counting the facts and other rows: read together with the first. */
async function bothDeclared(beforeAdding = async () => {}) {
  await db.run("CREATE TABLE others (n INTEGER)");
  await db.run("CREATE TABLE both_counted (facts BIGINT, others BIGINT)");
  await db.run("INSERT INTO both_counted VALUES (0, 0)");
  await db.run("CREATE TABLE both_sync (facts BIGINT, others BIGINT, synced_at TIMESTAMPTZ)");
  await db.run("INSERT INTO both_sync VALUES (0, 0, NULL)");
  const BOTH = {
    state: "both_sync",
    facts: { facts: "facts", others: "others" },
    tables: [],
    add: async (tx: Queryable, from: Record<string, number>) => {
      await beforeAdding();
      await tx.run(
        `UPDATE both_counted SET facts = facts + (SELECT count(*) FROM facts WHERE rowid >= $1),
             others = others + (SELECT count(*) FROM others WHERE rowid >= $2)`,
        [from.facts, from.others],
      );
    },
  };
  const syncBoth = (database: Parameters<typeof syncDerived>[0]) => syncDerived(database, BOTH);
  const both = declareDerived(BOTH, syncBoth, { name: "both", plateColumns: {}, erase: null });
  return { both, syncBoth };
}

/**
 * Both declarations holding 5 facts and 10 others, kept by a refresher (none runs): then three facts arrive,
 * and more others than a request takes in itself.
 */
async function bothKeptByARefresher() {
  const { both, syncBoth } = await bothDeclared();
  await db.run("INSERT INTO facts SELECT range FROM range(5)");
  await db.run("INSERT INTO others SELECT range FROM range(10)");
  await Promise.all([syncCounts(db), syncBoth(db)]);
  setRefreshed(db, true);
  await db.run("INSERT INTO facts VALUES (5), (6), (7)");
  await db.run(`INSERT INTO others SELECT range FROM range(${INLINE_ROWS + 1})`);
  return both;
}

/** A refresher over the first declaration and `second`, looking every `intervalMs`. */
const refresherOf = (second: DerivedDeclaration, intervalMs: number) =>
  startDerivedRefresher(db, { declarations: [DECLARED, second], facts: ["facts", "others"], intervalMs });

const countedTogether = (tx: Queryable) =>
  tx
    .query<{ counted: number; both: number; facts: number }>(
      `SELECT (SELECT rows FROM facts_counted) AS counted, (SELECT facts FROM both_counted) AS both,
         (SELECT count(*) FROM facts) AS facts`,
    )
    .then(([row]) => row);

describe("the facts cut at a watermark", () => {
  it("shows the first rows of a fact table, also when rows below were deleted", async () => {
    await db.run("INSERT INTO facts SELECT range FROM range(10)");
    await db.run("DELETE FROM facts WHERE n IN (2, 5)");
    const views = await factViews(db, { facts: 6 });
    expect(await db.withTableViews(views, numbers)).toEqual([0, 1, 3, 4, 6, 7]);
    // the views end with their transaction: the connection reads the whole table again
    expect(await numbers()).toEqual([0, 1, 3, 4, 6, 7, 8, 9]);
    // a table holding no more rows than the watermark is cut too: rows arrive while the views are in use
    const whole = await factViews(db, { facts: 8 });
    await db.run("INSERT INTO facts VALUES (10), (11)");
    expect(await db.withTableViews(whole, numbers)).toEqual([0, 1, 3, 4, 6, 7, 8, 9]);
  });

  it("reads the derived table and the facts as of the same rows while rows arrive in between", async () => {
    await db.run("INSERT INTO facts SELECT range FROM range(5)");
    // Three rows arrive right after the catch-up, before the read: written by a chain made out here, as
    // ingestion writes, not by the catch-up itself, which sees the facts cut at its watermark.
    let arrive = () => {};
    const arrival = new Promise<void>((resolve) => (arrive = resolve)).then(() =>
      db.run("INSERT INTO facts VALUES (5), (6), (7)"),
    );
    let arrived = false;
    const arriving = {
      ...DECLARED,
      sync: async (database: Parameters<typeof syncCounts>[0]) => {
        await syncCounts(database);
        if (!arrived) {
          arrive();
          await arrival;
        }
        arrived = true;
      },
    };
    const counted = (tx: Queryable) =>
      tx
        .query<{ counted: number; facts: number }>(
          "SELECT (SELECT rows FROM facts_counted) AS counted, (SELECT count(*) FROM facts) AS facts",
        )
        .then(([row]) => row);
    const read = await readAtOneMoment(db, [arriving], counted);
    expect(read.value).toEqual({ counted: 5, facts: 5 });
    expect(read.watermark).toEqual({ facts: 5 });
    // the next read catches up with them
    expect((await readAtOneMoment(db, [arriving], counted)).value).toEqual({ counted: 8, facts: 8 });
  });

  it("does not count a catch-up under a watermark as up to date with rows written after it was taken", async () => {
    await db.run("INSERT INTO facts SELECT range FROM range(5)");
    await syncCounts(db);
    const generation = db.writeGeneration;
    await db.run("INSERT INTO facts VALUES (5), (6), (7)"); // written after the watermark was taken
    const cut = await factViews(db, { facts: 5 });
    await db.withTableViews(cut, () => asOfGeneration(generation, () => syncCounts(db)));
    // finding nothing new under the watermark, it must not pass for up to date with the three rows
    await syncCounts(db);
    expect(await db.query("SELECT rows FROM facts_counted")).toEqual([{ rows: 8 }]);
  });

  it("leaves a derived table that a later catch-up brought further as it is", async () => {
    await db.run("INSERT INTO facts SELECT range FROM range(4)");
    await syncCounts(db);
    const views = await factViews(db, { facts: 2 });
    await db.withTableViews(views, () => syncCounts(db));
    expect(await db.query("SELECT rows FROM facts_counted")).toEqual([{ rows: 4 }]);
  });

  it("leaves a few new rows to the refresher too when it leaves another table of the report to it", async () => {
    const both = await bothKeptByARefresher();
    const read = await readAtOneMoment(db, [DECLARED, both], countedTogether);
    // Both as the last round left them, in step: catching the first up alone had set them apart.
    expect(read.value).toEqual({ counted: 5, both: 5, facts: 5 });
    expect(read.watermark).toEqual({ facts: 5, others: 10 });
    expect(read.syncedAt).not.toBeNull();
  });

  it("brings them in step itself when they stand apart and nothing runs that would", async () => {
    // Between two rounds, with no snapshot held: the three facts taken into the first alone.
    const both = await bothKeptByARefresher();
    await syncCounts(db);
    const read = await readAtOneMoment(db, [DECLARED, both], countedTogether, { watermark: true });
    expect(read.value).toEqual({ counted: 8, both: 8, facts: 8 });
    expect(read.watermark).toEqual({ facts: 8, others: INLINE_ROWS + 11 });
  });

  it("brings them in step itself when the round under way would leave one of them behind the other", async () => {
    // The three facts taken into the first alone, while a round that counted the facts before them runs on.
    const both = await bothKeptByARefresher();
    await syncCounts(db);
    let roundEnds = () => {};
    roundUnderway(db, new Promise<void>((resolve) => (roundEnds = resolve)));
    roundReaches(db, { facts: 5, others: 10 });
    try {
      const timedOut = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3_000));
      const read = await Promise.race([readAtOneMoment(db, [DECLARED, both], countedTogether), timedOut]);
      expect(read, "answered without waiting for the round").not.toBe("waited");
      if (read === "waited") return;
      expect(read.value).toEqual({ counted: 8, both: 8, facts: 8 });
    } finally {
      roundEnds();
    }
  });

  it("after a restart reads the tables as the last process left them, and builds them from nothing at once", async () => {
    const counted = (tx: Queryable) =>
      tx.query<{ rows: number }>("SELECT rows FROM facts_counted").then(([row]) => row.rows);
    // A first catch-up with the refresher on is a build from nothing: the request does it.
    setRefreshed(db, true);
    await db.run(`INSERT INTO facts SELECT range FROM range(${INLINE_ROWS + 1})`);
    expect((await readAtOneMoment(db, [DECLARED], counted)).value).toBe(INLINE_ROWS + 1);

    // Restarted: many rows arrived while it was down, and a refresher keeps the tables again.
    await db.run(`INSERT INTO facts SELECT range FROM range(${INLINE_ROWS + 1})`);
    await db.close();
    db = await Database.open(join(dir, "demo-x1.duckdb"));
    setRefreshed(db, true);
    const read = await readAtOneMoment(db, [DECLARED], counted);
    expect(read.value).toBe(INLINE_ROWS + 1);
    // named as old as the last process's catch-up, which was a moment ago
    expect(Date.now() - (read.syncedAt?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("reads the tables as the last round left them while a round has synced some of them", async () => {
    // The second declaration's catch-up waits at a gate from the second round on: the round stays half done.
    let gate: Promise<void> = Promise.resolve();
    let open = () => {};
    const { both } = await bothDeclared(() => gate);
    await db.run("INSERT INTO facts SELECT range FROM range(5)");
    await db.run("INSERT INTO others SELECT range FROM range(10)");
    const refresher = refresherOf(both, 10);
    try {
      await refresher.firstRound;
      gate = new Promise((resolve) => (open = resolve));
      await db.run("INSERT INTO facts VALUES (5), (6), (7)");
      // the round took the three rows into the first declaration and waits before the second
      await vi.waitFor(async () =>
        expect(await db.query("SELECT rows FROM facts_counted")).toEqual([{ rows: 8 }]),
      );

      const timedOut = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3_000));
      const read = await Promise.race([readAtOneMoment(db, [DECLARED, both], countedTogether), timedOut]);
      expect(read, "answered without waiting for the round").not.toBe("waited");
      if (read === "waited") return;
      expect(read.value).toEqual({ counted: 5, both: 5, facts: 5 });
      expect(read.watermark).toEqual({ facts: 5, others: 10 });
      expect(read.syncedAt).not.toBeNull();
    } finally {
      open();
      await refresher.stop();
    }
    // the round over, both hold the three rows
    expect((await readAtOneMoment(db, [DECLARED, both], countedTogether)).value).toEqual({
      counted: 8,
      both: 8,
      facts: 8,
    });
  });

  it("reads them as the last round left them when a request caught one of them up alone since", async () => {
    const { both } = await bothDeclared();
    await db.run("INSERT INTO facts SELECT range FROM range(5)");
    await db.run("INSERT INTO others SELECT range FROM range(10)");
    const refresher = refresherOf(both, 60_000);
    try {
      await refresher.firstRound;
      // More others than a request takes in itself, and three facts, which a report of the first table alone does.
      await db.run(`INSERT INTO others SELECT range FROM range(${INLINE_ROWS + 1})`);
      await db.run("INSERT INTO facts VALUES (5), (6), (7)");
      const counted = (tx: Queryable) => tx.query("SELECT rows FROM facts_counted");
      expect((await readAtOneMoment(db, [DECLARED], counted)).value).toEqual([{ rows: 8 }]);

      const read = await readAtOneMoment(db, [DECLARED, both], countedTogether);
      expect(read.value).toEqual({ counted: 5, both: 5, facts: 5 });
      expect(read.watermark).toEqual({ facts: 5, others: 10 });
    } finally {
      await refresher.stop();
    }
  });

  it("takes every declaration of a round to the facts as they were when the round began", async () => {
    // The round waits at a gate between its two syncs; facts arrive meanwhile.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reached = () => {};
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    const { both } = await bothDeclared();
    const gated = {
      ...both,
      sync: async (database: Queryable) => {
        reached();
        await gate;
        await both.sync(database);
      },
    };
    await db.run("INSERT INTO facts SELECT range FROM range(5)");
    const refresher = refresherOf(gated, 60_000);
    const held = () =>
      db.query("SELECT (SELECT facts FROM counts_sync) AS counts, (SELECT facts FROM both_sync) AS both");
    try {
      await atGate;
      await db.run("INSERT INTO facts VALUES (5), (6), (7)");
      open();
      await refresher.firstRound;
      expect(await held()).toEqual([{ counts: 5, both: 5 }]);
    } finally {
      open();
      await refresher.stop();
    }
  });
});
