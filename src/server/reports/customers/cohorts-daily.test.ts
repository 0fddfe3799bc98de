import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { erasePlate } from "../../privacy/erase-plate.ts";
import { pseudonymKey } from "../../privacy/pseudonym.ts";
import {
  customersDatabase,
  plateRead,
  rebuildCustomers,
} from "../../warehouse/derived/customers/test-facts.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { filtersFor } from "../filters.ts";
import { cohortSql } from "./cohorts.ts";

// The cohort sums must be what summing the visits' own flags gives, however the visits got there: caught up
// batch by batch (late and out-of-order reads that move a customer's first visit, and so its cohort), after
// an erasure, or rebuilt from all facts. And the cohort matrix read from them must count what the visits
// say. Times below are UTC; winter in Amsterdam is UTC+1.

let db: Database;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

const read = (site: number, at: string, plate: string) => plateRead(db, site, at, plate);

/** The sums as [day, site, cohort, first of the month at any site, first of the month at the home site]. */
const sums = async () =>
  (
    await db.query<{
      day: string;
      site_id: number;
      cohort: string;
      first_month: number;
      home_first_month: number;
    }>(
      "SELECT day::VARCHAR AS day, site_id, cohort::VARCHAR AS cohort, first_month, home_first_month FROM customer_cohorts_daily ORDER BY ALL",
    )
  ).map((r) => [r.day, r.site_id, r.cohort, r.first_month, r.home_first_month]);

const key = pseudonymKey("ab".repeat(32));
const erase = (plate: string) => erasePlate(db, { plate, actorEmail: "demo@wasbord.nl", key });

/** The sums worked out again from all facts. */
async function rebuilt() {
  await rebuildCustomers(db);
  return sums();
}

describe("daily cohort sums", () => {
  it("equal the visits' flags summed, after late and out-of-order reads and an erasure", async () => {
    await read(1, "2026-01-10T10:00:00Z", "AA11BB"); // AA's first visit ever, at A: cohort January
    await read(2, "2026-01-20T10:00:00Z", "AA11BB"); // not AA's first of January; at B, not its home site
    await read(1, "2026-01-31T23:30:00Z", "CC22DD"); // 00:30 on 1 February, local: CC's first visit, cohort February
    await read(2, "2026-02-03T10:00:00Z", "AA11BB"); // AA's first of February, at B (not home)
    await read(1, "2026-02-05T10:00:00Z", "AA11BB"); // AA's first of February at A, its home site
    await syncCustomerVisits(db);
    expect(await sums()).toEqual([
      ["2026-01-10", 1, "2026-01-01", 1, 1],
      ["2026-02-01", 1, "2026-02-01", 1, 1],
      ["2026-02-03", 2, "2026-01-01", 1, 0],
      ["2026-02-05", 1, "2026-01-01", 0, 1],
    ]);

    // Late, and out of order among themselves: AA's first visit ever is now 28 December at B (cohort
    // December, home B); CC's is 15 January at B (cohort January, home B).
    await read(2, "2026-01-15T10:00:00Z", "CC22DD");
    await read(2, "2025-12-28T10:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    const caughtUp = await sums();
    expect(caughtUp).toEqual([
      ["2025-12-28", 2, "2025-12-01", 1, 1],
      ["2026-01-10", 1, "2025-12-01", 1, 0], // AA's first of January; A is no longer its home
      ["2026-01-15", 2, "2026-01-01", 1, 1],
      ["2026-01-20", 2, "2025-12-01", 0, 1], // AA's first of January at B, its home now
      ["2026-02-01", 1, "2026-01-01", 1, 0],
      ["2026-02-03", 2, "2025-12-01", 1, 1],
      // 5 February at A: neither AA's first of February nor at its home: no row
    ]);
    expect(await rebuilt()).toEqual(caughtUp);

    await erase("CC22DD"); // as Privacy does (src/server/privacy/erase-plate.ts)
    expect(await sums()).toEqual([
      ["2025-12-28", 2, "2025-12-01", 1, 1],
      ["2026-01-10", 1, "2025-12-01", 1, 0],
      ["2026-01-20", 2, "2025-12-01", 0, 1],
      ["2026-02-03", 2, "2025-12-01", 1, 1],
    ]);
    await read(1, "2026-02-03T12:00:00Z", "EE33FF"); // adds to a day with a row already, other cohort
    await syncCustomerVisits(db);
    const afterErasure = await sums();
    expect(afterErasure).toContainEqual(["2026-02-03", 1, "2026-02-01", 1, 1]);
    expect(afterErasure).toHaveLength(5);
    expect(await rebuilt()).toEqual(afterErasure);
  });

  it("are filled in for visits from before them (migration 104 empties the daily sums)", async () => {
    await read(1, "2026-01-10T10:00:00Z", "AA11BB");
    await read(2, "2026-02-03T10:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    const filled = await sums();
    expect(filled).toEqual([
      ["2026-01-10", 1, "2026-01-01", 1, 1],
      ["2026-02-03", 2, "2026-01-01", 1, 0],
    ]);
    await db.run("DELETE FROM customer_cohorts_daily");
    await db.run("DELETE FROM customer_visits_daily");
    await syncCustomerVisits(db);
    expect(await sums()).toEqual(filled);
  });

  it("give the cohort matrix for all sites, one site and a set, the last day from the visits", async () => {
    // AA: 28 December at B (first ever), 10 January at A, 20 January at B, 3 February at B, 5 February at A.
    // EE: 3 February at A. FF: 6 February at A, the day the matrix runs to (read from the visits).
    for (const [site, at] of [
      [2, "2025-12-28T10:00:00Z"],
      [1, "2026-01-10T10:00:00Z"],
      [2, "2026-01-20T10:00:00Z"],
      [2, "2026-02-03T10:00:00Z"],
      [1, "2026-02-05T10:00:00Z"],
    ] as const)
      await read(site, at, "AA11BB");
    await read(1, "2026-02-03T12:00:00Z", "EE33FF");
    await read(1, "2026-02-06T08:00:00Z", "FF44GG");
    await syncCustomerVisits(db);
    const A = { id: 1, code: "a", name: "A" };
    const B = { id: 2, code: "b", name: "B" };
    const cells = async (sites: (typeof A)[]) => {
      const filters = filtersFor({
        preset: "this-month",
        range: { from: "2026-02-01", to: "2026-02-28" },
        compare: "none",
        shift: null,
        granularity: "day",
        sites,
        now: new Date("2026-02-06T12:00:00Z"),
      });
      const { text, params } = cohortSql(filters);
      expect(text.includes("customer_cohorts_daily")).toBe(sites.length < 2);
      const rows = await db.query<{ cohort: string; month: string; plates: number }>(text, params);
      return rows.map((r) => [r.cohort.slice(0, 7), r.month.slice(0, 7), Number(r.plates)]).sort();
    };
    // All sites, and the set of both (the same here): AA (cohort December) each month; EE and FF in February.
    const everywhere = [
      ["2025-12", "2025-12", 1],
      ["2025-12", "2026-01", 1],
      ["2025-12", "2026-02", 1],
      ["2026-02", "2026-02", 2],
    ];
    expect(await cells([])).toEqual(everywhere);
    expect(await cells([A, B])).toEqual(everywhere);
    // A: EE and FF, whose first visits were there; AA's first was at B.
    expect(await cells([A])).toEqual([["2026-02", "2026-02", 2]]);
    // B: AA each month, at B (10 January and 5 February at A do not count there).
    expect(await cells([B])).toEqual([
      ["2025-12", "2025-12", 1],
      ["2025-12", "2026-01", 1],
      ["2025-12", "2026-02", 1],
    ]);
  });
});
