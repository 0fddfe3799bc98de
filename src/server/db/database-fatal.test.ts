import { describe, expect, it } from "vitest";
import { Database } from "./database.ts";

describe("a fatal error in the pool", () => {
  it("invalidates the database once, tells the listeners once, and refuses every statement after it", async () => {
    const db = await Database.open(":memory:", 2);
    try {
      const heard: string[] = [];
      db.onFatal((error) => heard.push(error.message));
      db.failFatallyOn("boom");
      await db.run("CREATE TABLE t (x INTEGER)");
      await expect(db.query("SELECT 1 AS boom")).rejects.toThrow(/^FATAL Error: simulated/);
      expect(db.invalidated).toBe(true);
      await expect(db.query("SELECT 1 AS fine")).rejects.toThrow(/database has been invalidated/);
      await expect(db.transaction((tx) => tx.run("INSERT INTO t VALUES (1)"))).rejects.toThrow(/invalidated/);
      expect(heard).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it("leaves an ordinary error alone", async () => {
    const db = await Database.open(":memory:", 1);
    try {
      await expect(db.query("SELECT * FROM nothing_here")).rejects.toThrow(/Catalog Error/);
      expect(db.invalidated).toBe(false);
      expect(await db.query("SELECT 1 AS n")).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });
});
