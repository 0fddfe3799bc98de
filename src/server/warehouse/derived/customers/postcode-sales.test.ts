import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.ts";
import { erasePlate } from "../../../privacy/erase-plate.ts";
import { pseudonymKey } from "../../../privacy/pseudonym.ts";
import { pseudonymiseExpired } from "../../../privacy/pseudonymise.ts";
import { emptyDerived } from "../../additive-sync.ts";
import { POSTCODE_SALES, syncPostcodeSales } from "./postcode-sales.ts";
import { customersDatabase } from "./test-facts.ts";

// postcode_sales must be the same whether it was caught up batch by batch or rebuilt from all facts,
// whatever order the sales arrive in, and after a plate's erasure or pseudonymisation. Times are UTC.

let db: Database;
let event = 0;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

/** A sale of €10 + `extra` cents on day `day` of November 2026 at 10:00 UTC; returns its id. */
async function sale(day: string, site: number, plate: string | null, postcode: string | null, extra = 0) {
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, subtotal_cents,
       total_cents, vat_cents, customer_postcode)
     VALUES ($1, $2, $3, $4, 'app', $5, $5, 0, $6) RETURNING id`,
    [site, `t${++event}`, `2026-11-${day}T10:00:00Z`, plate, 1000 + extra, postcode],
  );
  return Number(id);
}

/** The table as rows in time order; each time as its day of November ("03"), or null. */
const snapshot = () =>
  db.query<Record<string, unknown>>(
    `SELECT id, strftime(occurred_at, '%d') AS day, site_id, plate, customer, pc2, total_cents,
       strftime(next_at, '%d') AS next, strftime(next_other_at, '%d') AS next_other,
       strftime(last_other_at, '%d') AS last_other, strftime(site_next_at, '%d') AS site_next,
       strftime(site_next_other_at, '%d') AS site_next_other, strftime(site_last_other_at, '%d') AS site_last_other
     FROM postcode_sales ORDER BY occurred_at, id`,
  );

/** Each plate with its customer number (postcode_customers). */
const plates = () => db.query("SELECT plate, customer FROM postcode_customers ORDER BY ALL");

/** The table worked out again from all facts; the plates' numbers must come out the same as they were. */
async function rebuilt() {
  const numbers = await plates();
  await emptyDerived(db, POSTCODE_SALES);
  await syncPostcodeSales(db);
  expect(await plates()).toEqual(numbers);
  return snapshot();
}

/** [day, plate, next, next in another region, latest earlier in another region, and the same at the site]. */
const times = (rows: Record<string, unknown>[]) =>
  rows.map((r) => [
    r.day,
    r.plate,
    r.next,
    r.next_other,
    r.last_other,
    r.site_next,
    r.site_next_other,
    r.site_last_other,
  ]);

describe("postcode sales", () => {
  it("says per sale when the plate comes next and changes region, and catches up to what a rebuild gives", async () => {
    const first = await sale("01", 1, "AA11", "3511"); // region 35
    await sale("03", 2, "AA11", "3512"); // still 35, at site B
    await sale("05", 1, "AA11", "1012"); // moved to 10
    const plateless = await sale("02", 1, null, "3705", 5); // a customer of its own
    await sale("04", 1, "BB22", null); // no postcode: not in the table
    await syncPostcodeSales(db);
    const batch = await snapshot();
    expect(times(batch)).toEqual([
      // 1 Nov at A: next 3 Nov (B), next region 5 Nov; at A the next sale (5 Nov) is in another region
      ["01", "AA11", "03", "05", null, "05", "05", null],
      ["02", null, null, null, null, null, null, null],
      // 3 Nov at B: its latest earlier one in another region: none; at B nothing else
      ["03", "AA11", "05", "05", null, null, null, null],
      // 5 Nov at A: the latest earlier sale in another region is 3 Nov (B), at A 1 Nov
      ["05", "AA11", null, null, "03", null, null, "01"],
    ]);
    expect(batch.map((r) => [r.customer, r.pc2, r.total_cents])).toEqual([
      [first, 35, 1000],
      [plateless, 37, 1005],
      [first, 35, 1000],
      [first, 10, 1000],
    ]);

    await sale("04", 2, "AA11", "1013"); // late: between 3 and 5 Nov, in region 10, at B
    await sale("06", 1, "AA11", "3511"); // back to 35
    await syncPostcodeSales(db);
    await sale("02", 1, "AA11", "3511"); // out of order: 2 Nov, before the late one
    await syncPostcodeSales(db);
    const incremental = await snapshot();
    expect(times(incremental)).toEqual([
      ["01", "AA11", "02", "04", null, "02", "05", null],
      ["02", null, null, null, null, null, null, null],
      ["02", "AA11", "03", "04", null, "05", "05", null],
      // at B: 4 Nov comes next, in region 10
      ["03", "AA11", "04", "04", null, "04", "04", null],
      ["04", "AA11", "05", "06", "03", null, null, "03"],
      ["05", "AA11", "06", "06", "03", "06", "06", "02"],
      ["06", "AA11", null, null, "05", null, null, "05"],
    ]);
    // The customer stays the plate's first postcode sale, whatever arrives later.
    expect(new Set(incremental.filter((r) => r.plate).map((r) => r.customer))).toEqual(new Set([first]));
    expect(await rebuilt()).toEqual(incremental);
  });

  it("orders sales at the same time by id", async () => {
    const one = await sale("01", 1, "AA11", "3511");
    const two = await sale("01", 1, "AA11", "1012");
    await syncPostcodeSales(db);
    const rows = await snapshot();
    expect(rows.map((r) => [r.id, r.next, r.next_other, r.last_other])).toEqual([
      [one, "01", "01", null],
      [two, null, null, "01"],
    ]);
    expect(await rebuilt()).toEqual(rows);
  });
});

describe("postcode sales and privacy", () => {
  const key = pseudonymKey("ab".repeat(32));

  it("keeps an erased plate's sales as customers of their own, as a rebuild gives them", async () => {
    await sale("01", 1, "AA11", "3511");
    const second = await sale("03", 1, "AA11", "1012");
    await sale("02", 1, "CC33", "3511");
    await syncPostcodeSales(db);
    const third = await sale("04", 1, "AA11", "1012"); // not synced yet when the plate is erased
    await erasePlate(db, { plate: "AA11", actorEmail: "demo@wasbord.nl", key });
    await syncPostcodeSales(db);
    const erased = await snapshot();
    expect(erased.map((r) => [r.day, r.plate, r.customer === r.id, r.next, r.last_other])).toEqual([
      ["01", null, true, null, null],
      ["02", "CC33", true, null, null],
      ["03", null, true, null, null],
      ["04", null, true, null, null],
    ]);
    expect([second, third].every((id) => erased.some((r) => r.id === id))).toBe(true);
    expect(await rebuilt()).toEqual(erased);

    // The car comes back: a new customer, as in a rebuild.
    const back = await sale("05", 1, "AA11", "3511");
    await syncPostcodeSales(db);
    const after = await snapshot();
    expect(after.filter((r) => r.plate === "AA11").map((r) => [r.id, r.customer])).toEqual([[back, back]]);
    expect(await rebuilt()).toEqual(after);
  });

  it("keeps a pseudonymised plate's sales under its pseudonym, as a rebuild gives them", async () => {
    // PP01's last sale, 1 November 2026, is past a retention of 20 days on 23 November.
    await sale("01", 1, "PP01", "3511");
    await sale("02", 1, "PP01", "1012");
    await sale("22", 1, "QQ02", "3511");
    await syncPostcodeSales(db);
    await pseudonymiseExpired(db, { retentionDays: 20, now: new Date("2026-11-23T00:00:00Z"), key });
    const kept = await snapshot();
    expect(kept.map((r) => [r.day, r.plate === "PP01", r.plate === kept[0].plate, r.next])).toEqual([
      ["01", false, true, "02"],
      ["02", false, true, null],
      ["22", false, false, null],
    ]);
    expect(await rebuilt()).toEqual(kept);
  });
});
