import { Database, type Queryable } from "../../db/database.ts";

// The hourly sums of migration 020 (sales_hourly, item_sales_hourly): how they are computed from the facts,
// and how they are kept up to date. Reports read whole hours from them and the last, unfinished hour of a
// period from the facts themselves, with the same SQL (ReportSql.rollup), so both agree to the cent.

/** Conditions on the facts to sum: `t` is transactions, `l` is transaction_lines. */
export interface FactFilter {
  sales: string;
  lines: string;
}

/** The start of the UTC hour of a TIMESTAMPTZ, by arithmetic on the epoch (no per-row time-zone work). */
const hourOf = (column: string) => `to_timestamp(epoch_us(${column}) // 3600000000 * 3600)`;

// transactions: sales; gross/discount/revenue/vat: subtotal, discount, total (what was paid, incl. VAT)
// and the VAT in it; with_extra: sales with at least one extra among their lines. The lines of a sale are
// stored with it in one database transaction, so a filter on both tables sees all of a sale's lines.
export const salesHourlySql = (where: FactFilter) => `SELECT ${hourOf("t.occurred_at")} AS hour_start,
    t.site_id, t.payment_method, t.sales_channel = 'online' AS online,
    count(*) AS transactions,
    sum(t.subtotal_cents) AS gross_cents,
    sum(t.discount_cents) AS discount_cents,
    sum(t.total_cents) AS revenue_cents,
    sum(t.vat_cents) AS vat_cents,
    count(x.transaction_id) AS with_extra
  FROM transactions t LEFT JOIN (
    SELECT DISTINCT l.transaction_id FROM transaction_lines l
    WHERE ${where.lines} AND l.item_id IN (SELECT id FROM items WHERE kind = 'extra')
  ) x ON x.transaction_id = t.id
  WHERE ${where.sales}
  GROUP BY ALL`;

// quantity: items sold; gross = quantity × unit price; discount: the line's share of the sale's discount;
// revenue: the line amount after discount, incl. VAT; vat: the VAT in it.
export const itemSalesHourlySql = (where: FactFilter) => `SELECT ${hourOf("l.occurred_at")} AS hour_start,
    l.site_id, l.item_id,
    sum(l.quantity) AS quantity,
    sum(l.quantity * l.unit_price_cents) AS gross_cents,
    sum(l.discount_cents) AS discount_cents,
    sum(l.amount_cents) AS revenue_cents,
    sum(l.vat_cents) AS vat_cents
  FROM transaction_lines l
  WHERE ${where.lines}
  GROUP BY ALL`;

const SUMS = {
  sales_hourly: {
    key: "hour_start, site_id, payment_method, online",
    sums: ["transactions", "gross_cents", "discount_cents", "revenue_cents", "vat_cents", "with_extra"],
    sql: salesHourlySql,
  },
  item_sales_hourly: {
    key: "hour_start, site_id, item_id",
    sums: ["quantity", "gross_cents", "discount_cents", "revenue_cents", "vat_cents"],
    sql: itemSalesHourlySql,
  },
};

interface TableCount {
  rows: number;
  /** max(rowid) + 1: equal to `rows` while nothing was ever deleted, which the rowid bookkeeping needs. */
  next: number;
}

const countOf = async (tx: Queryable, table: string) =>
  (
    await tx.query<TableCount>(`SELECT count(*) AS rows, coalesce(max(rowid) + 1, 0) AS next FROM ${table}`)
  )[0];

const syncs = new WeakMap<Database, Promise<void>>();

/**
 * Adds the facts that arrived since the last call to the hourly sums; concurrent calls on one database wait
 * for one another. When nothing arrived it costs two counts. Whatever appended the facts (ingestion,
 * imports, the demo generator), the next report catches up.
 */
export function syncSalesHourly(db: Queryable): Promise<void> {
  if (!(db instanceof Database)) throw new Error("syncSalesHourly needs the database, not a connection");
  const next = (syncs.get(db) ?? Promise.resolve()).catch(() => {}).then(() => db.transaction(syncIn));
  syncs.set(db, next);
  return next;
}

async function syncIn(tx: Queryable): Promise<void> {
  let [state] = await tx.query<{ transactions: number; lines: number }>(
    "SELECT transactions, lines FROM sales_hourly_sync",
  );
  const [sales, lines] = [await countOf(tx, "transactions"), await countOf(tx, "transaction_lines")];
  if (sales.rows === state.transactions && lines.rows === state.lines) return;

  // Rows removed or rewritten: the rowids no longer say what is new, so everything is summed again.
  const appendOnly = sales.rows === sales.next && lines.rows === lines.next;
  if (!appendOnly || sales.rows < state.transactions || lines.rows < state.lines) {
    for (const table of Object.keys(SUMS)) await tx.run(`DELETE FROM ${table}`);
    state = { transactions: 0, lines: 0 };
  }
  const fresh = { sales: "t.rowid >= $sales", lines: "l.rowid >= $lines" };
  for (const [table, { key, sums, sql }] of Object.entries(SUMS)) {
    const add = sums.map((column) => `${column} = ${column} + EXCLUDED.${column}`).join(", ");
    await tx.run(`INSERT INTO ${table} BY NAME (${sql(fresh)}) ON CONFLICT (${key}) DO UPDATE SET ${add}`, {
      ...(sql === salesHourlySql && { sales: state.transactions }),
      lines: state.lines,
    });
  }
  await tx.run("UPDATE sales_hourly_sync SET transactions = $1, lines = $2, synced_at = now()", [
    sales.rows,
    lines.rows,
  ]);
}
