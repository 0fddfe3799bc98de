import { vatIncluded } from "../ingest/money.ts";
import type { TableWriter } from "./bulk.ts";

// Writes sales the way the till integration would send them: lines with their discounts, totals that add
// up, VAT worked out per line with the same rounding as ingestion.

export interface SaleLine {
  itemId: number;
  unitPriceCents: number;
  discountCents: number;
}

export interface Sale {
  siteId: number;
  at: number;
  plate: string | null;
  sidecode: number | null;
  payment: string;
  channel: "site" | "online";
  lines: SaleLine[];
  voucherCode: string | null;
  promotionId: number | null;
  postcode: string | null;
}

export class SalesWriter {
  private nextId = 1;
  revenueCents = 0;

  constructor(
    private readonly transactions: TableWriter,
    private readonly lines: TableWriter,
  ) {}

  /** Ids handed out so far; the sequence is moved past them when loading ends. */
  get lastId(): number {
    return this.nextId - 1;
  }

  /** Stores a sale and returns its transaction id. */
  write(sale: Sale): number {
    const id = this.nextId++;
    let subtotal = 0;
    let discount = 0;
    let vat = 0;
    sale.lines.forEach((line, i) => {
      const amount = line.unitPriceCents - line.discountCents;
      const lineVat = vatIncluded(amount, 21);
      subtotal += line.unitPriceCents;
      discount += line.discountCents;
      vat += lineVat;
      this.lines.add(
        id,
        i + 1,
        sale.siteId,
        sale.at,
        line.itemId,
        1,
        line.unitPriceCents,
        line.discountCents,
        amount,
        lineVat,
      );
    });
    const total = subtotal - discount;
    this.revenueCents += total;
    this.transactions.add(
      id,
      sale.siteId,
      `t${id.toString(36)}`,
      sale.at,
      sale.plate,
      sale.sidecode,
      sale.payment,
      sale.channel,
      subtotal,
      discount,
      total,
      vat,
      sale.voucherCode,
      sale.promotionId,
      sale.postcode,
    );
    return id;
  }
}
