import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { customersDatabase, plateRead, siteSale } from "../../warehouse/derived/customers/test-facts.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { parseReportFilters } from "../filters.ts";
import { type RepeatRow, usersFrequencySql } from "./frequency.ts";
import { usersUnique } from "./users-unique.ts";

// "Dit jaar" (1 January – 1 March 2026, against 1 January – 1 March 2025) counts how often each customer
// came from the visits' numbers within their year, with no group per customer. Reads at 10:00 UTC (11:00
// in Amsterdam) unless said otherwise; A is site 1, B site 2.
//   K00 … K11: twelve regulars, K<i> at A daily from 1 January on, 21 + i times (K11: 32 times, to 1 February);
//     K11 also at B on 6 January (15:00) and bought something at A on 1 January.
//   D2: at A on 10 and 20 January; in the year before: 20 and 21 December 2024, 5, 6, 7 January and
//     1 June 2025 (after that comparison's end).
//   D4: at A on 10, 11, 12 January, at B on 13 January.   D1: at A on 9 January.
//   E2: at B on 15 and 16 January.   E1: at B on 17 January.

let db: Database;

beforeEach(async () => {
  db = await customersDatabase();
  for (let i = 0; i < 12; i++) {
    await db.run(
      `INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera, plate)
        SELECT 1, 'k${i}-' || d, TIMESTAMPTZ '2026-01-01 10:00:00Z' + to_days(d::INTEGER), 1, 'c', $plate
        FROM range(${21 + i}) t(d)`,
      { plate: `K${String(i).padStart(2, "0")}` },
    );
  }
  await read(2, "2026-01-06T15:00:00Z", "K11");
  await sale(1, "2026-01-01T10:05:00Z", "K11");
  for (const day of ["2024-12-20", "2024-12-21", "2025-01-05", "2025-01-06", "2025-01-07", "2025-06-01"]) {
    await read(1, `${day}T10:00:00Z`, "D2");
  }
  for (const day of ["10", "20"]) await read(1, `2026-01-${day}T10:00:00Z`, "D2");
  for (const day of ["10", "11", "12"]) await read(1, `2026-01-${day}T10:00:00Z`, "D4");
  await read(2, "2026-01-13T10:00:00Z", "D4");
  await read(1, "2026-01-09T10:00:00Z", "D1");
  for (const day of ["15", "16"]) await read(2, `2026-01-${day}T10:00:00Z`, "E2");
  await read(2, "2026-01-17T10:00:00Z", "E1");
  await syncCustomerVisits(db);
});
afterEach(() => db.close());

const read = (site: number, at: string, plate: string) => plateRead(db, site, at, plate);
const sale = (site: number, at: string, plate: string) => siteSale(db, site, at, plate);

/** The frequency rows of "Dit jaar" against the year before, at all sites or at one: repeats and top apart. */
async function frequency(site?: string) {
  const query = { period: "this-year", compare: "previous", ...(site ? { site } : {}) };
  const filters = await parseReportFilters(query, db, new Date("2026-03-01T12:00:00Z"), usersUnique.entry);
  const { text, params } = usersFrequencySql(filters);
  // from the daily sums of the numbered visits, not from a group of the visits per customer
  expect(text).toContain("customer_visits_daily");
  const rows = await db.query<RepeatRow>(text, params);
  const repeats = rows
    .filter((r) => r.part === "repeats")
    .map((r) => [r.win, r.visits, r.plates, r.visit_sum])
    .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`, "en", { numeric: true }));
  const top = rows
    .filter((r) => r.part === "top")
    .map((r) => [r.plate, r.visits, r.sites, r.purchases, r.last_visit_at])
    .sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0]).localeCompare(String(b[0])));
  return { repeats, top };
}

/** K<i>'s top row: 21 + i visits at A, daily from 1 January, none bought. */
const regular = (i: number) => {
  const last = new Date(Date.parse("2026-01-01T10:00:00Z") + (20 + i) * 86_400_000).toISOString();
  return [`K${String(i).padStart(2, "0")}`, 21 + i, 1, 0, last];
};

describe("frequency from the visits' numbers within the year", () => {
  it("counts customers per number of visits, and finds the ten who came most, at all sites", async () => {
    const { repeats, top } = await frequency();
    expect(repeats).toEqual([
      // 2025 until 1 March: D2 three times (its December 2024 visits are the year before's; 1 June is after)
      ["comparison", 3, 1, 3],
      // D2 and E2 twice; D4 four times; K00 … K10 21 … 31 times and K11 33: 11 + 12 + … + 31 + 33 = 319
      ["current", 2, 2, 4],
      ["current", 4, 1, 4],
      ["current", 11, 12, 319],
    ]);
    // Ten customers came 23 times or more (K02 … K11); K11 also at B and bought once; last visit 1 February.
    expect(top).toEqual([
      ["K11", 33, 2, 1, "2026-02-01T10:00:00.000Z"],
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map(regular),
    ]);
  });

  it("counts at one site its own visits only", async () => {
    const atA = await frequency("a");
    expect(atA.repeats).toEqual([
      ["comparison", 3, 1, 3],
      // D2 twice, D4 three times at A, the regulars 21 … 32 times: 21 + … + 32 = 318
      ["current", 2, 1, 2],
      ["current", 3, 1, 3],
      ["current", 11, 12, 318],
    ]);
    expect(atA.top).toEqual([
      ["K11", 32, 1, 1, "2026-02-01T10:00:00.000Z"],
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map(regular),
    ]);
    // At B only E2 came twice: the customers who came once fill up the top, each with its one visit.
    const atB = await frequency("b");
    expect(atB.repeats).toEqual([["current", 2, 1, 2]]);
    expect(atB.top).toEqual([
      ["E2", 2, 1, 0, "2026-01-16T10:00:00.000Z"],
      ["D4", 1, 1, 0, "2026-01-13T10:00:00.000Z"],
      ["E1", 1, 1, 0, "2026-01-17T10:00:00.000Z"],
      ["K11", 1, 1, 0, "2026-01-06T15:00:00.000Z"],
    ]);
  });
});
