import type { Queryable } from "../../../db/database.ts";
import { type DerivedTables, declareDerived, syncDerived } from "../../additive-sync.ts";
import { localTimeSql } from "../../buckets.ts";
import { localDate } from "../../time-zone.ts";

// The hourly sums of migration 020 (sales_hourly, item_sales_hourly): how they are computed from the facts,
// and how they are kept up to date. Reports read whole hours from them and the last, unfinished hour of a
// period from the facts themselves, with the same SQL (ReportSql.rollup), so both agree to the cent.

/** Conditions on the sales facts to sum into hourly rollups: `t` is transactions, `l` is transaction_lines. */
export interface FactFilter {
  sales: string;
  lines: string;
}

/** The start of the UTC hour of a TIMESTAMPTZ, by arithmetic on the epoch (no per-row time-zone work). */
const hourOf = (column: string) => `to_timestamp(epoch_us(${column}) // 3600000000 * 3600)`;

// transactions: sales; gross/discount/revenue/vat: subtotal, discount, total (what was paid, incl. VAT)
// and the VAT in it; with_extra: sales with at least one extra among their lines. The lines of a sale are
// stored with it in one database transaction, so a filter on both tables sees all of a sale's lines.
const SALES_MEASURES = {
  transactions: "count(*)",
  gross_cents: "sum(t.subtotal_cents)",
  discount_cents: "sum(t.discount_cents)",
  revenue_cents: "sum(t.total_cents)",
  vat_cents: "sum(t.vat_cents)",
  with_extra: "count(x.transaction_id)",
};
type SalesMeasure = keyof typeof SALES_MEASURES;

/**
 * The hourly sales sums of `where`'s facts; `measures` narrows them for a reader of the unfinished hour that
 * needs only some (the dashboard: revenue), sparing it the join that finds the extras.
 */
export const salesHourlySql = (
  where: FactFilter,
  measures = Object.keys(SALES_MEASURES) as SalesMeasure[],
) => `SELECT ${hourOf("t.occurred_at")} AS hour_start,
    t.site_id, t.payment_method, t.sales_channel = 'online' AS online,
    ${measures.map((measure) => `${SALES_MEASURES[measure]} AS ${measure}`).join(",\n    ")}
  FROM transactions t${
    measures.includes("with_extra")
      ? ` LEFT JOIN (
    SELECT DISTINCT l.transaction_id FROM transaction_lines l
    WHERE ${where.lines} AND l.item_id IN (SELECT id FROM items WHERE kind = 'extra')
  ) x ON x.transaction_id = t.id`
      : ""
  }
  WHERE ${where.sales}
  GROUP BY ALL`;

// quantity: items sold; subscription_quantity: of them, on sales paid 'abonnement' (a member wash, whatever
// price or discount the till put on the line: it is paid by the monthly fee, not at the till);
// gross = quantity × unit price; discount: the line's share of the sale's discount; revenue: the line amount
// after discount, incl. VAT; vat: the VAT in it.
export const itemSalesHourlySql = (where: FactFilter) => `SELECT ${hourOf("l.occurred_at")} AS hour_start,
    l.site_id, l.item_id,
    sum(l.quantity) AS quantity,
    coalesce(sum(l.quantity) FILTER (WHERE t.id IS NOT NULL), 0) AS subscription_quantity,
    sum(l.quantity * l.unit_price_cents) AS gross_cents,
    sum(l.discount_cents) AS discount_cents,
    sum(l.amount_cents) AS revenue_cents,
    sum(l.vat_cents) AS vat_cents
  FROM transaction_lines l
  LEFT JOIN (SELECT t.id FROM transactions t WHERE ${where.sales} AND t.payment_method = 'abonnement') t
    ON t.id = l.transaction_id
  WHERE ${where.lines}
  GROUP BY ALL`;

const SUMS = {
  sales_hourly: {
    key: "site_id, payment_method, online",
    sums: Object.keys(SALES_MEASURES),
    sql: salesHourlySql,
    daily: "sales_daily",
  },
  item_sales_hourly: {
    key: "site_id, item_id",
    sums: [
      "quantity",
      "subscription_quantity",
      "gross_cents",
      "discount_cents",
      "revenue_cents",
      "vat_cents",
    ],
    sql: itemSalesHourlySql,
    daily: "item_sales_daily",
  },
};

/**
 * Adds the facts that arrived since the last call to the hourly sums, and the same sums per local day to
 * the daily ones (migration 096). Whatever appended them (ingestion, imports, the demo generator), the next
 * report catches up; late facts add to the hour and the day they belong to.
 */
export const syncSalesHourly = (db: Queryable) => syncDerived(db, SALES_SUMS);

/** The tables and bookkeeping of this sync: what emptyDerived empties for a rebuild. */
export const SALES_SUMS: DerivedTables = {
  state: "sales_hourly_sync",
  facts: { transactions: "transactions", lines: "transaction_lines" },
  tables: Object.entries(SUMS).flatMap(([table, { daily }]) => [table, daily]),
  add: async (tx, from) => {
    const fresh = { sales: "t.rowid >= $transactions", lines: "l.rowid >= $lines" };
    // From no rows on, the tables are empty (new, or emptied to be worked out again): nothing to add to.
    const empty = from.transactions === 0 && from.lines === 0;
    for (const [table, { key, sums, sql, daily }] of Object.entries(SUMS)) {
      const add = sums.map((column) => `${column} = ${column} + EXCLUDED.${column}`).join(", ");
      const upsert = (time: string) => (empty ? "" : ` ON CONFLICT (${time}, ${key}) DO UPDATE SET ${add}`);
      // A line's sale is stored with it in one database transaction: a fresh line's sale is fresh too.
      await tx.run(`CREATE OR REPLACE TEMP TABLE sales_fresh AS ${sql(fresh)}`, {
        transactions: from.transactions,
        lines: from.lines,
      });
      // In time order, so the tables stay in time order and a period's scan skips the rest (migration 095).
      // An insert with ON CONFLICT writes its rows in a few runs (one per thread), each in order; into
      // empty tables the sums go without it, in one run.
      await tx.run(
        `INSERT INTO ${table} BY NAME (FROM sales_fresh ORDER BY hour_start)${upsert("hour_start")}`,
      );
      const day = await localDaySql(tx);
      if (day) {
        await tx.run(`INSERT INTO ${daily} BY NAME (
            SELECT ${day} AS day, ${key}, ${sums.map((column) => `sum(${column}) AS ${column}`).join(", ")}
            FROM sales_fresh GROUP BY ALL ORDER BY day
          )${upsert("day")}`);
      }
      await tx.run("DROP TABLE sales_fresh");
    }
  },
};

/**
 * The local day of sales_fresh's hour_start as SQL, with the UTC offsets of exactly the hours it holds
 * (23- and 25-hour days included); null when it holds none.
 */
async function localDaySql(tx: Queryable): Promise<string | null> {
  const [range] = await tx.query<{ first: number | null; last: number | null }>(
    "SELECT epoch_ms(min(hour_start)) AS first, epoch_ms(max(hour_start)) AS last FROM sales_fresh",
  );
  if (range.first === null || range.last === null) return null;
  const window = {
    from: localDate(new Date(Number(range.first))),
    to: localDate(new Date(Number(range.last))),
    start: new Date(Number(range.first)),
    end: new Date(Number(range.last) + 3_600_000),
  };
  return `(${localTimeSql("hour_start", [window])})::DATE`;
}

/** Hourly and daily sums of the sales and their lines: no plate, so an erasure leaves them as they are. */
export const SALES_SUMS_DECLARED = declareDerived(SALES_SUMS, syncSalesHourly, {
  name: "verkoop per uur en per dag",
  plateColumns: {},
  erase: null,
});
