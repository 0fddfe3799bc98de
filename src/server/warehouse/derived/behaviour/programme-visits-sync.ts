import type { Queryable } from "../../../db/database.ts";
import { type DerivedTables, declareDerived, syncDerived } from "../../additive-sync.ts";
import { type SiteDaySums, sumSiteDaysAgain } from "../site-day-sums.ts";

// Keeps programme_visits (migration 080) up to date with transactions and their lines, for Programmakeuze
// and the member washes (memberships/member-washes.ts).
// What arrived since the last call decides what is worked out again, the journey's way (journey-sync.ts):
// every sale of a plate with a new sale or line is worked out again from the plate's whole history, so a
// late or out-of-order sale (which changes the previous visit of the plate's next visit) gives what a
// rebuild gives. Only rows that changed are deleted and inserted, so the table stays nearly in time order
// (the zonemaps of occurred_at skip what lies outside a period). A rebuild (counts 0: a fresh start, or rows
// deleted from the facts) inserts every visit in bulk instead: there is nothing to compare with.
// programme_visits_daily (migration 082) follows in the same transaction: every (site, local day) holding a
// deleted or inserted visit is summed again from programme_visits, so it always equals a sum of the whole table.

/** Brings programme_visits up to date; when nothing arrived it costs a count per fact table. */
export const syncProgrammeVisits = (db: Queryable) => syncDerived(db, PROGRAMME_VISITS);

/** The tables and bookkeeping of this sync: what emptyDerived empties for a rebuild. */
export const PROGRAMME_VISITS: DerivedTables = {
  state: "programme_visits_sync",
  facts: { transactions: "transactions", lines: "transaction_lines" },
  tables: ["programme_visits", "programme_visits_daily"],
  add: addProgrammeVisits,
};

const COLUMNS = [
  "transaction_id",
  "site_id",
  "occurred_at",
  "plate",
  "item_id",
  "revenue_cents",
  "with_extra",
  "subscription",
  "free",
  "previous_at",
  "previous_item_id",
  "previous_subscription",
  "previous_promotion_id",
] as const;
const same = COLUMNS.map((column) => `f.${column} IS NOT DISTINCT FROM v.${column}`).join(" AND ");

/**
 * Each sale with a programme as a visit, with the plate's previous visit; the sales narrowed to those of
 * `sales` (a subquery of ids; null: all of them).
 */
const visitsSql = (sales: string | null) => {
  const of = (column: string) => (sales ? `${column} IN (${sales})` : "true");
  return `WITH lines AS (
    SELECT l.transaction_id,
      max(CASE WHEN i.kind = 'programma' THEN l.item_id END) AS item_id,
      sum(CASE WHEN i.kind = 'programma' THEN l.amount_cents END) AS revenue_cents,
      bool_or(i.kind = 'extra') AS with_extra
    FROM transaction_lines l JOIN items i ON i.id = l.item_id
    WHERE ${of("l.transaction_id")}
    GROUP BY l.transaction_id
  ), sales AS (
    SELECT t.id, t.site_id, t.occurred_at, t.plate, t.sales_channel, t.payment_method, t.total_cents,
      t.promotion_id, l.item_id, l.revenue_cents, l.with_extra
    FROM transactions t LEFT JOIN lines l ON l.transaction_id = t.id
    WHERE ${of("t.id")}
  ), visits AS (
    SELECT * FROM sales WHERE item_id IS NOT NULL
  ), history AS (
    -- a previous visit is a sale at a site (an online subscription payment is no visit)
    SELECT plate, occurred_at, item_id, payment_method, promotion_id FROM sales
    WHERE sales_channel = 'site' AND plate IS NOT NULL
  )
  SELECT v.id AS transaction_id, v.site_id, v.occurred_at, v.plate, v.item_id, v.revenue_cents, v.with_extra,
    v.payment_method = 'abonnement' AS subscription,
    v.total_cents = 0 AND v.payment_method <> 'abonnement' AS free,
    h.occurred_at AS previous_at, h.item_id AS previous_item_id,
    h.payment_method = 'abonnement' AS previous_subscription, h.promotion_id AS previous_promotion_id
  FROM visits v ASOF LEFT JOIN history h ON h.plate = v.plate AND h.occurred_at < v.occurred_at`;
};

async function addProgrammeVisits(tx: Queryable, from: Record<string, number>): Promise<void> {
  if (Object.values(from).every((taken) => taken === 0)) {
    // Nothing taken in yet: every visit in bulk, without looking for what changed (emptied first, so that
    // the sums equal a rebuild whatever the tables held).
    for (const table of PROGRAMME_VISITS.tables) await tx.run(`DELETE FROM ${table}`);
    await tx.run(
      `INSERT INTO programme_visits SELECT ${COLUMNS.join(", ")} FROM (${visitsSql(null)}) ORDER BY occurred_at`,
    );
    return sumProgrammeDays(tx, "programme_visits");
  }
  const steps = [
    // Plates with a new sale or a new line: all their sales are worked out again.
    `CREATE OR REPLACE TEMP TABLE programme_plates AS
      SELECT plate FROM transactions WHERE plate IS NOT NULL AND (rowid >= $transactions
        OR id IN (SELECT transaction_id FROM transaction_lines WHERE rowid >= $lines))`,
    `CREATE OR REPLACE TEMP TABLE programme_sales AS
      SELECT id FROM transactions WHERE rowid >= $transactions OR plate IN (SELECT plate FROM programme_plates)
      UNION SELECT transaction_id FROM transaction_lines WHERE rowid >= $lines`,
    `CREATE OR REPLACE TEMP TABLE programme_fresh AS ${visitsSql("SELECT id FROM programme_sales")}`,
    // The visits about to be deleted or inserted: their days are summed again afterwards.
    `CREATE OR REPLACE TEMP TABLE programme_changed AS
      SELECT site_id, occurred_at FROM programme_visits v
      WHERE v.transaction_id IN (SELECT id FROM programme_sales)
        AND NOT EXISTS (SELECT 1 FROM programme_fresh f WHERE ${same})
      UNION ALL SELECT site_id, occurred_at FROM programme_fresh f
      WHERE NOT EXISTS (SELECT 1 FROM programme_visits v WHERE ${same})`,
    `DELETE FROM programme_visits v
      WHERE v.transaction_id IN (SELECT id FROM programme_sales)
        AND NOT EXISTS (SELECT 1 FROM programme_fresh f WHERE ${same})`,
    `INSERT INTO programme_visits
      SELECT ${COLUMNS.join(", ")} FROM programme_fresh f
      WHERE NOT EXISTS (SELECT 1 FROM programme_visits v WHERE ${same})
      ORDER BY occurred_at`,
    () => sumProgrammeDays(tx, "programme_changed"),
    "DROP TABLE programme_fresh",
    "DROP TABLE programme_changed",
    "DROP TABLE programme_sales",
    "DROP TABLE programme_plates",
  ];
  for (const step of steps) {
    if (typeof step === "function") {
      await step();
      continue;
    }
    await tx.run(
      step,
      Object.fromEntries(Object.entries(from).filter(([name]) => new RegExp(`\\$${name}\\b`).test(step))),
    );
  }
}

/** programme_visits_daily. A previous visit without a programme makes no pair: its other columns would only split the sums. */
const PROGRAMME_DAYS: SiteDaySums = {
  source: "programme_visits",
  target: "programme_visits_daily",
  sums: `item_id, with_extra, subscription, free, previous_item_id,
    CASE WHEN previous_item_id IS NOT NULL THEN previous_subscription END AS previous_subscription,
    CASE WHEN previous_item_id IS NOT NULL THEN previous_promotion_id END AS previous_promotion_id,
    CASE WHEN previous_item_id IS NOT NULL AND previous_at < occurred_at - INTERVAL 365 DAY
      THEN previous_at END AS lookback_at,
    count(*) AS washes, sum(revenue_cents) AS revenue_cents`,
};

/**
 * Sums programme_visits again into programme_visits_daily for every (site, local day) of the rows of
 * `changed` (a table of site_id, occurred_at: visits deleted, inserted or changed since the last sum).
 */
const sumProgrammeDays = (tx: Queryable, changed: string) => sumSiteDaysAgain(tx, PROGRAMME_DAYS, changed);

/**
 * Takes a plate out of the programme visits in the erasure's transaction. A sale without a plate has no
 * previous visit and is no subscription payment, as a rebuild would give; the facts' row counts do not
 * change, so the bookkeeping stays. The daily sums of the days of the plate's visits follow.
 */
async function eraseFromProgrammeVisits(tx: Queryable, plate: string): Promise<void> {
  await tx.run(
    "CREATE OR REPLACE TEMP TABLE erased_visits AS SELECT site_id, occurred_at FROM programme_visits WHERE plate = $1",
    [plate],
  );
  await tx.run(
    `UPDATE programme_visits SET plate = NULL, previous_at = NULL, previous_item_id = NULL,
       previous_subscription = NULL, previous_promotion_id = NULL WHERE plate = $1`,
    [plate],
  );
  await sumProgrammeDays(tx, "erased_visits");
  await tx.run("DROP TABLE erased_visits");
}

/** Programme choices per visit and their daily sums. */
export const PROGRAMME_VISITS_DECLARED = declareDerived(PROGRAMME_VISITS, syncProgrammeVisits, {
  name: "programmakeuze per bezoek",
  plateColumns: { programme_visits: ["plate"] },
  erase: eraseFromProgrammeVisits,
});
