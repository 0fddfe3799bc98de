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
import { usersTypeSql } from "./users-type.ts";

// The gap histograms must be what counting the visits' own gaps gives, however the visits got there: caught
// up batch by batch (late and out-of-order reads that move first visits), after an erasure, or rebuilt from
// all facts. And Nieuw / Terugkerend over a run of days that no calendar period holds must count from them
// what the visits say. Times below are UTC; winter in Amsterdam is UTC+1. 5 and 12 January 2026 are Mondays.

let db: Database;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

const read = (site: number, at: string, plate: string) => plateRead(db, site, at, plate);
const key = pseudonymKey("ab".repeat(32));

/**
 * The histograms as [day, site, gap, visits, site_visits, site_first_visits]: gap in days back to the
 * previous visit at any site / at the site, or (site_first_visits) to the first visit ever of a customer
 * first at the site; 31: 31 days or more; 32: none.
 */
const gaps = async () =>
  (
    await db.query<Record<string, number | string>>(
      "SELECT day::VARCHAR AS day, site_id, gap, visits, site_visits, site_first_visits FROM customer_visit_gaps_daily ORDER BY ALL",
    )
  ).map((r) => Object.values(r));

async function rebuilt() {
  await rebuildCustomers(db);
  return gaps();
}

describe("daily gap histograms", () => {
  it("equal the visits' gaps counted, after late and out-of-order reads and an erasure", async () => {
    await read(1, "2026-01-05T10:00:00Z", "AA11BB"); // AA's first visit ever, at A
    await read(1, "2026-01-12T10:00:00Z", "AA11BB"); // 7 days after it, at A too
    await read(2, "2026-01-12T15:00:00Z", "AA11BB"); // the same day at B: AA's first there, 7 days after its first
    await read(1, "2026-01-11T23:30:00Z", "CC22DD"); // 00:30 on 12 January, local: CC's first visit ever
    await syncCustomerVisits(db);
    expect(await gaps()).toEqual([
      ["2026-01-05", 1, 0, 0, 0, 1],
      ["2026-01-05", 1, 32, 1, 1, 0],
      ["2026-01-12", 1, 0, 0, 0, 1], // CC, first at A on its first day
      ["2026-01-12", 1, 7, 1, 1, 0], // AA
      ["2026-01-12", 1, 32, 1, 1, 0], // CC
      ["2026-01-12", 2, 0, 1, 0, 0],
      ["2026-01-12", 2, 7, 0, 0, 1],
      ["2026-01-12", 2, 32, 0, 1, 0],
    ]);

    // Late, and out of order: CC first came on 20 November at B, AA on 1 December at A.
    await read(2, "2025-11-20T10:00:00Z", "CC22DD");
    await read(1, "2025-12-01T10:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    const caughtUp = await gaps();
    expect(caughtUp).toEqual([
      ["2025-11-20", 2, 0, 0, 0, 1],
      ["2025-11-20", 2, 32, 1, 1, 0],
      ["2025-12-01", 1, 0, 0, 0, 1],
      ["2025-12-01", 1, 32, 1, 1, 0],
      ["2026-01-05", 1, 31, 1, 1, 0], // 35 days after 1 December
      ["2026-01-12", 1, 7, 1, 1, 0], // AA
      ["2026-01-12", 1, 31, 1, 0, 1], // CC: 53 days after 20 November; its first at A
      ["2026-01-12", 1, 32, 0, 1, 0],
      ["2026-01-12", 2, 0, 1, 0, 0], // AA: first at B, 42 days after its first visit ever
      ["2026-01-12", 2, 31, 0, 0, 1],
      ["2026-01-12", 2, 32, 0, 1, 0],
    ]);
    expect(await rebuilt()).toEqual(caughtUp);

    await erasePlate(db, { plate: "CC22DD", actorEmail: "demo@wasbord.nl", key });
    expect(await gaps()).toEqual([
      ["2025-12-01", 1, 0, 0, 0, 1],
      ["2025-12-01", 1, 32, 1, 1, 0],
      ["2026-01-05", 1, 31, 1, 1, 0],
      ["2026-01-12", 1, 7, 1, 1, 0],
      ["2026-01-12", 2, 0, 1, 0, 0],
      ["2026-01-12", 2, 31, 0, 0, 1],
      ["2026-01-12", 2, 32, 0, 1, 0],
    ]);
    await read(1, "2026-01-12T12:00:00Z", "EE33FF");
    await syncCustomerVisits(db);
    const afterErasure = await gaps();
    expect(afterErasure).toContainEqual(["2026-01-12", 1, 0, 0, 0, 1]);
    expect(afterErasure).toContainEqual(["2026-01-12", 1, 32, 1, 1, 0]);
    expect(afterErasure).toHaveLength(9);
    expect(await rebuilt()).toEqual(afterErasure);
  });

  it("count new and returning customers of a run of days, per clipped week and site, the last day from the visits", async () => {
    // AA: 1 December at A (first ever), Monday 5 January at A, Wednesday 7 January at A, Monday 12 at B.
    // CC: Monday 12 January at A, its first visit ever. DD: 20 December at B (first ever), 8 January at A.
    // EE: Tuesday 6 January at A (first ever) and B, Friday 9 at A: visits 0 and 3 days after one on the
    // window's first day, which do not count again.
    await read(1, "2025-12-01T10:00:00Z", "AA11BB");
    await read(1, "2026-01-05T10:00:00Z", "AA11BB");
    await read(1, "2026-01-07T10:00:00Z", "AA11BB");
    await read(2, "2026-01-12T10:00:00Z", "AA11BB");
    await read(1, "2026-01-12T08:00:00Z", "CC22DD");
    await read(2, "2025-12-20T10:00:00Z", "DD33EE");
    await read(1, "2026-01-08T10:00:00Z", "DD33EE");
    await read(1, "2026-01-06T09:00:00Z", "EE44FF");
    await read(2, "2026-01-06T15:00:00Z", "EE44FF");
    await read(1, "2026-01-09T10:00:00Z", "EE44FF");
    await syncCustomerVisits(db);
    const A = { id: 1, code: "a", name: "A" };
    const B = { id: 2, code: "b", name: "B" };
    // Tuesday 6 to Monday 12 January, now on the 12th: no calendar period, so the gaps answer.
    const figures = async (sites: (typeof A)[]) => {
      const filters = filtersFor({
        preset: "custom",
        range: { from: "2026-01-06", to: "2026-01-12" },
        compare: "none",
        shift: null,
        granularity: "week",
        sites,
        now: new Date("2026-01-12T18:00:00Z"),
      });
      const { text, params } = usersTypeSql(filters);
      expect(text.includes("customer_visit_gaps_daily")).toBe(sites.length < 2);
      const rows = await db.query<Record<string, unknown>>(text, params);
      return rows.map(({ win, site_name, ...rest }) => rest);
    };
    const row = (
      grain: string,
      bucket: string | null,
      site_id: number | null,
      plates: number,
      newPlates: number,
    ) => ({
      grain,
      bucket: bucket && `${bucket}T00:00:00.000Z`,
      site_id,
      plates,
      new_plates: newPlates,
    });
    // All sites, and the set of both (from its visits): AA (7th, back from the 5th, before the window), DD
    // (8th), EE (6th, new) and CC (12th, new). The week of 5 January starts on the 6th: AA's visit of the
    // 5th does not make the 7th a repeat in it. Week of 12 January: AA (at B) and CC. Per site: A has AA,
    // DD (first there, not new to the chain), EE and CC; B has EE (new) and AA.
    for (const sites of [[], [A, B]]) {
      const rows = await figures(sites);
      expect(rows).toEqual(
        expect.arrayContaining([
          row("total", null, null, 4, 2),
          row("bucket", "2026-01-05", null, 3, 1),
          row("bucket", "2026-01-12", null, 2, 1),
          row("site", null, 1, 4, 2),
          row("site", null, 2, 2, 1),
        ]),
      );
      expect(rows).toHaveLength(5);
    }
    // At A: AA, DD, EE, CC; EE and CC new (DD's first visit ever was at B, in December).
    expect(await figures([A])).toEqual(
      expect.arrayContaining([
        row("total", null, null, 4, 2),
        row("bucket", "2026-01-05", null, 3, 1),
        row("bucket", "2026-01-12", null, 1, 1),
        row("site", null, 1, 4, 2),
      ]),
    );
    // At B: EE on the 6th, new (its first visit ever, at A, was that day); AA on the 12th, returning.
    expect(await figures([B])).toEqual(
      expect.arrayContaining([
        row("total", null, null, 2, 1),
        row("bucket", "2026-01-05", null, 1, 1),
        row("bucket", "2026-01-12", null, 1, 0),
      ]),
    );
  });
});
