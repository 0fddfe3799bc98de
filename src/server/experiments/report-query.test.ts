import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { Database } from "../db/database.ts";
import { experimentCounts } from "./report-query.ts";

// The counts are reused while nothing changed, for at most a minute while facts arrive, and recomputed at
// once when an experiment changes. One experiment, exposures on Tuesday 20 October 2026 (CEST).

let db: Database;
const since = new Date("2026-10-19T22:00:00Z");
const at = (seconds: number) => new Date(Date.parse("2026-10-21T10:00:00Z") + seconds * 1000);

async function expose(visitor: string, variant: string) {
  await db.run(
    `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, experiment_key, variant_key)
     VALUES (1, $1, '2026-10-20T10:00:00Z', 'experiment', '/', 'kop', $2)`,
    [visitor, variant],
  );
}
const units = async (now: Date) =>
  (await experimentCounts(db, since, now)).reduce((sum, row) => sum + row.units, 0);

beforeAll(async () => {
  db = await migratedDatabase();
  await db.run(
    "INSERT INTO experiments (id, key, name, status, started_at) VALUES (1, 'kop', 'Kop', 'running', $1::TIMESTAMPTZ)",
    [since.toISOString()],
  );
  await db.run("INSERT INTO experiment_variants VALUES (1, 'a', 'A', true), (1, 'b', 'B', false)");
  await db.run(`INSERT INTO experiment_phases VALUES (1, 1, $1::TIMESTAMPTZ, NULL, '{"a": 1, "b": 1}')`, [
    since.toISOString(),
  ]);
  await expose("V1", "a");
});

afterAll(async () => {
  await db?.close();
});

describe("the experiment counts cache", () => {
  it("reuses the counts for a minute while events arrive, then counts again", async () => {
    expect(await units(at(0))).toBe(1);
    await expose("V2", "b");
    // 59 s later the new exposure is not counted yet; at 61 s it is.
    expect(await units(at(59))).toBe(1);
    expect(await units(at(61))).toBe(2);
  });

  it("counts again at once when an experiment changes", async () => {
    await expose("V3", "a");
    expect(await units(at(62))).toBe(2);
    await db.run("UPDATE experiments SET version = version + 1 WHERE id = 1");
    expect(await units(at(63))).toBe(3);
  });
});
