import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { syncSalesHourly } from "../../warehouse/derived/transactions/sales-rollup.ts";
import { filtersFor } from "../filters.ts";
import { amsterdam, membersDatabase } from "../memberships/test-members.ts";
import { reportSites } from "../sites.ts";
import { expectedWashes } from "./expected-series.ts";

// Site A (1) sold 100 washes of Glans every day for the ten weeks before Monday 16 November 2026, all at
// 10:15 local; it has no weather station, so the model runs on the calendar alone and expects 100 a day (a
// constant history fits every term but the intercept to 0), and the whole day falls in the 10 o'clock hour.
// Site B (2) sold nothing: no model, no expectation. Winter time (Amsterdam = UTC+1).

let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  await db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, amount_cents, vat_cents)
     SELECT row_number() OVER (), 1, 1, timezone('Europe/Amsterdam', d + INTERVAL 10 HOUR + INTERVAL 15 MINUTE),
       21, 100, 1500, 150000, 0
     FROM generate_series(DATE '2026-09-07', DATE '2026-11-15', INTERVAL 1 DAY) t(d)`,
  );
  await syncSalesHourly(db);
});
afterAll(() => db.close());

const expected = (granularity: "hour" | "day" | "week", now: string, dimensions = {}) => {
  const filters = {
    ...filtersFor({
      preset: "custom",
      range: { from: "2026-11-09", to: "2026-11-16" },
      compare: "none",
      shift: null,
      granularity,
      sites: [],
      now: new Date(amsterdam(now)),
    }),
    dimensions,
  };
  return expectedWashes(db, filters, reportSites(db, filters));
};

const rounded = (map: Map<string, number> | null) =>
  map && Object.fromEntries([...map].map(([key, value]) => [key, Math.round(value * 10) / 10]));

describe("expected washes beside a chart of washes", () => {
  it("gives each past day its expectation and today the share of it that should be in", async () => {
    expect(rounded(await expected("day", "2026-11-16 10:30"))).toEqual({
      "2026-11-09": 100,
      "2026-11-10": 100,
      "2026-11-11": 100,
      "2026-11-12": 100,
      "2026-11-13": 100,
      "2026-11-14": 100,
      "2026-11-15": 100,
      // half of the 10 o'clock hour, which holds the whole day
      "2026-11-16": 50,
    });
  });

  it("adds up the days of a week, and spreads today over its hours", async () => {
    expect(rounded(await expected("week", "2026-11-16 11:30"))).toEqual({
      "2026-11-09": 700,
      "2026-11-16": 100,
    });
    const hours = rounded(await expected("hour", "2026-11-16 11:30")) ?? {};
    expect(hours["2026-11-16T10:00"]).toBe(100);
    expect(Object.values(hours).reduce((sum, value) => sum + value, 0)).toBe(100);
  });

  it("has nothing to say under a programme filter: the model expects all washes", async () => {
    expect(await expected("day", "2026-11-16 10:30", { programme: "glans" })).toBeNull();
  });
});
