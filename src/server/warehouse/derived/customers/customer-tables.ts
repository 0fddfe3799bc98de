import type { Queryable } from "../../../db/database.ts";
import type { DerivedDeclaration } from "../../derived-tables.ts";
import { COHORTS_DAILY } from "./cohorts-daily.ts";
import { FLOW_GAPS_DAILY, FLOW_HOURS_DAILY } from "./flow-daily.ts";
import { eraseFromSegmentCounts, syncSegmentCounts } from "./segment-counts.ts";
import { VISIT_GAPS_DAILY } from "./visit-gaps.ts";
import { eraseFromVisitsDaily } from "./visits-daily.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// The customer tables as the warehouse declares them (warehouse/derived-tables.ts): the customers and their
// visits with the visits' daily sums (visits-sync.ts, visits-daily.ts), and Flow's kept segment counts
// (segment-counts.ts), which follow the visits.

const VISIT_TABLES = [
  "customers",
  "customer_visits",
  "customer_visits_daily",
  COHORTS_DAILY.table,
  VISIT_GAPS_DAILY.table,
  FLOW_GAPS_DAILY.table,
  FLOW_HOURS_DAILY.table,
];

export const CUSTOMER_VISITS_DECLARED: DerivedDeclaration = {
  name: "klanten, hun bezoeken en de dagsommen daarvan",
  follows: ["plate_reads", "transactions"],
  tables: VISIT_TABLES,
  bookkeeping: {
    state: "customer_visits_sync",
    facts: { reads: "plate_reads", transactions: "transactions" },
  },
  plateColumns: { customers: ["plate"] },
  sync: syncCustomerVisits,
  reset: async (tx) => {
    for (const table of VISIT_TABLES) await tx.run(`DELETE FROM ${table}`);
    // a rebuild numbers the customers anew: the segment counts see it by `rebuilds`
    await tx.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0, rebuilds = rebuilds + 1");
  },
  erase: eraseCustomer,
};

/**
 * Takes the plate's customer out: its visits leave the daily sums (their flags are theirs alone, no other
 * customer's visit changes), then go with the customer. The bookkeeping loses the reads that go, so the next
 * sync carries on without a rebuild.
 */
async function eraseCustomer(tx: Queryable, plate: string, erased: { reads: number }): Promise<void> {
  await eraseFromVisitsDaily(tx, plate);
  await tx.run(
    "DELETE FROM customer_visits WHERE customer_id IN (SELECT id FROM customers WHERE plate = $1)",
    [plate],
  );
  await tx.run("DELETE FROM customers WHERE plate = $1", [plate]);
  await tx.run("UPDATE customer_visits_sync SET reads = greatest(reads - $1, 0)", [erased.reads]);
}

export const SEGMENT_COUNTS_DECLARED: DerivedDeclaration = {
  name: "bezoeken per klant in de vaste perioden (Flow)",
  follows: ["customer_visits"],
  tables: ["segment_counts", "segment_histogram", "segment_periods"],
  // the reads customer_visits held when the counts were brought up to date
  bookkeeping: { state: "segment_counts_sync", facts: { reads: "plate_reads" } },
  plateColumns: {},
  sync: syncSegmentCounts,
  reset: async (tx) => {
    for (const table of ["segment_counts", "segment_histogram", "segment_periods"]) {
      await tx.run(`DELETE FROM ${table}`);
    }
    await tx.run("UPDATE segment_counts_sync SET reads = 0");
  },
  erase: (tx, plate, erased) => eraseFromSegmentCounts(tx, plate, erased.reads),
};
