import type { Queryable } from "../../db/database.ts";
import { syncDerived } from "../derived-sync.ts";
import type { FactFilter } from "../sql.ts";

// The hourly sums of migration 020 (sales_hourly, item_sales_hourly): how they are computed from the facts,
// and how they are kept up to date. Reports read whole hours from them and the last, unfinished hour of a
// period from the facts themselves, with the same SQL (ReportSql.rollup), so both agree to the cent.

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
    sums: Object.keys(SALES_MEASURES),
    sql: salesHourlySql,
  },
  item_sales_hourly: {
    key: "hour_start, site_id, item_id",
    sums: ["quantity", "gross_cents", "discount_cents", "revenue_cents", "vat_cents"],
    sql: itemSalesHourlySql,
  },
};

/**
 * Adds the facts that arrived since the last call to the hourly sums. Whatever appended them (ingestion,
 * imports, the demo generator), the next report catches up; late facts add to the hour they belong to.
 */
export const syncSalesHourly = (db: Queryable) =>
  syncDerived(db, {
    state: "sales_hourly_sync",
    facts: { transactions: "transactions", lines: "transaction_lines" },
    tables: Object.keys(SUMS),
    add: async (tx, from) => {
      const fresh = { sales: "t.rowid >= $transactions", lines: "l.rowid >= $lines" };
      // From no rows on, the tables are empty (new, or emptied to be worked out again): nothing to add to.
      const empty = from.transactions === 0 && from.lines === 0;
      for (const [table, { key, sums, sql }] of Object.entries(SUMS)) {
        const add = sums.map((column) => `${column} = ${column} + EXCLUDED.${column}`).join(", ");
        // In hour order, so the table stays in time order and a period's scan skips the rest (migration 095).
        // An insert with ON CONFLICT writes its rows in a few runs (one per thread), each in order; into
        // empty tables the sums go without it, in one run.
        await tx.run(
          `INSERT INTO ${table} BY NAME (${sql(fresh)} ORDER BY hour_start)${empty ? "" : ` ON CONFLICT (${key}) DO UPDATE SET ${add}`}`,
          {
            ...(sql === salesHourlySql && { transactions: from.transactions }),
            lines: from.lines,
          },
        );
      }
    },
  });
