import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../../tests/support/migrated-database.ts";
import type { Database } from "../../../db/database.ts";
import { erasePlate } from "../../../privacy/erase-plate.ts";
import { pseudonymKey } from "../../../privacy/pseudonym.ts";
import { emptyDerived } from "../../additive-sync.ts";
import { PROGRAMME_VISITS, syncProgrammeVisits } from "./programme-visits-sync.ts";

// programme_visits must be the same whether it was caught up batch by batch or rebuilt from all facts,
// whatever order the sales and their lines arrive in. Items: Glans (1, order 1), Premium (2, order 2),
// Velgen (3, an extra), Abonnement (4, the monthly fee). Promotion 1 is a free upgrade.

let db: Database;
let event = 0;

beforeEach(async () => {
  db = await migratedDatabase();
  await db.run(
    "INSERT INTO sites (code, name, city, postcode, lat, lon) VALUES ('a', 'A', 'Utrecht', '3511AA', 52.09, 5.12)",
  );
  await db.run(`INSERT INTO items (id, code, name, kind, price_cents, sort_order) VALUES
    (1, 'glans', 'Glans', 'programma', 1000, 1), (2, 'premium', 'Premium', 'programma', 1500, 2),
    (3, 'velgen', 'Velgen', 'extra', 300, 10), (4, 'abonnement', 'Abonnement', 'abonnement', 3000, 20)`);
  await db.run(`INSERT INTO promotions (id, code, name, kind, value, channel, valid_from)
    VALUES (1, 'upgrade', 'Upgrade', 'gratis-upgrade', 0, 'flyer', '2026-01-01')`);
});
afterEach(() => db.close());

interface Sale {
  at: string;
  plate: string | null;
  /** item ids with their amount in cents */
  lines?: [number, number][];
  payment?: string;
  online?: boolean;
  promotion?: number;
  site?: number;
}

/** A sale (total = Σ line amounts) and its lines; returns its id. */
async function sale({ at, plate, lines = [], payment = "pin", online = false, promotion, site = 1 }: Sale) {
  const total = lines.reduce((sum, [, cents]) => sum + cents, 0);
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
       subtotal_cents, total_cents, vat_cents, promotion_id)
     VALUES ($8, $1, $2, $3, $4, $5, $6, $6, 0, $7) RETURNING id`,
    [`t${++event}`, at, plate, payment, online ? "online" : "site", total, promotion ?? null, site],
  );
  for (const [index, [item, cents]] of lines.entries()) await line(id, index + 1, at, item, cents, site);
  return id;
}
const line = (id: number, no: number, at: string, item: number, cents: number, site = 1) =>
  db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, amount_cents, vat_cents) VALUES ($1, $2, $6, $3, $4, 1, $5, $5, 0)`,
    [id, no, at, item, cents, site],
  );

const snapshot = () =>
  db.query(
    `SELECT strftime(occurred_at, '%m-%d') AS day, plate, item_id, revenue_cents, with_extra, subscription, free,
       strftime(previous_at, '%m-%d') AS previous_day, previous_item_id, previous_subscription, previous_promotion_id
     FROM programme_visits ORDER BY occurred_at, transaction_id`,
  );

/** programme_visits_daily as a list, in a fixed order. */
const daily = () =>
  db.query(
    `SELECT strftime(day, '%m-%d') AS day, item_id, with_extra, subscription, free, previous_item_id,
       previous_subscription, previous_promotion_id, strftime(lookback_at, '%Y-%m-%d') AS lookback, washes, revenue_cents
     FROM programme_visits_daily ORDER BY ALL`,
  );

async function rebuilt() {
  await emptyDerived(db, PROGRAMME_VISITS);
  await syncProgrammeVisits(db);
  return snapshot();
}

describe("programme visits", () => {
  it("catches up batch by batch to what a rebuild gives, late and out-of-order sales and lines included", async () => {
    await sale({ at: "2026-11-01T10:00:00Z", plate: "AA11", lines: [[1, 1000]], promotion: 1 });
    await sale({
      at: "2026-11-10T10:00:00Z",
      plate: "AA11",
      lines: [
        [2, 1500],
        [3, 300],
      ],
    });
    await sale({ at: "2026-11-10T11:00:00Z", plate: null, lines: [[1, 1000]] });
    await syncProgrammeVisits(db);
    expect((await snapshot()).map((r) => [r.day, r.plate, r.previous_day, r.previous_item_id])).toEqual([
      ["11-01", "AA11", null, null],
      ["11-10", "AA11", "11-01", 1],
      ["11-10", null, null, null],
    ]);

    // A sale of 5 November arrives late: it becomes the previous visit of the one of the 10th.
    await sale({ at: "2026-11-05T10:00:00Z", plate: "AA11", lines: [[2, 0]], payment: "voucher" });
    // A sale whose line arrives in a later batch than the sale itself.
    const late = await sale({ at: "2026-11-12T10:00:00Z", plate: "AA11", payment: "abonnement" });
    // An online subscription payment is no visit, and no previous visit either; one of 2 November arrives late.
    await sale({ at: "2026-11-13T09:00:00Z", plate: "AA11", lines: [[4, 3000]], online: true });
    await sale({ at: "2026-11-02T09:00:00Z", plate: "AA11", lines: [[4, 3000]], online: true });
    // Extras only: no programme visit, but the previous sale of the next one (which then makes no pair).
    await sale({ at: "2026-11-14T10:00:00Z", plate: "AA11", lines: [[3, 300]] });
    await sale({ at: "2026-11-15T10:00:00Z", plate: "AA11", lines: [[1, 1000]] });
    await syncProgrammeVisits(db);
    await line(late, 1, "2026-11-12T10:00:00Z", 1, 0);
    // A subscription payment whose line comes after its sale was synced.
    const fee = await sale({ at: "2026-12-13T09:00:00Z", plate: "AA11", online: true });
    await syncProgrammeVisits(db);
    await line(fee, 1, "2026-12-13T09:00:00Z", 4, 3000);
    await syncProgrammeVisits(db);

    const incremental = await snapshot();
    expect(incremental).toEqual([
      // day, plate, item, revenue, extra, subscription, free, previous day, its item, subscription, promotion
      row("11-01", "AA11", 1, 1000, false, false, false, null, null, null, null),
      row("11-05", "AA11", 2, 0, false, false, true, "11-01", 1, false, 1),
      row("11-10", "AA11", 2, 1500, true, false, false, "11-05", 2, false, null),
      row("11-10", null, 1, 1000, false, false, false, null, null, null, null),
      row("11-12", "AA11", 1, 0, false, true, false, "11-10", 2, false, null),
      row("11-15", "AA11", 1, 1000, false, false, false, "11-14", null, false, null),
    ]);
    // The daily sums, hand-worked from the rows above (all in winter: the local day is the UTC day; the
    // unplated wash of the 10th is its own row, its previous columns being null).
    const days = await daily();
    expect(days).toEqual([
      sums("11-01", 1, false, false, false, null, null, null, null, 1, 1000),
      sums("11-05", 2, false, false, true, 1, false, 1, null, 1, 0),
      sums("11-10", 1, false, false, false, null, null, null, null, 1, 1000),
      sums("11-10", 2, true, false, false, 2, false, null, null, 1, 1500),
      sums("11-12", 1, false, true, false, 2, false, null, null, 1, 0),
      sums("11-15", 1, false, false, false, null, null, null, null, 1, 1000),
    ]);
    expect(await rebuilt()).toEqual(incremental);
    expect(await daily()).toEqual(days);
  });

  it("sums each local day, and keeps a previous visit over 365 days back for the report to compare", async () => {
    // 22:30 UTC on 1 Nov 2026 is 23:30 in Amsterdam (1 Nov); 23:30 UTC is 00:30 on 2 Nov.
    await sale({ at: "2025-10-01T10:00:00Z", plate: "DD44", lines: [[1, 1000]] });
    await sale({ at: "2026-11-01T22:30:00Z", plate: "DD44", lines: [[2, 1500]] });
    await sale({ at: "2026-11-01T23:30:00Z", plate: "EE55", lines: [[2, 1500]] });
    await syncProgrammeVisits(db);
    // A late sale of the evening of 1 Nov, local time, and a second wash of EE55 on 2 Nov.
    await sale({ at: "2026-11-01T20:00:00Z", plate: "FF66", lines: [[2, 1400]] });
    await sale({ at: "2026-11-02T12:00:00Z", plate: "EE55", lines: [[2, 1500]] });
    await syncProgrammeVisits(db);
    const days = await daily();
    expect(days).toEqual([
      sums("10-01", 1, false, false, false, null, null, null, null, 1, 1000),
      // DD44's previous visit is 396 days back: kept with its date; FF66 has none: summed with it.
      sums("11-01", 2, false, false, false, 1, false, null, "2025-10-01", 1, 1500),
      sums("11-01", 2, false, false, false, null, null, null, null, 1, 1400),
      // EE55's first wash (local 2 Nov) and its second, 2 Nov after 2 Nov.
      sums("11-02", 2, false, false, false, 2, false, null, null, 1, 1500),
      sums("11-02", 2, false, false, false, null, null, null, null, 1, 1500),
    ]);
    await rebuilt();
    expect(await daily()).toEqual(days);
  });

  it("works everything out again when sales were deleted from the facts", async () => {
    await sale({ at: "2026-11-01T10:00:00Z", plate: "BB22", lines: [[1, 1000]] });
    const middle = await sale({ at: "2026-11-02T10:00:00Z", plate: "BB22", lines: [[2, 1500]] });
    await sale({ at: "2026-11-03T10:00:00Z", plate: "BB22", lines: [[1, 1000]] });
    await syncProgrammeVisits(db);
    await db.run("DELETE FROM transaction_lines WHERE transaction_id = $1", [middle]);
    await db.run("DELETE FROM transactions WHERE id = $1", [middle]);
    await syncProgrammeVisits(db);
    // The sale of the 3rd now follows the one of the 1st.
    expect((await snapshot()).map((r) => [r.day, r.previous_day])).toEqual([
      ["11-01", null],
      ["11-03", "11-01"],
    ]);
  });
});

describe("programme visits and the right to erasure", () => {
  it("keeps no erased plate, and equals a rebuild afterwards", async () => {
    await sale({ at: "2026-11-01T10:00:00Z", plate: "CC33", lines: [[1, 1000]] });
    await sale({ at: "2026-11-02T10:00:00Z", plate: "CC33", lines: [[2, 1500]] });
    await sale({ at: "2026-11-03T09:00:00Z", plate: "CC33", lines: [[4, 3000]], online: true });
    await syncProgrammeVisits(db);
    await erasePlate(db, {
      plate: "CC33",
      actorEmail: "demo@wasbord.nl",
      key: pseudonymKey("ab".repeat(32)),
    });
    await syncProgrammeVisits(db);
    const erased = await snapshot();
    // Both washes stay, without a plate and so without a previous visit.
    expect(erased.map((r) => [r.day, r.plate, r.previous_day, r.previous_item_id])).toEqual([
      ["11-01", null, null, null],
      ["11-02", null, null, null],
    ]);
    // The pair 1 → 2 Nov is gone from the daily sums too.
    const days = await daily();
    expect(days.map((r) => [r.day, r.previous_item_id])).toEqual([
      ["11-01", null],
      ["11-02", null],
    ]);
    expect(await rebuilt()).toEqual(erased);
    expect(await daily()).toEqual(days);
  });
});

const row = (
  day: string,
  plate: string | null,
  item_id: number,
  revenue_cents: number,
  with_extra: boolean,
  subscription: boolean,
  free: boolean,
  previous_day: string | null,
  previous_item_id: number | null,
  previous_subscription: boolean | null,
  previous_promotion_id: number | null,
) => ({
  day,
  plate,
  item_id,
  revenue_cents,
  with_extra,
  subscription,
  free,
  previous_day,
  previous_item_id,
  previous_subscription,
  previous_promotion_id,
});

const sums = (
  day: string,
  item_id: number,
  with_extra: boolean,
  subscription: boolean,
  free: boolean,
  previous_item_id: number | null,
  previous_subscription: boolean | null,
  previous_promotion_id: number | null,
  lookback: string | null,
  washes: number,
  revenue_cents: number,
) => ({
  day,
  item_id,
  with_extra,
  subscription,
  free,
  previous_item_id,
  previous_subscription,
  previous_promotion_id,
  lookback,
  washes,
  revenue_cents,
});
