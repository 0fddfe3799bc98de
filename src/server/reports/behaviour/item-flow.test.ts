import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import type { Database } from "../../db/database.ts";
import { syncProgrammeVisits } from "../../warehouse/derived/behaviour/programme-visits-sync.ts";
import { filtersFor } from "../filters.ts";
import { itemFlowSql } from "./item-flow-sql.ts";

// Programmakeuze reads whole days from programme_visits_daily and the unfinished day from programme_visits;
// both must give what the visits themselves give. Now is 2 Nov 2026 11:00 in Amsterdam (10:00 UTC, winter).
// Sales (Glans = item 1, Premium = item 2):
//   II99: Glans 1 Sep 2025, Glans 15 Oct 2026 (409 days later);
//   GG77: Glans 1 Oct 2025, Premium 2 Nov 2026 10:00 local (397 days later);
//   HH88: Glans 2 Nov 2026 10:30 local (no previous visit), Premium 12:00 local (after now: not counted yet).
// A pair counts when its previous visit is at most 365 days before the period's start:
//   1 Jan – 2 Nov 2026: washes II99, GG77, HH88 = 3; pairs II99 and GG77 (both after 1 Jan 2025) = 2;
//   October 2026: washes II99 = 1; pairs 0 (1 Sep 2025 is before 1 Oct 2025);
//   2 Nov 2026 by hour: washes GG77, HH88 = 2; pairs 0 (1 Oct 2025 is before 2 Nov 2025).

const NOW = new Date("2026-11-02T10:00:00Z");
let db: Database;
let event = 0;

beforeEach(async () => {
  db = await migratedDatabase();
  await db.run(
    "INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES ('a', 'A', 'Utrecht', '3511AA', 52.09, 5.12)",
  );
  await db.run(`INSERT INTO items (id, code, name, kind, price_cents, sort_order) VALUES
    (1, 'glans', 'Glans', 'programma', 1000, 1), (2, 'premium', 'Premium', 'programma', 1500, 2)`);
  for (const [at, plate, item] of [
    ["2025-09-01T10:00:00Z", "II99", 1],
    ["2026-10-15T10:00:00Z", "II99", 1],
    ["2025-10-01T10:00:00Z", "GG77", 1],
    ["2026-11-02T09:00:00Z", "GG77", 2],
    ["2026-11-02T09:30:00Z", "HH88", 1],
    ["2026-11-02T11:00:00Z", "HH88", 2],
  ] as const) {
    const [{ id }] = await db.query<{ id: number }>(
      `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
         subtotal_cents, total_cents, vat_cents) VALUES (1, $1, $2, $3, 'pin', 'site', 1000, 1000, 0) RETURNING id`,
      [`t${++event}`, at, plate],
    );
    await db.run(
      `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
         unit_price_cents, amount_cents, vat_cents) VALUES ($1, 1, 1, $2, $3, 1, 1000, 1000, 0)`,
      [id, at, item],
    );
  }
  await syncProgrammeVisits(db);
});
afterEach(() => db.close());

async function flow(from: string, to: string, granularity: "hour" | "day") {
  const filters = filtersFor({
    preset: "custom",
    range: { from, to },
    compare: "none",
    shift: null,
    granularity,
    sites: [],
    now: NOW,
  });
  const { text, params } = itemFlowSql(filters);
  const rows = await db.query<{ grain: string; washes: number; pairs: number }>(text, params);
  const one = (grain: string) => rows.find((row) => row.grain === grain);
  return { washes: one("total")?.washes ?? 0, pairs: one("pairs")?.pairs ?? 0 };
}

describe("Programmakeuze from the daily sums", () => {
  it("reads the unfinished day up to now, and compares a previous visit over 365 days back with the period", async () => {
    expect(await flow("2026-01-01", "2026-11-02", "day")).toEqual({ washes: 3, pairs: 2 });
    expect(await flow("2026-10-01", "2026-10-31", "day")).toEqual({ washes: 1, pairs: 0 });
    expect(await flow("2026-11-02", "2026-11-02", "hour")).toEqual({ washes: 2, pairs: 0 });
  });
});
