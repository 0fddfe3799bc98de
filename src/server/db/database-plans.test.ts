import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Database } from "./database.ts";

// Reads with parameters run from a plan kept per connection (database.ts): the same text must still answer
// for each call's own values, for a table replaced since, and after plans were dropped for newer ones.

let db: Database;
beforeEach(async () => {
  // One connection: every read goes through the same kept plans.
  db = await Database.open(":memory:", 1);
  await db.run("CREATE TABLE visits (site_id INTEGER, visit_at TIMESTAMPTZ)");
  await db.run(`INSERT INTO visits VALUES (1, '2026-11-02 09:00:00+00'), (1, '2026-11-03 09:00:00+00'),
    (2, '2026-11-03 10:00:00+00')`);
});
afterEach(() => db.close());

const COUNT = "SELECT count(*) AS n FROM visits WHERE visit_at >= $from::TIMESTAMPTZ AND site_id = $site";
const count = async (from: string, site: number) =>
  (await db.query<{ n: number }>(COUNT, { from, site }))[0].n;

describe("kept plans", () => {
  it("answer each call for its own values", async () => {
    expect(await count("2026-11-01", 1)).toBe(2);
    expect(await count("2026-11-03", 1)).toBe(1);
    expect(await count("2026-11-01", 2)).toBe(1);
    expect(await count("2026-11-04", 2)).toBe(0);
  });

  it("read the table as it is now when it was replaced, with other columns, since", async () => {
    expect(await count("2026-11-01", 1)).toBe(2);
    await db.run("DROP TABLE visits");
    await db.run("CREATE TABLE visits (note VARCHAR, visit_at TIMESTAMPTZ, site_id INTEGER)");
    await db.run("INSERT INTO visits VALUES ('x', '2026-11-05 09:00:00+00', 1)");
    expect(await count("2026-11-01", 1)).toBe(1);
    expect(await db.query(`SELECT * FROM visits WHERE site_id = $site`, { site: 1 })).toEqual([
      { note: "x", visit_at: "2026-11-05T09:00:00.000Z", site_id: 1 },
    ]);
  });

  it("answer right after more texts than are kept have pushed the first one out", async () => {
    expect(await count("2026-11-01", 1)).toBe(2);
    for (let i = 0; i < 70; i++) {
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*) + ${i} AS n FROM visits WHERE site_id = $site`,
        {
          site: 2,
        },
      );
      expect(n).toBe(1 + i);
    }
    expect(await count("2026-11-03", 1)).toBe(1);
  });
});
