import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Database } from "./database.ts";

// Migration 087 on an installation whose visits were synced before it: each visit gets its year's counts
// as the sync would have written them, and the daily sums are emptied for the next sync to refill.

const migrationsDir = join(import.meta.dirname, "migrations");
const run = (db: Database, file: string) => db.run(readFileSync(join(migrationsDir, file), "utf8"));

let db: Database;
afterEach(() => db.close());

it("counts each visit's year so far, from 1 January local time", async () => {
  db = await Database.open(":memory:");
  for (const file of readdirSync(migrationsDir).sort()) if (file < "087") await run(db, file);
  await db.run("INSERT INTO customers (id, plate) VALUES (1, 'AA11BB'), (2, 'CC22DD')");
  // AA11BB: 31 December 23:30 local at A (2025); then in 2026: 1 January 00:30 at B with a purchase,
  // 2 January at A, 2 January at B at the same instant as at A (simultaneous: A first, by site id).
  // CC22DD: once, at B.
  await db.run(
    `INSERT INTO customer_visits (customer_id, site_id, visit_at, visit_local, first_visit_at, first_visit_local,
       first_site_id, purchased) VALUES
     (1, 1, '2025-12-31 22:30:00Z', '2025-12-31 23:30:00', '2025-12-31 22:30:00Z', '2025-12-31 23:30:00', 1, false),
     (1, 2, '2025-12-31 23:30:00Z', '2026-01-01 00:30:00', '2025-12-31 22:30:00Z', '2025-12-31 23:30:00', 1, true),
     (1, 1, '2026-01-02 10:00:00Z', '2026-01-02 11:00:00', '2025-12-31 22:30:00Z', '2025-12-31 23:30:00', 1, false),
     (1, 2, '2026-01-02 10:00:00Z', '2026-01-02 11:00:00', '2025-12-31 22:30:00Z', '2025-12-31 23:30:00', 1, false),
     (2, 2, '2026-01-02 12:00:00Z', '2026-01-02 13:00:00', '2026-01-02 12:00:00Z', '2026-01-02 13:00:00', 2, false)`,
  );
  // a day of the daily sums as migration 086 had them
  await db.run(
    "INSERT INTO customer_visits_daily VALUES ('2026-01-02', 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0)",
  );
  await run(db, "087-customer-visit-numbers.sql");
  // number (any site, this site), sites, purchases (any site, this site) so far in the local year
  expect(
    await db.query(
      `SELECT customer_id, site_id, visit_local, year_visit_number, site_year_visit_number, year_sites,
         year_purchases, site_year_purchases
       FROM customer_visits ORDER BY customer_id, visit_at, site_id`,
    ),
  ).toEqual([
    row(1, 1, "2025-12-31T23:30:00.000Z", 1, 1, 1, 0, 0),
    row(1, 2, "2026-01-01T00:30:00.000Z", 1, 1, 1, 1, 1),
    row(1, 1, "2026-01-02T11:00:00.000Z", 2, 1, 2, 1, 0),
    row(1, 2, "2026-01-02T11:00:00.000Z", 3, 2, 2, 1, 1),
    row(2, 2, "2026-01-02T13:00:00.000Z", 1, 1, 1, 0, 0),
  ]);
  expect(await db.query("SELECT count(*) AS days FROM customer_visits_daily")).toEqual([{ days: 0 }]);
});

const row = (
  customer_id: number,
  site_id: number,
  visit_local: string,
  year_visit_number: number,
  site_year_visit_number: number,
  year_sites: number,
  year_purchases: number,
  site_year_purchases: number,
) => ({
  customer_id,
  site_id,
  visit_local,
  year_visit_number,
  site_year_visit_number,
  year_sites,
  year_purchases,
  site_year_purchases,
});
