import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { customersDatabase, plateRead, siteSale } from "../../warehouse/derived/customers/test-facts.ts";
import { COUNTED_NUMBERS, eraseFromVisitsDaily } from "../../warehouse/derived/customers/visits-daily.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { filtersFor } from "../filters.ts";
import { usersTypeSql } from "./users-type.ts";
import { usersUniqueSql } from "./users-unique.ts";

// The daily sums of the visits must be what summing the visits' own flags gives, however the visits got
// there: caught up batch by batch (late and out-of-order reads, a late sale), after an erasure, or
// rebuilt from all facts. And a year's figures from them must count customers across the turn of the year
// as the visits do. Times below are UTC; winter in Amsterdam is UTC+1. 29 December 2025 is a Monday: the
// ISO week of 1 January 2026 starts then.

let db: Database;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

const read = (site: number, at: string, plate: string) => plateRead(db, site, at, plate);
const sale = (site: number, at: string, plate: string) => siteSale(db, site, at, plate);

const daily = () =>
  db.query<Record<string, unknown>>(
    "SELECT * EXCLUDE (day), day::VARCHAR AS day FROM customer_visits_daily ORDER BY day, site_id",
  );

/** The daily sums worked out again from all facts, from empty tables. */
async function rebuilt() {
  await db.run("DELETE FROM customer_visits_daily");
  await db.run("DELETE FROM customer_visits");
  await db.run("DELETE FROM customers");
  await db.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0");
  await syncCustomerVisits(db);
  return daily();
}

// A row of the sums: day, site, visits, purchased, then the flags as four-letter strings per period
// (day, week, month, year): first at any site, first at the site, new at the site; and first ever; then the
// visit's number within its year at any site and at the site.
const row = (
  day: string,
  site: number,
  purchased: number,
  first: string,
  ever: number,
  siteFirst: string,
  siteNew: string,
  [number, siteNumber] = [1, 1],
) => {
  const flags = (prefix: string, bits: string) =>
    Object.fromEntries(["day", "week", "month", "year"].map((p, i) => [`${prefix}${p}`, Number(bits[i])]));
  const numbered = (prefix: string, n: number) => ({
    ...Object.fromEntries(COUNTED_NUMBERS.map((k) => [`${prefix}${k}`, Number(n === k)])),
    [`${prefix}later`]: Number(n > 11),
  });
  return {
    day,
    site_id: site,
    visits: 1,
    purchased,
    ...flags("first_", first),
    first_ever: ever,
    ...flags("site_first_", siteFirst),
    ...flags("site_new_", siteNew),
    ...numbered("year_nth_", number),
    ...numbered("site_year_nth_", siteNumber),
  };
};

describe("daily visit sums", () => {
  it("equal the visits' flags summed, after late and out-of-order facts and an erasure", async () => {
    await read(1, "2025-12-31T10:00:00Z", "AA11BB"); // Wed 31 Dec: AA's first visit
    await read(1, "2026-01-01T10:00:00Z", "AA11BB"); // Thu 1 Jan: first of day, month, year; not of the week
    await read(2, "2026-01-01T15:00:00Z", "AA11BB"); // the same day at B: first at B, new at B for the week
    await read(1, "2026-01-01T23:30:00Z", "CC22DD"); // 00:30 on 2 January, local time: CC's first visit
    await syncCustomerVisits(db);
    expect(await daily()).toEqual([
      row("2025-12-31", 1, 0, "1111", 1, "1111", "1111"),
      row("2026-01-01", 1, 0, "1011", 0, "1011", "0000"),
      row("2026-01-01", 2, 0, "0000", 0, "1111", "0100", [2, 1]), // AA's second visit of 2026, first at B
      row("2026-01-02", 1, 0, "1111", 1, "1111", "1111"),
    ]);

    await read(2, "2025-12-30T09:00:00Z", "AA11BB"); // late and earlier than all: AA's first visit is now at B
    await sale(1, "2026-01-01T23:40:00Z", "CC22DD"); // CC's visit ends in a sale
    await syncCustomerVisits(db);
    const caughtUp = await daily();
    expect(caughtUp).toEqual([
      row("2025-12-30", 2, 0, "1111", 1, "1111", "1111"),
      // previous visit on the 30th, in the same week; first at A, whose first visit ever was in the
      // week, month and year, not on the day
      row("2025-12-31", 1, 0, "1000", 0, "1111", "0111", [2, 1]), // now AA's second of 2025
      row("2026-01-01", 1, 0, "1011", 0, "1011", "0000"),
      // B's previous visit on the 30th: first at B of the day, month and year, not of the week
      row("2026-01-01", 2, 0, "0000", 0, "1011", "0000", [2, 1]),
      row("2026-01-02", 1, 1, "1111", 1, "1111", "1111"),
    ]);
    expect(await rebuilt()).toEqual(caughtUp);

    // an erasure (src/server/privacy/erase-plate.ts) takes CC's visit out; a later visit adds on
    await db.transaction(async (tx) => {
      await eraseFromVisitsDaily(tx, "CC22DD");
      await tx.run(
        "DELETE FROM customer_visits WHERE customer_id IN (SELECT id FROM customers WHERE plate = 'CC22DD')",
      );
      await tx.run("DELETE FROM customers WHERE plate = 'CC22DD'");
      await tx.run("DELETE FROM plate_reads WHERE plate = 'CC22DD'");
      await tx.run("UPDATE transactions SET plate = NULL WHERE plate = 'CC22DD'");
      await tx.run("UPDATE customer_visits_sync SET reads = reads - 1");
    });
    expect((await daily()).map((r) => r.day)).toEqual([
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-01",
    ]);
    await read(1, "2026-01-02T08:00:00Z", "EE33FF");
    await syncCustomerVisits(db);
    const afterErasure = await daily();
    expect(afterErasure.at(-1)).toEqual(row("2026-01-02", 1, 0, "1111", 1, "1111", "1111"));
    expect(await rebuilt()).toEqual(afterErasure);
  });

  it("are filled in for visits from before them", async () => {
    await read(1, "2026-01-01T10:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    const filled = await daily();
    await db.run("DELETE FROM customer_visits_daily"); // as after migration 086 on an existing database
    await syncCustomerVisits(db);
    expect(await daily()).toEqual(filled);
    expect(filled).toEqual([row("2026-01-01", 1, 0, "1111", 1, "1111", "1111")]);
  });

  it("count a year's customers per week across the turn of the year, as a set's visits do", async () => {
    await read(2, "2025-12-30T09:00:00Z", "AA11BB"); // AA: first visit ever, at B
    await read(1, "2025-12-31T10:00:00Z", "AA11BB");
    await read(1, "2026-01-01T10:00:00Z", "AA11BB"); // previous visit the day before, in the same ISO week
    await read(2, "2026-01-01T15:00:00Z", "AA11BB");
    await read(1, "2026-01-01T23:30:00Z", "CC22DD"); // 2 January, local: CC's first visit ever
    await syncCustomerVisits(db);
    const year = (sites: { id: number; code: string; name: string }[]) =>
      filtersFor({
        preset: "this-year",
        range: { from: "2026-01-01", to: "2026-12-31" },
        compare: "none",
        shift: null,
        granularity: "week",
        sites,
        now: new Date("2026-01-02T12:00:00Z"),
      });
    const figures = async (build: typeof usersUniqueSql, filters: ReturnType<typeof year>) => {
      const { text, params } = build(filters);
      // the daily sums answer all sites and one; a set of sites is counted from its visits
      expect(text.includes("customer_visits_daily")).toBe(filters.sites.length < 2);
      const rows = await db.query<Record<string, unknown>>(text, params);
      return rows.map(({ win, site_name, ...rest }) => rest);
    };
    // All sites, and the set of both (the same here): 2026 so far: AA (1 January at A and B) and CC
    // (2 January at A). The week of 29 December starts, for this year, on 1 January: AA counts in it
    // although it came on the 31st, in the same ISO week.
    const both = [
      { id: 1, code: "a", name: "A" },
      { id: 2, code: "b", name: "B" },
    ];
    for (const sites of [[], both]) {
      const unique = await figures(usersUniqueSql, year(sites));
      expect(unique).toEqual(
        expect.arrayContaining([
          { grain: "total", bucket: null, site_id: null, visits: 3, plates: 2 },
          { grain: "bucket", bucket: "2025-12-29T00:00:00.000Z", site_id: null, visits: 3, plates: 2 },
          { grain: "site", bucket: null, site_id: 1, visits: 2, plates: 2 },
          { grain: "site", bucket: null, site_id: 2, visits: 1, plates: 1 },
        ]),
      );
      expect(unique).toHaveLength(4);
      // new this year: CC only; at A, CC is new (AA's first visit ever was at B, in 2025); at B, nobody
      const type = await figures(usersTypeSql, year(sites));
      expect(type).toEqual(
        expect.arrayContaining([
          { grain: "total", bucket: null, site_id: null, plates: 2, new_plates: 1 },
          { grain: "bucket", bucket: "2025-12-29T00:00:00.000Z", site_id: null, plates: 2, new_plates: 1 },
          { grain: "site", bucket: null, site_id: 1, plates: 2, new_plates: 1 },
          { grain: "site", bucket: null, site_id: 2, plates: 1, new_plates: 0 },
        ]),
      );
    }
    // at B alone: AA, returning (first seen there on 30 December)
    const atB = await figures(usersTypeSql, year([{ id: 2, code: "b", name: "B" }]));
    expect(atB.find((r) => r.grain === "total")).toEqual({
      grain: "total",
      bucket: null,
      site_id: null,
      plates: 1,
      new_plates: 0,
    });
  });
});
