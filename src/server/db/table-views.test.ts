import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Database } from "./database.ts";

// withTableViews and snapshot on a pool of two connections: the views are seen inside the scope only, and a
// view that cannot be created leaves no connection inside a transaction.

let db: Database;
beforeEach(async () => {
  db = await Database.open(":memory:", 2);
  await db.run("CREATE TABLE t (n INTEGER)");
  await db.run("INSERT INTO t SELECT range FROM range(10)");
});
afterEach(() => db.close());

const total = (q: Pick<Database, "query">) =>
  q.query<{ n: number }>("SELECT sum(n) AS n FROM t").then(([r]) => r.n);

describe("table views in a scope", () => {
  it("are read by every statement in the scope, in a transaction or not, and by nothing after it", async () => {
    const views = { t: { select: "SELECT * FROM memory.main.t WHERE n < 3" } };
    const inside = await db.withTableViews(views, async () => [
      await total(db),
      await db.transaction((tx) => total(tx)),
      await db.snapshot((tx) => total(tx)),
    ]);
    expect(inside).toEqual([3, 3, 3]);
    // both connections of the pool serve the whole table again
    expect(await Promise.all([total(db), db.snapshot((tx) => total(tx))])).toEqual([45, 45]);
  });

  it("are made only where their condition holds in the transaction", async () => {
    const cut = (needed: string) => ({ t: { select: "SELECT * FROM memory.main.t WHERE n < 3", needed } });
    expect(await db.withTableViews(cut("false"), () => total(db))).toBe(45);
    expect(
      await db.withTableViews(cut("EXISTS (SELECT 1 FROM memory.main.t WHERE n >= 3)"), () => total(db)),
    ).toBe(3);
  });

  it("that cannot be created fail their statement and leave the connection usable", async () => {
    const broken = { t: { select: "SELECT * FROM no_such_table" } };
    for (let i = 0; i < 3; i++) await expect(db.withTableViews(broken, () => total(db))).rejects.toThrow();
    expect(await Promise.all([db.transaction((tx) => total(tx)), db.snapshot((tx) => total(tx))])).toEqual([
      45, 45,
    ]);
  });

  it("see one snapshot for all of a read, and its queries one after the other", async () => {
    const sums = await db.snapshot(async (tx) => {
      await db.run("INSERT INTO t VALUES (100)");
      return Promise.all([total(tx), total(tx), total(tx)]);
    });
    expect(sums).toEqual([45, 45, 45]);
    expect(await total(db)).toBe(145);
  });
});
