import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { erasePlate } from "../../privacy/erase-plate.ts";
import { pseudonymKey } from "../../privacy/pseudonym.ts";
import { customersDatabase, plateRead } from "../../warehouse/derived/customers/test-facts.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { filtersFor } from "../filters.ts";
import { flowRows, medianGapDay, medianGapHours } from "./flow-rows.ts";

// Flow's daily sums (migration 103) must be what the visits' own gaps and hours give, however the visits
// got there: caught up batch by batch (a late, out-of-order read), after an erasure, or rebuilt. And Flow's
// figures from them must be the hand-worked ones, the median to the hour. Times below are UTC; March 2026
// before the 29th is CET (UTC+1), April CEST (UTC+2).

let db: Database;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

const read = (site: number, at: string, plate: string) => plateRead(db, site, at, plate);

/** The gap sums as [day, site, at site, gap_days, visits, {hour: visits} of the non-zero hours]. */
async function gaps() {
  const rows = await db.query<Record<string, number | string | boolean>>(
    `SELECT * EXCLUDE (day), day::VARCHAR AS day FROM customer_flow_gaps_daily
      ORDER BY day, site_id, at_site, gap_days`,
  );
  return rows.map((row) => [
    row.day,
    row.site_id,
    row.at_site,
    row.gap_days,
    row.visits,
    Object.fromEntries(
      Array.from({ length: 24 }, (_, hour) => [hour, row[`hour_${hour}`]]).filter(
        ([, visits]) => visits !== 0,
      ),
    ),
  ]);
}

/** The hour sums as "day site hour visits". */
const hours = async () =>
  (
    await db.query<{ row: string }>(
      `SELECT concat_ws(' ', day, site_id, hour, visits) AS row FROM customer_flow_hours_daily
        ORDER BY day, site_id, hour`,
    )
  ).map((r) => r.row);

/** Both sums worked out again from all facts, from empty tables. */
async function rebuilt() {
  await db.run("DELETE FROM customer_flow_gaps_daily");
  await db.run("DELETE FROM customer_flow_hours_daily");
  await db.run("DELETE FROM customer_visits");
  await db.run("DELETE FROM customers");
  await db.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0");
  await syncCustomerVisits(db);
  return { gaps: await gaps(), hours: await hours() };
}

describe("Flow's daily sums", () => {
  it("equal the visits' gaps and hours, after a late read and an erasure", async () => {
    await read(1, "2026-03-02T10:00:00Z", "AA11BB"); // AA's first visit
    await read(1, "2026-03-04T12:00:00Z", "AA11BB"); // 50 h later: 2 days and 2 hours, at any site and here
    await read(2, "2026-03-05T12:30:00Z", "AA11BB"); // 24 h 30 m after A: 1 day 0 h; its first at B
    await read(1, "2026-03-03T08:00:00Z", "BB22CC"); // BB's first visit
    await read(1, "2026-04-10T08:00:00Z", "BB22CC"); // 38 days = 912 h later: the class from 28 days
    await syncCustomerVisits(db);
    expect(await gaps()).toEqual([
      ["2026-03-02", 1, false, -1, 1, {}],
      ["2026-03-02", 1, true, -1, 1, {}],
      ["2026-03-03", 1, false, -1, 1, {}],
      ["2026-03-03", 1, true, -1, 1, {}],
      ["2026-03-04", 1, false, 2, 1, { 2: 1 }],
      ["2026-03-04", 1, true, 2, 1, { 2: 1 }],
      ["2026-03-05", 2, false, 1, 1, { 0: 1 }],
      ["2026-03-05", 2, true, -1, 1, {}],
      // 912 h is 240 h past 28 days: none of the class's first 24 hours
      ["2026-04-10", 1, false, 28, 1, {}],
      ["2026-04-10", 1, true, 28, 1, {}],
    ]);
    // local hours: 11, 9, 13, 13 (CET) and 10 (CEST)
    expect(await hours()).toEqual([
      "2026-03-02 1 11 1",
      "2026-03-03 1 9 1",
      "2026-03-04 1 13 1",
      "2026-03-05 2 13 1",
      "2026-04-10 1 10 1",
    ]);

    // late and out of order: AA at B on the 3rd, between its first two visits
    await read(2, "2026-03-03T11:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    const caughtUp = { gaps: await gaps(), hours: await hours() };
    expect(caughtUp.gaps).toEqual([
      ["2026-03-02", 1, false, -1, 1, {}],
      ["2026-03-02", 1, true, -1, 1, {}],
      ["2026-03-03", 1, false, -1, 1, {}],
      ["2026-03-03", 1, true, -1, 1, {}],
      ["2026-03-03", 2, false, 1, 1, { 1: 1 }], // 25 h after the 2nd, 10:00
      ["2026-03-03", 2, true, -1, 1, {}], // AA's first at B now
      ["2026-03-04", 1, false, 1, 1, { 1: 1 }], // 25 h after the 3rd at B
      ["2026-03-04", 1, true, 2, 1, { 2: 1 }], // still 50 h after its previous visit at A
      ["2026-03-05", 2, false, 1, 1, { 0: 1 }],
      ["2026-03-05", 2, true, 2, 1, { 1: 1 }], // 49 h 30 m after the 3rd at B
      ["2026-04-10", 1, false, 28, 1, {}],
      ["2026-04-10", 1, true, 28, 1, {}],
    ]);
    expect(caughtUp.hours).toContain("2026-03-03 2 12 1");
    expect(await rebuilt()).toEqual(caughtUp);

    // erasing BB (src/server/privacy/erase-plate.ts) takes its visits out; days left without visits go
    await erasePlate(db, {
      plate: "BB22CC",
      actorEmail: "demo@wasbord.nl",
      key: pseudonymKey("ab".repeat(32)),
    });
    const erased = { gaps: await gaps(), hours: await hours() };
    expect(erased.gaps.filter((row) => row[0] === "2026-03-03" || row[0] === "2026-04-10")).toEqual([
      ["2026-03-03", 2, false, 1, 1, { 1: 1 }],
      ["2026-03-03", 2, true, -1, 1, {}],
    ]);
    expect(erased.hours).toEqual([
      "2026-03-02 1 11 1",
      "2026-03-03 2 12 1",
      "2026-03-04 1 13 1",
      "2026-03-05 2 13 1",
    ]);
    expect(await rebuilt()).toEqual(erased);
  });

  it("are filled in for visits from before them", async () => {
    await read(1, "2026-03-02T10:00:00Z", "AA11BB");
    await read(1, "2026-03-04T12:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    const filled = { gaps: await gaps(), hours: await hours() };
    // as after migration 103 on a database with visits: new tables, and the daily sums emptied
    await db.run("DELETE FROM customer_flow_gaps_daily");
    await db.run("DELETE FROM customer_flow_hours_daily");
    await db.run("DELETE FROM customer_visits_daily");
    await syncCustomerVisits(db);
    expect({ gaps: await gaps(), hours: await hours() }).toEqual(filled);
    expect(filled.hours).toEqual(["2026-03-02 1 11 1", "2026-03-04 1 13 1"]);
  });
});

describe("Flow's median gap from the daily sums", () => {
  /** A gap_days' visits per hour: the given hours' visits, 0 elsewhere. */
  const hours = (visits: Record<number, number>) =>
    Array.from({ length: 24 }, (_, hour) => visits[hour] ?? 0);
  const day = (gap_days: number, visits: number) => ({
    win: "current" as const,
    grain: "gap_days" as const,
    gap_days,
    visits,
  });

  it("finds the day that holds the median, then its hour", () => {
    // gaps 5, 30 and 50 h (and a first visit): the median is the 2nd of 3, 30 h (1 day 6 h)
    const odd = medianGapDay([day(-1, 1), day(0, 1), day(1, 1), day(2, 1)]);
    expect(odd).toEqual({ gap_days: 1, below: 1, gaps: 3 });
    expect(medianGapHours(odd ?? { gap_days: 0, below: 0, gaps: 0 }, hours({ 6: 1 }))).toBe(30);
    // gaps 5, 30, 50, 70 h: the smallest hour that half of them (2) do not exceed: 30
    const even = medianGapDay([day(0, 1), day(1, 1), day(2, 2)]);
    expect(even).toEqual({ gap_days: 1, below: 1, gaps: 4 });
    expect(medianGapHours(even ?? { gap_days: 0, below: 0, gaps: 0 }, hours({ 6: 1 }))).toBe(30);
    // gaps 5, 5, 30, 50 h: the tie at 5 h already covers half
    const tie = medianGapDay([day(0, 2), day(1, 1), day(2, 1)]);
    expect(tie).toEqual({ gap_days: 0, below: 0, gaps: 4 });
    expect(medianGapHours(tie ?? { gap_days: 0, below: 0, gaps: 0 }, hours({ 5: 2 }))).toBe(5);
    // no gaps, only first visits: none
    expect(medianGapDay([day(-1, 3)])).toBeNull();
    // in the class from 28 days, beyond its first 24 hours: the sums cannot say
    expect(medianGapHours({ gap_days: 28, below: 0, gaps: 1 }, hours({}))).toBeUndefined();
  });

  it("gives Flow's figures, with the unfinished day from the visits and a median beyond the sums", async () => {
    await read(1, "2026-03-02T10:00:00Z", "AA11BB");
    await read(1, "2026-03-04T12:00:00Z", "AA11BB"); // 50 h
    await read(2, "2026-03-05T12:30:00Z", "AA11BB"); // 24 h (any site)
    await read(1, "2026-03-03T08:00:00Z", "BB22CC");
    await read(1, "2026-03-05T09:00:00Z", "BB22CC"); // 49 h
    await read(1, "2026-04-10T08:00:00Z", "BB22CC"); // 35 days 23 hours = 863 h
    await syncCustomerVisits(db);
    const figures = async (
      from: string,
      to: string,
      now: string,
      sites: { id: number; code: string; name: string }[] = [],
    ) => {
      const filters = filtersFor({
        preset: "custom",
        range: { from, to },
        compare: "none",
        shift: null,
        granularity: "day",
        sites,
        now: new Date(now),
      });
      const rows = await flowRows(db, filters);
      const total = rows.find((row) => row.grain === "total");
      const classes = rows.filter((row) => row.grain === "gap").map((row) => [row.gap, row.visits]);
      return { visits: total?.visits, median: total?.median_gap_days, classes };
    };
    // 2–5 March, all sites, by 12:00 on the 5th: AA's 12:30 visit has not happened yet (the unfinished day
    // is read from the visits). Gaps 50 h and 49 h: the median is the smaller, 49 h.
    expect(await figures("2026-03-02", "2026-03-05", "2026-03-05T12:00:00Z")).toEqual({
      visits: 4,
      median: 49 / 24,
      classes: [["< 1 week", 2]],
    });
    // the whole days: gaps 24, 49 and 50 h; median 49 h
    expect(await figures("2026-03-02", "2026-03-05", "2026-03-06T00:00:00Z")).toEqual({
      visits: 5,
      median: 49 / 24,
      classes: [["< 1 week", 3]],
    });
    // at B alone: AA's visit on the 5th is its first there, no gap
    expect(
      await figures("2026-03-02", "2026-03-05", "2026-03-06T00:00:00Z", [{ id: 2, code: "b", name: "B" }]),
    ).toEqual({ visits: 1, median: null, classes: [] });
    // April: the one gap is 863 h, in the class from 28 days (672 h) beyond its first 24 hours: read from
    // the visits themselves, 863 h
    expect(await figures("2026-04-01", "2026-04-30", "2026-05-01T00:00:00Z")).toEqual({
      visits: 1,
      median: 863 / 24,
      classes: [["1–2 maanden", 1]],
    });
  });
});
