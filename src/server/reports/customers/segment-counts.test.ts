import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { erasePlate } from "../../privacy/erase-plate.ts";
import { pseudonymKey } from "../../privacy/pseudonym.ts";
import { syncSegmentCountsAt } from "../../warehouse/derived/customers/segment-counts.ts";
import { customersDatabase, plateRead } from "../../warehouse/derived/customers/test-facts.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { parseReportFilters } from "../filters.ts";
import { readMigration } from "./segment-counts.ts";
import { migrationSql } from "./segments.ts";
import { usersFlow } from "./users-flow.ts";

// segment_counts must be what a rebuild from customer_visits gives, after late and out-of-order reads, after
// the day rolled over and after an erasure; and Flow's migration read from it must equal the one grouped
// over all visits. Sites 1 and 2; times UTC (Amsterdam is UTC+1 in November, UTC+2 until 25 October).

let db: Database;
beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

// 13:00 in Amsterdam on Friday 20 November 2026.
const NOW = new Date("2026-11-20T12:00:00Z");

const sync = async (now = NOW) => {
  await syncCustomerVisits(db);
  await syncSegmentCountsAt(db, now);
};

/** [period, site (0: all), plate, first visit (date), previous visits, current visits], in order. */
const counts = async (period?: string) =>
  (
    await db.query<Record<string, string | number>>(
      `SELECT period, s.site_id, c.plate, strftime(s.first_visit_at, '%Y-%m-%d') AS first, previous_visits,
        current_visits
      FROM segment_counts s JOIN customers c ON c.id = s.customer_id
      ${period ? "WHERE period = $period" : ""} ORDER BY ALL`,
      period ? { period } : undefined,
    )
  ).map((r) => [r.period, r.site_id, r.plate, r.first, r.previous_visits, r.current_visits]);

/** Both tables: the counts and their histogram. */
const kept = async () => ({
  counts: await counts(),
  histogram: await db.query("SELECT * FROM segment_histogram ORDER BY ALL"),
});

/** Both tables worked out again from all visits, as after a rebuild of the visits. */
async function rebuilt(now = NOW) {
  await db.run("DELETE FROM segment_counts");
  await db.run("DELETE FROM segment_histogram");
  await db.run("DELETE FROM segment_periods");
  await db.run("UPDATE segment_counts_sync SET reads = 0");
  await syncSegmentCountsAt(db, now);
  return kept();
}

/** Flow's migration rows of `period` at `site` (a code), from the kept counts and over all visits. */
async function bothWays(period: string, site: string | undefined, now = NOW) {
  const filters = await parseReportFilters({ period, site }, db, now, usersFlow.entry);
  const kept = await readMigration(db, filters);
  const all = migrationSql(filters);
  const sorted = (rows: Record<string, unknown>[]) =>
    JSON.stringify(rows.map((r) => `${r.from_segment}>${r.to_segment}:${r.plates}`).sort());
  return {
    usesCounts: kept.kept,
    kept: sorted(kept.rows as never),
    all: sorted(await db.query(all.text, all.params)),
  };
}

async function expectSameMigration(now = NOW) {
  for (const period of ["last-7-days", "last-30-days", "this-month", "this-year"]) {
    for (const site of [undefined, "a", "b"]) {
      const { usesCounts, kept, all } = await bothWays(period, site, now);
      // no row at all is also what counts of other windows give: then all visits are grouped
      expect(usesCounts || all === "[]", `${period} ${site}`).toBe(true);
      expect(kept, `${period} ${site}`).toEqual(all);
    }
  }
}

async function facts() {
  await plateRead(db, 1, "2025-03-01T10:00:00Z", "AA");
  await plateRead(db, 1, "2026-10-25T10:00:00Z", "AA");
  await plateRead(db, 2, "2026-11-05T10:00:00Z", "AA");
  await plateRead(db, 2, "2026-11-20T09:00:00Z", "AA"); // today: read by the request itself
  await plateRead(db, 2, "2026-09-25T10:00:00Z", "BB");
  await plateRead(db, 1, "2026-11-19T10:00:00Z", "CC");
}

describe("segment_counts", () => {
  it("holds each customer's visits in the complete days of both windows, per site and over all", async () => {
    await facts();
    await sync();
    // Laatste 30 dagen: 21 Oct – 19 Nov, before it 21 Sep – 20 Oct. AA came on 25 Oct (A) and 5 Nov (B),
    // BB on 25 Sep (B), CC on 19 Nov (A).
    expect(await counts("last-30-days")).toEqual([
      ["last-30-days", 0, "AA", "2025-03-01", 0, 2],
      ["last-30-days", 0, "BB", "2026-09-25", 1, 0],
      ["last-30-days", 0, "CC", "2026-11-19", 0, 1],
      ["last-30-days", 1, "AA", "2025-03-01", 0, 1],
      ["last-30-days", 1, "CC", "2026-11-19", 0, 1],
      ["last-30-days", 2, "AA", "2025-03-01", 0, 1],
      ["last-30-days", 2, "BB", "2026-09-25", 1, 0],
    ]);
    // Dit jaar: 1 Jan – 19 Nov kept (today's visit of AA is not), before it 1 Jan – 19 Nov 2025.
    expect(await counts("this-year")).toEqual([
      ["this-year", 0, "AA", "2025-03-01", 1, 2],
      ["this-year", 0, "BB", "2026-09-25", 0, 1],
      ["this-year", 0, "CC", "2026-11-19", 0, 1],
      ["this-year", 1, "AA", "2025-03-01", 1, 1],
      ["this-year", 1, "CC", "2026-11-19", 0, 1],
      ["this-year", 2, "AA", "2025-03-01", 0, 1],
      ["this-year", 2, "BB", "2026-09-25", 0, 1],
    ]);
    await expectSameMigration();
  });

  it("compares a first visit at another site on the comparison's last day with the comparison's end", async () => {
    // EE came first at A on 20 November 2025 at 09:00 (before 13:00, where Dit jaar's comparison ends) and
    // at B only this year: at B it is "verloren" → "incidenteel", not "nog geen klant". FF came first at A on
    // that day at 15:00, after the end: at B "nog geen klant" → "incidenteel".
    await plateRead(db, 1, "2025-11-20T08:00:00Z", "EE");
    await plateRead(db, 2, "2026-05-01T10:00:00Z", "EE");
    await plateRead(db, 1, "2025-11-20T14:00:00Z", "FF");
    await plateRead(db, 2, "2026-05-02T10:00:00Z", "FF");
    await sync();
    const atB = await bothWays("this-year", "b");
    expect(atB.usesCounts).toBe(true);
    expect(atB.kept).toEqual(JSON.stringify(["nog-geen-klant>incidenteel:1", "verloren>incidenteel:1"]));
    await expectSameMigration();
  });

  it("works the customers of late and out-of-order reads out again, as a rebuild gives them", async () => {
    await facts();
    await sync();
    await plateRead(db, 1, "2024-12-15T10:00:00Z", "AA"); // moves AA's first visit back
    await plateRead(db, 1, "2026-10-30T10:00:00Z", "BB"); // a visit in Laatste 30 dagen
    await plateRead(db, 1, "2026-11-19T10:20:00Z", "CC"); // 20 minutes after the last: the same visit
    await plateRead(db, 1, "2026-11-20T10:00:00Z", "DD"); // today only: no counts
    await sync();
    const caughtUp = await kept();
    expect(await counts("last-30-days")).toEqual([
      ["last-30-days", 0, "AA", "2024-12-15", 0, 2],
      ["last-30-days", 0, "BB", "2026-09-25", 1, 1],
      ["last-30-days", 0, "CC", "2026-11-19", 0, 1],
      ["last-30-days", 1, "AA", "2024-12-15", 0, 1],
      ["last-30-days", 1, "BB", "2026-09-25", 0, 1],
      ["last-30-days", 1, "CC", "2026-11-19", 0, 1],
      ["last-30-days", 2, "AA", "2024-12-15", 0, 1],
      ["last-30-days", 2, "BB", "2026-09-25", 1, 0],
    ]);
    await expectSameMigration();
    expect(await rebuilt()).toEqual(caughtUp);
  });

  it("counts a period's new windows once the day rolled over", async () => {
    await facts();
    await sync();
    const tomorrow = new Date("2026-11-21T12:00:00Z");
    await plateRead(db, 1, "2026-11-21T08:00:00Z", "CC");
    // a request while the refresher runs leaves the day's rebuild to it, and groups all visits meanwhile
    await syncCustomerVisits(db);
    await syncSegmentCountsAt(db, tomorrow, false);
    const meanwhile = await bothWays("this-year", undefined, tomorrow);
    expect(meanwhile.usesCounts).toBe(false);
    expect(meanwhile.kept).toEqual(meanwhile.all);
    await sync(tomorrow);
    // Dit jaar now keeps 20 November: AA's visit that day counts; CC's of today does not.
    expect((await counts("this-year")).filter((r) => r[1] === 0)).toEqual([
      ["this-year", 0, "AA", "2025-03-01", 1, 3],
      ["this-year", 0, "BB", "2026-09-25", 0, 1],
      ["this-year", 0, "CC", "2026-11-19", 0, 1],
    ]);
    await expectSameMigration(tomorrow);
    const caughtUp = await kept();
    expect(await rebuilt(tomorrow)).toEqual(caughtUp);
    // a request of the day before no longer matches the kept windows: it groups all visits
    expect((await bothWays("this-year", undefined, NOW)).usesCounts).toBe(false);
  });

  it("loses an erased plate's customer, as a rebuild gives it", async () => {
    await facts();
    await sync();
    await erasePlate(db, { plate: "AA", actorEmail: "demo@wasbord.nl", key: pseudonymKey("ab".repeat(32)) });
    await sync();
    const before = await kept();
    const erased = before.counts;
    expect(erased.some((r) => r[2] === "AA")).toBe(false);
    expect(erased.filter((r) => r[0] === "last-30-days")).toEqual([
      ["last-30-days", 0, "BB", "2026-09-25", 1, 0],
      ["last-30-days", 0, "CC", "2026-11-19", 0, 1],
      ["last-30-days", 1, "CC", "2026-11-19", 0, 1],
      ["last-30-days", 2, "BB", "2026-09-25", 1, 0],
    ]);
    await expectSameMigration();
    expect(await rebuilt()).toEqual(before);
  });
});
