import type { PlateRecord } from "../../shared/admin/privacy.ts";
import type { Database } from "../db/database.ts";
import { syncCustomerVisits } from "../warehouse/derived/customers/visits-sync.ts";

// Right of access: everything stored about one normalised plate, from the facts and the derived tables.

export async function plateRecord(db: Database, plate: string): Promise<PlateRecord> {
  await syncCustomerVisits(db);
  const [reads, visits, transactions, vouchers, first] = await Promise.all([
    db.query<PlateRecord["reads"][number]>(
      `SELECT s.name AS site, r.read_at AS "readAt", r.lane, r.camera, r.plate, r.raw_plate AS "rawPlate",
         r.confidence, r.direction
       FROM plate_reads r JOIN sites s ON s.id = r.site_id
       WHERE r.plate = $1 OR r.raw_plate = $1 ORDER BY r.read_at, r.event_id`,
      [plate],
    ),
    db.query<PlateRecord["visits"][number]>(
      `SELECT s.name AS site, v.visit_at AS "visitAt", v.purchased
       FROM customer_visits v JOIN customers c ON c.id = v.customer_id JOIN sites s ON s.id = v.site_id
       WHERE c.plate = $1 ORDER BY v.visit_at`,
      [plate],
    ),
    db.query<PlateRecord["transactions"][number]>(
      `SELECT t.id, s.name AS site, t.occurred_at AS "occurredAt", t.payment_method AS "paymentMethod",
         t.sales_channel AS "salesChannel", t.total_cents AS "totalCents", t.discount_cents AS "discountCents",
         coalesce((SELECT string_agg(i.name, ', ' ORDER BY l.line_no) FROM transaction_lines l
           JOIN items i ON i.id = l.item_id WHERE l.transaction_id = t.id), '') AS items,
         t.voucher_code AS "voucherCode", t.customer_postcode AS "customerPostcode"
       FROM transactions t JOIN sites s ON s.id = t.site_id
       WHERE t.plate = $1 ORDER BY t.occurred_at, t.id`,
      [plate],
    ),
    db.query<PlateRecord["vouchers"][number]>(
      `SELECT v.code, p.name AS promotion, v.channel, v.issued_at AS "issuedAt", v.claimed_at AS "claimedAt",
         v.redeemed_at AS "redeemedAt"
       FROM vouchers v JOIN promotions p ON p.id = v.promotion_id
       WHERE v.redeemed_transaction_id IN (SELECT id FROM transactions WHERE plate = $1)
         OR v.code IN (SELECT voucher_code FROM transactions WHERE plate = $1)
       ORDER BY v.issued_at, v.code`,
      [plate],
    ),
    db.query<{ at: string }>("SELECT first_visit_at AS at FROM customers WHERE plate = $1", [plate]),
  ]);
  return { plate, firstSeenAt: first[0]?.at ?? null, reads, visits, transactions, vouchers };
}
