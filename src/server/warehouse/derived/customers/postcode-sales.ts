import type { Queryable } from "../../../db/database.ts";
import { type DerivedTables, declareDerived, syncDerived } from "../../additive-sync.ts";

// The sales with a postcode of migration 102 (postcode_sales), for Geografische locatie: how each row is
// worked out from the facts, and how the table is kept up to date. Per sale it holds when the plate's next
// postcode sale comes and when its region (PC2) changes next and last changed, at any site and at the sale's
// own site, so that the report needs no grouping per plate (users-geo.ts).

/** The postcode sales of transactions `t` matching `where`, in the table's own columns (but the times). */
const factsSql = (where: string) => `SELECT t.id, t.occurred_at, t.site_id, t.plate,
    left(t.customer_postcode, 2)::UTINYINT AS pc2, t.total_cents
  FROM transactions t
  WHERE t.customer_postcode IS NOT NULL AND ${where}`;

/**
 * The rows of postcode_sales for the postcode sales in `source` (the columns of `factsSql`), which must hold
 * every postcode sale of each plate in it. A run: consecutive sales of a plate (in time, then id order) in
 * one region; the next sale in another region is where the next run starts, the latest earlier one in
 * another region is where the previous run ends.
 */
const rowsSql = (source: string) => `SELECT id, occurred_at, site_id, plate, pc2, total_cents,
    min(id) OVER (PARTITION BY plate) AS customer,
    lead(occurred_at) OVER by_plate AS next_at,
    min(CASE WHEN starts THEN occurred_at END) OVER (by_plate ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
      AS next_other_at,
    max(CASE WHEN ends THEN occurred_at END) OVER (by_plate ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
      AS last_other_at,
    lead(occurred_at) OVER by_site AS site_next_at,
    min(CASE WHEN site_starts THEN occurred_at END) OVER (by_site ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
      AS site_next_other_at,
    max(CASE WHEN site_ends THEN occurred_at END) OVER (by_site ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
      AS site_last_other_at
  FROM (
    SELECT *,
      pc2 IS DISTINCT FROM lag(pc2) OVER by_plate AS starts,
      pc2 IS DISTINCT FROM lead(pc2) OVER by_plate AS ends,
      pc2 IS DISTINCT FROM lag(pc2) OVER by_site AS site_starts,
      pc2 IS DISTINCT FROM lead(pc2) OVER by_site AS site_ends
    FROM (${source}) WHERE plate IS NOT NULL
    WINDOW by_plate AS (PARTITION BY plate ORDER BY occurred_at, id),
      by_site AS (PARTITION BY plate, site_id ORDER BY occurred_at, id)
  )
  WINDOW by_plate AS (PARTITION BY plate ORDER BY occurred_at, id),
    by_site AS (PARTITION BY plate, site_id ORDER BY occurred_at, id)
  UNION ALL BY NAME
  -- a sale without a plate is a customer of its own, with no other sale
  SELECT *, id AS customer FROM (${source}) WHERE plate IS NULL`;

const TIMES = [
  "next_at",
  "next_other_at",
  "last_other_at",
  "site_next_at",
  "site_next_other_at",
  "site_last_other_at",
];

/**
 * Adds the sales that arrived since the last call. A plate with a new sale (a late or out-of-order one
 * included) has its earlier rows worked out again from its whole history: the new sale may come between
 * any two of them. Its new rows are appended in time order, so the table stays in time order.
 */
export const syncPostcodeSales = (db: Queryable) => syncDerived(db, POSTCODE_SALES);

/** The table and bookkeeping of this sync: what emptyDerived empties for a rebuild. */
export const POSTCODE_SALES: DerivedTables = {
  state: "postcode_sales_sync",
  facts: { transactions: "transactions" },
  tables: ["postcode_sales", "postcode_customers"],
  add: async (tx, from) => {
    if (from.transactions === 0) {
      // From no rows on, the table is empty (new, or emptied to be worked out again).
      await tx.run(`INSERT INTO postcode_sales BY NAME (${rowsSql(factsSql("true"))} ORDER BY occurred_at)`);
      await tx.run(`INSERT INTO postcode_customers
        SELECT plate, min(customer) FROM postcode_sales WHERE plate IS NOT NULL GROUP BY plate`);
      return;
    }
    await tx.run(`CREATE OR REPLACE TEMP TABLE postcode_fresh AS ${factsSql("t.rowid >= $from")}`, {
      from: from.transactions,
    });
    // The earlier rows of the plates with a new sale, as they are (read once: rowsSql reads its source
    // twice), found by customer number (a plate per customer, not a plate per sale, is compared); only
    // those whose figures change are written back, found by their rowid.
    await tx.run(`CREATE OR REPLACE TEMP TABLE postcode_known AS
      SELECT customer FROM postcode_customers WHERE plate IN (SELECT plate FROM postcode_fresh)`);
    await tx.run(`CREATE OR REPLACE TEMP TABLE postcode_touched AS
      SELECT rowid AS row_id, * FROM postcode_sales WHERE customer IN (SELECT customer FROM postcode_known)`);
    await tx.run(
      `CREATE OR REPLACE TEMP TABLE postcode_redo AS ${rowsSql(`
      SELECT id, occurred_at, site_id, plate, pc2, total_cents FROM postcode_touched
      UNION ALL
      FROM postcode_fresh`)}`,
    );
    const changed = ["customer", ...TIMES].map((column) => `r.${column} IS DISTINCT FROM o.${column}`);
    await tx.run(`UPDATE postcode_sales
      SET customer = r.customer, ${TIMES.map((column) => `${column} = r.${column}`).join(", ")}
      FROM postcode_touched o JOIN postcode_redo r ON r.id = o.id
      WHERE postcode_sales.rowid = o.row_id AND (${changed.join(" OR ")})`);
    await tx.run(`INSERT INTO postcode_sales BY NAME (
      FROM postcode_redo WHERE id IN (SELECT id FROM postcode_fresh) ORDER BY occurred_at
    )`);
    await tx.run(`INSERT INTO postcode_customers SELECT DISTINCT plate, customer FROM postcode_redo
      WHERE plate IS NOT NULL AND customer NOT IN (SELECT customer FROM postcode_known)`);
    for (const table of ["postcode_fresh", "postcode_known", "postcode_touched", "postcode_redo"])
      await tx.run(`DROP TABLE ${table}`);
  },
};

/**
 * A plate's erasure (erase-plate.ts): its sales stay, without the plate, each a customer of its own — what
 * a rebuild from the facts would give. Inside the erasure's transaction; the facts' row counts do not change.
 */
export async function eraseFromPostcodeSales(tx: Queryable, plate: string): Promise<void> {
  await tx.run(
    `UPDATE postcode_sales SET plate = NULL, customer = id, ${TIMES.map((column) => `${column} = NULL`).join(", ")}
    WHERE plate = $1`,
    [plate],
  );
  await tx.run("DELETE FROM postcode_customers WHERE plate = $1", [plate]);
}

/** The latest region per customer and sale (Geografische locatie). */
export const POSTCODE_SALES_DECLARED = declareDerived(POSTCODE_SALES, syncPostcodeSales, {
  name: "postcodes van de verkopen per klant",
  plateColumns: { postcode_sales: ["plate"], postcode_customers: ["plate"] },
  erase: eraseFromPostcodeSales,
});
