// Every column that can hold a plate, by table: the facts and the tables derived from them. Pseudonymisation
// rewrites each of them; erasure (erase-plate.ts) takes the plate out of each. plates-everywhere.test.ts holds
// this list against the schema, so a new table with a plate column that is not listed here fails the tests.
export const PLATE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // facts
  plate_reads: ["plate", "raw_plate"],
  transactions: ["plate"],
  // derived: customers (visits-sync.ts), programmes (programme-visits-sync.ts), postcodes
  // (postcode-sales.ts), the customer journey (journey-sync.ts)
  customers: ["plate"],
  programme_visits: ["plate"],
  subscription_payments: ["plate"],
  subscription_spells: ["plate"],
  postcode_sales: ["plate"],
  postcode_customers: ["plate"],
  journey_redemptions: ["plate"],
  journey_customers: ["plate"],
};
