import { migratedDatabase } from "../../../../../tests/support/migrated-database.ts";
import type { Database } from "../../../db/database.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// For the customer tables' tests: a migrated in-memory database with sites A (1) and B (2), and the facts
// the visits are worked out from, written one by one as ingestion would.

export async function customersDatabase(): Promise<Database> {
  const db = await migratedDatabase();
  await db.run(
    `INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES
      ('a', 'A', 'Utrecht', '3511AA', 52.09, 5.12), ('b', 'B', 'Zeist', '3701AA', 52.09, 5.23)`,
  );
  return db;
}

let event = 0;

/** An entrance read of `plate` (null: a no-read) at `site`, at the instant `at`. */
export const plateRead = (db: Database, site: number, at: string, plate: string | null) =>
  db.run(
    "INSERT INTO plate_reads (site_id, event_id, read_at, lane, camera, plate) VALUES ($1, $2, $3, 1, 'c', $4)",
    [site, `e${++event}`, at, plate],
  );

/** A sale at the till of `site` to `plate`, at the instant `at`. */
export const siteSale = (db: Database, site: number, at: string, plate: string) =>
  db.run(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, subtotal_cents, total_cents, vat_cents)
     VALUES ($1, $2, $3, $4, 'pin', 1210, 1210, 210)`,
    [site, `t${++event}`, at, plate],
  );

/** Works the customer tables out again from all facts, from empty tables, as the first sync does. */
export async function rebuildCustomers(db: Database): Promise<void> {
  for (const table of [
    "customer_cohorts_daily",
    "customer_visit_gaps_daily",
    "customer_visits_daily",
    "customer_visits",
    "customers",
  ])
    await db.run(`DELETE FROM ${table}`);
  await db.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0");
  await syncCustomerVisits(db);
}
