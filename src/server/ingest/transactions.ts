import {
  BIGINT,
  type DuckDBConnection,
  INTEGER,
  listValue,
  SMALLINT,
  TINYINT,
  VARCHAR,
} from "@duckdb/node-api";
import type { IngestResult, TransactionRow } from "../../shared/ingest.ts";
import { parsePlate } from "../../shared/plates.ts";
import type { Database } from "../db/database.ts";
import { CodeChecker, type ItemInfo, loadCodes, resolveSites } from "./dimensions.ts";
import { insertNew } from "./insert-new.ts";
import { spreadDiscount, vatIncluded } from "./money.ts";
import { epochMicros, unnestRelation } from "./unnest.ts";
import type { Numbered } from "./validate.ts";

interface Line {
  lineNo: number;
  itemId: number;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  amountCents: number;
  vatCents: number;
}

/** Splits the transaction's discount over its lines (unless the sender did) and works out each line's VAT. */
function pricedLines(row: TransactionRow, items: ItemInfo[]): Line[] {
  const gross = row.lines.map((line) => line.quantity * line.unitPriceCents);
  const given = row.lines.some((line) => line.discountCents !== undefined);
  const discounts = given
    ? row.lines.map((line) => line.discountCents ?? 0)
    : spreadDiscount(gross, row.discountCents);
  return row.lines.map((line, i) => {
    const amountCents = gross[i] - discounts[i];
    return {
      lineNo: i + 1,
      itemId: items[i].id,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: discounts[i],
      amountCents,
      vatCents: vatIncluded(amountCents, items[i].vatRatePercent),
    };
  });
}

/**
 * Stores a validated batch of sales in one transaction: the transactions not stored before (by site and
 * event id), their lines, and the redemption of the vouchers they used. Item and promotion codes must exist.
 */
export async function storeTransactions(
  db: Database,
  rows: Numbered<TransactionRow>[],
  keySiteId: number | null,
): Promise<IngestResult> {
  const { sites, items, promotions } = await loadCodes(db);
  const siteIds = resolveSites(rows, sites, keySiteId);
  const checker = new CodeChecker();
  const resolved = rows.map(({ row, value }) => ({
    items: value.lines.map((line, j) =>
      checker.lookup(items, line.item, row, ["lines", j, "item"], "artikelcode"),
    ),
    promotionId:
      value.promotion === null
        ? null
        : (checker.lookup(promotions, value.promotion, row, ["promotion"], "actie") ?? null),
  }));
  checker.throwIfAny();

  const t = {
    site_id: [] as number[],
    event_id: [] as string[],
    occurred_at: [] as bigint[],
    plate: [] as (string | null)[],
    sidecode: [] as (number | null)[],
    payment_method: [] as string[],
    sales_channel: [] as string[],
    subtotal_cents: [] as number[],
    discount_cents: [] as number[],
    total_cents: [] as number[],
    vat_cents: [] as number[],
    voucher_code: [] as (string | null)[],
    promotion_id: [] as (number | null)[],
    customer_postcode: [] as (string | null)[],
  };
  const pending = new Map<string, Pending>();
  const voucherPromotions = await promotionsOfVouchers(db, rows);
  rows.forEach(({ value }, i) => {
    const key = `${siteIds[i]} ${value.eventId}`;
    if (pending.has(key)) return;
    const occurredAt = epochMicros(value.occurredAt);
    const priced = pricedLines(value, resolved[i].items as ItemInfo[]);
    pending.set(key, { occurredAt, voucherCode: value.voucherCode, lines: priced });
    const plate = parsePlate(value.plate);
    t.site_id.push(siteIds[i]);
    t.event_id.push(value.eventId);
    t.occurred_at.push(occurredAt);
    t.plate.push(plate?.plate ?? null);
    t.sidecode.push(plate?.sidecode ?? null);
    t.payment_method.push(value.paymentMethod);
    t.sales_channel.push(value.salesChannel);
    t.subtotal_cents.push(value.totalCents + value.discountCents);
    t.discount_cents.push(value.discountCents);
    t.total_cents.push(value.totalCents);
    t.vat_cents.push(value.vatCents ?? priced.reduce((sum, line) => sum + line.vatCents, 0));
    t.voucher_code.push(value.voucherCode);
    t.promotion_id.push(
      resolved[i].promotionId ??
        (value.voucherCode ? (voucherPromotions.get(value.voucherCode) ?? null) : null),
    );
    t.customer_postcode.push(value.customerPostcode);
  });

  const relation = unnestRelation([
    { name: "site_id", type: INTEGER, values: t.site_id },
    { name: "event_id", type: VARCHAR, values: t.event_id },
    { name: "occurred_at", type: BIGINT, values: t.occurred_at, convert: "make_timestamptz(?)" },
    { name: "plate", type: VARCHAR, values: t.plate },
    { name: "sidecode", type: TINYINT, values: t.sidecode },
    { name: "payment_method", type: VARCHAR, values: t.payment_method },
    { name: "sales_channel", type: VARCHAR, values: t.sales_channel },
    { name: "subtotal_cents", type: INTEGER, values: t.subtotal_cents },
    { name: "discount_cents", type: INTEGER, values: t.discount_cents },
    { name: "total_cents", type: INTEGER, values: t.total_cents },
    { name: "vat_cents", type: INTEGER, values: t.vat_cents },
    { name: "voucher_code", type: VARCHAR, values: t.voucher_code },
    { name: "promotion_id", type: INTEGER, values: t.promotion_id },
    { name: "customer_postcode", type: VARCHAR, values: t.customer_postcode },
  ]);
  const accepted = await insertNew(db, {
    table: "transactions",
    key: "site_id, event_id",
    timeColumn: "occurred_at",
    times: t.occurred_at,
    relation,
    generated: "nextval('transactions_id_seq') AS id",
    returning: "id, site_id, event_id",
    after: (connection, stored) =>
      storeLinesAndRedemptions(connection, stored as unknown as Stored[], pending),
  });
  return { accepted, duplicates: rows.length - accepted };
}

/** A transaction of the batch waiting for its id, keyed by site id and event id. */
interface Pending {
  occurredAt: bigint;
  voucherCode: string | null;
  lines: Line[];
}

/** What the insert's RETURNING gives back for each transaction stored. */
interface Stored {
  id: bigint;
  site_id: number;
  event_id: string;
}

/** A sale with a voucher but no promotion code belongs to the voucher's promotion. */
async function promotionsOfVouchers(
  db: Database,
  rows: Numbered<TransactionRow>[],
): Promise<Map<string, number>> {
  const codes = [
    ...new Set(
      rows.flatMap(({ value }) => (value.voucherCode && !value.promotion ? [value.voucherCode] : [])),
    ),
  ];
  if (codes.length === 0) return new Map();
  const found = await db.query<{ code: string; promotionId: number }>(
    'SELECT code, promotion_id AS "promotionId" FROM vouchers WHERE code IN (SELECT unnest($1))',
    [listValue(codes)],
  );
  return new Map(found.map((voucher) => [voucher.code, voucher.promotionId]));
}

async function storeLinesAndRedemptions(
  connection: DuckDBConnection,
  stored: Stored[],
  pending: Map<string, Pending>,
): Promise<void> {
  const redemptions: Redemption[] = [];
  const l = {
    transaction_id: [] as bigint[],
    line_no: [] as number[],
    site_id: [] as number[],
    occurred_at: [] as bigint[],
    item_id: [] as number[],
    quantity: [] as number[],
    unit_price_cents: [] as number[],
    discount_cents: [] as number[],
    amount_cents: [] as number[],
    vat_cents: [] as number[],
  };
  for (const transaction of stored) {
    const { occurredAt, voucherCode, lines } = pending.get(
      `${transaction.site_id} ${transaction.event_id}`,
    ) as Pending;
    if (voucherCode) redemptions.push({ code: voucherCode, transactionId: transaction.id, at: occurredAt });
    for (const line of lines) {
      l.transaction_id.push(transaction.id);
      l.line_no.push(line.lineNo);
      l.site_id.push(transaction.site_id);
      l.occurred_at.push(occurredAt);
      l.item_id.push(line.itemId);
      l.quantity.push(line.quantity);
      l.unit_price_cents.push(line.unitPriceCents);
      l.discount_cents.push(line.discountCents);
      l.amount_cents.push(line.amountCents);
      l.vat_cents.push(line.vatCents);
    }
  }
  if (l.transaction_id.length === 0) return;
  const relation = unnestRelation([
    { name: "transaction_id", type: BIGINT, values: l.transaction_id },
    { name: "line_no", type: SMALLINT, values: l.line_no },
    { name: "site_id", type: INTEGER, values: l.site_id },
    { name: "occurred_at", type: BIGINT, values: l.occurred_at, convert: "make_timestamptz(?)" },
    { name: "item_id", type: INTEGER, values: l.item_id },
    { name: "quantity", type: SMALLINT, values: l.quantity },
    { name: "unit_price_cents", type: INTEGER, values: l.unit_price_cents },
    { name: "discount_cents", type: INTEGER, values: l.discount_cents },
    { name: "amount_cents", type: INTEGER, values: l.amount_cents },
    { name: "vat_cents", type: INTEGER, values: l.vat_cents },
  ]);
  await connection.run(
    `INSERT INTO transaction_lines BY NAME SELECT * FROM ${relation.sql}`,
    relation.values,
    relation.types,
  );
  await redeemVouchers(connection, redemptions);
}

interface Redemption {
  code: string;
  transactionId: bigint;
  at: bigint;
}

/** A voucher is redeemed by the first transaction that uses it; later uses keep the code but change nothing. */
async function redeemVouchers(connection: DuckDBConnection, redemptions: Redemption[]): Promise<void> {
  const first = new Map<string, Redemption>();
  for (const redemption of redemptions) {
    const seen = first.get(redemption.code);
    if (!seen || redemption.at < seen.at) first.set(redemption.code, redemption);
  }
  if (first.size === 0) return;
  const uses = [...first.values()];
  const relation = unnestRelation([
    { name: "code", type: VARCHAR, values: uses.map((use) => use.code) },
    { name: "transaction_id", type: BIGINT, values: uses.map((use) => use.transactionId) },
    { name: "at", type: BIGINT, values: uses.map((use) => use.at), convert: "make_timestamptz(?)" },
  ]);
  await connection.run(
    `UPDATE vouchers SET redeemed_at = u.at, redeemed_transaction_id = u.transaction_id
     FROM ${relation.sql} u
     WHERE vouchers.code = u.code AND vouchers.redeemed_at IS NULL AND u.at >= vouchers.issued_at`,
    relation.values,
    relation.types,
  );
}
