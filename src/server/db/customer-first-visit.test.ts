import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Database } from "./database.ts";

// Migration 075 on an installation whose customer tables were synced before it: each customer takes the
// first visit its visits carry, so the next sync has nothing to catch up.

const migrationsDir = join(import.meta.dirname, "migrations");
const run = (db: Database, file: string) => db.run(readFileSync(join(migrationsDir, file), "utf8"));

let db: Database;
afterEach(() => db.close());

it("gives each customer the first visit its visits carry", async () => {
  db = await Database.open(":memory:");
  for (const file of readdirSync(migrationsDir).sort()) if (file < "075") await run(db, file);
  await db.run("INSERT INTO customers VALUES (1, 'AA11BB'), (2, 'CC22DD')");
  // AA11BB: two visits, the first on 26 October 09:30 UTC (10:30 in Amsterdam); CC22DD: one, at 12:00 UTC.
  await db.run(
    `INSERT INTO customer_visits (customer_id, site_id, visit_at, visit_local, first_visit_at, first_visit_local,
       first_site_id, purchased) VALUES
     (1, 2, '2026-10-26 09:30:00Z', '2026-10-26 10:30:00', '2026-10-26 09:30:00Z', '2026-10-26 10:30:00', 2, false),
     (1, 1, '2026-10-26 11:00:00Z', '2026-10-26 12:00:00', '2026-10-26 09:30:00Z', '2026-10-26 10:30:00', 2, true),
     (2, 1, '2026-10-26 12:00:00Z', '2026-10-26 13:00:00', '2026-10-26 12:00:00Z', '2026-10-26 13:00:00', 1, false)`,
  );
  await run(db, "075-customer-first-visit.sql");
  expect(
    await db.query("SELECT id, plate, first_visit_at, first_visit_local FROM customers ORDER BY id"),
  ).toEqual([
    {
      id: 1,
      plate: "AA11BB",
      first_visit_at: "2026-10-26T09:30:00.000Z",
      first_visit_local: "2026-10-26T10:30:00.000Z",
    },
    {
      id: 2,
      plate: "CC22DD",
      first_visit_at: "2026-10-26T12:00:00.000Z",
      first_visit_local: "2026-10-26T13:00:00.000Z",
    },
  ]);
});
