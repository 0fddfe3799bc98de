import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.ts";
import { customersDatabase, plateRead, siteSale } from "./test-facts.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// The derived visits must be the same whether they were caught up batch by batch or rebuilt from all facts,
// whatever order the facts arrive in. Times below are UTC; 26 October 2026 is in CET (UTC+1).

let db: Database;

beforeEach(async () => {
  db = await customersDatabase();
});
afterEach(() => db.close());

// `at`: a time on 26 October 2026 (`10:00`), or a whole UTC instant
const instant = (at: string) => (at.length === 5 ? `2026-10-26T${at}:00Z` : at);
const read = (site: number, at: string, plate: string | null) => plateRead(db, site, instant(at), plate);
const sale = (site: number, at: string, plate: string) => siteSale(db, site, instant(at), plate);

/** The visits as plain rows, by plate, in time order. */
const visits = () =>
  db.query<Record<string, unknown>>(
    `SELECT c.plate, v.site_id, v.visit_at, v.visit_local, v.first_visit_at, v.first_site_id,
       v.previous_visit_at, v.previous_site_visit_local, v.purchased, v.year_visit_number, v.site_year_visit_number,
       v.year_sites, v.year_purchases, v.site_year_purchases
     FROM customer_visits v JOIN customers c ON c.id = v.customer_id ORDER BY c.plate, v.visit_at, v.site_id`,
  );

/** The visits worked out again from all facts, from empty tables. */
async function rebuilt() {
  await db.run("DELETE FROM customer_visits");
  await db.run("DELETE FROM customers");
  await db.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0");
  await syncCustomerVisits(db);
  return visits();
}

describe("customer visits", () => {
  it("merges reads at most 30 minutes apart at one site, and not across sites", async () => {
    await read(1, "10:00", "AA11BB");
    await read(1, "10:20", "AA11BB");
    await read(1, "10:45", "AA11BB"); // 25 minutes after the previous read: still the same visit
    await read(2, "10:50", "AA11BB"); // another site: a visit of its own
    await read(1, "11:30", "AA11BB"); // 45 minutes after the last read at A
    await read(1, "11:31", null);
    await syncCustomerVisits(db);
    const rows = await visits();
    expect(
      rows.map((r) => [r.site_id, r.visit_local, r.previous_visit_at, r.previous_site_visit_local]),
    ).toEqual([
      [1, "2026-10-26T11:00:00.000Z", null, null],
      [2, "2026-10-26T11:50:00.000Z", "2026-10-26T10:00:00.000Z", null],
      [1, "2026-10-26T12:30:00.000Z", "2026-10-26T10:50:00.000Z", "2026-10-26T11:00:00.000Z"],
    ]);
    expect(new Set(rows.map((r) => r.first_visit_at))).toEqual(new Set(["2026-10-26T10:00:00.000Z"]));
  });

  it("catches up batch by batch to what a rebuild gives, late and early facts included", async () => {
    await read(1, "10:00", "AA11BB");
    await read(1, "10:40", "AA11BB");
    await read(2, "09:00", "CC22DD");
    await syncCustomerVisits(db);
    expect(await visits()).toHaveLength(3);

    await read(1, "10:20", "AA11BB"); // late: joins 10:00 and 10:40 into one visit
    await sale(1, "10:05", "AA11BB"); // the till reports later: the visit was purchased
    await syncCustomerVisits(db);
    await read(2, "08:00", "CC22DD"); // earlier than anything known: the new first visit
    await read(1, "12:00", "EE33FF");
    await syncCustomerVisits(db);
    const caughtUp = await visits();
    expect(caughtUp.map((r) => [r.plate, r.visit_at, r.purchased])).toEqual([
      ["AA11BB", "2026-10-26T10:00:00.000Z", true],
      ["CC22DD", "2026-10-26T08:00:00.000Z", false],
      ["CC22DD", "2026-10-26T09:00:00.000Z", false],
      ["EE33FF", "2026-10-26T12:00:00.000Z", false],
    ]);
    expect(caughtUp.filter((r) => r.plate === "CC22DD").map((r) => r.first_visit_at)).toEqual([
      "2026-10-26T08:00:00.000Z",
      "2026-10-26T08:00:00.000Z",
    ]);
    expect(await rebuilt()).toEqual(caughtUp);
  });

  it("counts each customer's year so far per visit, renumbered by a late visit, from 1 January local time", async () => {
    const year = async () =>
      (await visits()).map((r) => [
        r.plate,
        r.site_id,
        r.visit_local,
        r.year_visit_number,
        r.site_year_visit_number,
        r.year_sites,
        r.year_purchases,
        r.site_year_purchases,
      ]);
    await read(1, "2025-12-31T22:30:00Z", "AA11BB"); // 23:30 on 31 December in Amsterdam: 2025's
    await read(2, "2025-12-31T23:30:00Z", "AA11BB"); // 00:30 on 1 January: 2026's first
    await read(1, "2026-01-02T10:00:00Z", "AA11BB");
    await sale(1, "2026-01-02T10:10:00Z", "AA11BB");
    await syncCustomerVisits(db);
    await read(1, "2026-01-03T10:00:00Z", "AA11BB");
    await syncCustomerVisits(db);
    // number (any site, this site), sites, purchases (any site, this site) so far in the local year
    expect(await year()).toEqual([
      ["AA11BB", 1, "2025-12-31T23:30:00.000Z", 1, 1, 1, 0, 0],
      ["AA11BB", 2, "2026-01-01T00:30:00.000Z", 1, 1, 1, 0, 0],
      ["AA11BB", 1, "2026-01-02T11:00:00.000Z", 2, 1, 2, 1, 1],
      ["AA11BB", 1, "2026-01-03T11:00:00.000Z", 3, 2, 2, 1, 1],
    ]);

    await read(1, "2026-01-01T12:00:00Z", "AA11BB"); // late: 2026's second visit, at A; the later ones move up
    await sale(2, "2025-12-31T23:35:00Z", "AA11BB"); // the till at B reports late: 1 January's visit purchased
    await syncCustomerVisits(db);
    const caughtUp = await year();
    expect(caughtUp).toEqual([
      ["AA11BB", 1, "2025-12-31T23:30:00.000Z", 1, 1, 1, 0, 0],
      ["AA11BB", 2, "2026-01-01T00:30:00.000Z", 1, 1, 1, 1, 1],
      ["AA11BB", 1, "2026-01-01T13:00:00.000Z", 2, 1, 2, 1, 0],
      ["AA11BB", 1, "2026-01-02T11:00:00.000Z", 3, 2, 2, 2, 1],
      ["AA11BB", 1, "2026-01-03T11:00:00.000Z", 4, 3, 2, 2, 1],
    ]);
    await rebuilt();
    expect(await year()).toEqual(caughtUp);
  });

  it("keeps each customer's first visit on the customer, moved back by a late, earlier read", async () => {
    const firstVisits = () =>
      db.query<Record<string, unknown>>(
        "SELECT plate, first_visit_at, first_visit_local FROM customers ORDER BY plate",
      );
    await read(1, "10:00", "AA11BB");
    await read(2, "09:30", "AA11BB"); // at B before A: the first visit is at B
    await read(1, "11:00", null); // a no-read is no customer
    await read(2, "12:00", "CC22DD");
    await syncCustomerVisits(db);
    expect(await firstVisits()).toEqual([
      {
        plate: "AA11BB",
        first_visit_at: "2026-10-26T09:30:00.000Z",
        first_visit_local: "2026-10-26T10:30:00.000Z",
      },
      {
        plate: "CC22DD",
        first_visit_at: "2026-10-26T12:00:00.000Z",
        first_visit_local: "2026-10-26T13:00:00.000Z",
      },
    ]);

    await read(1, "08:15", "AA11BB"); // arrives late, earlier than anything known of AA11BB
    await sale(2, "12:05", "CC22DD"); // a sale moves no first visit
    await syncCustomerVisits(db);
    const caughtUp = await firstVisits();
    expect(caughtUp).toEqual([
      {
        plate: "AA11BB",
        first_visit_at: "2026-10-26T08:15:00.000Z",
        first_visit_local: "2026-10-26T09:15:00.000Z",
      },
      {
        plate: "CC22DD",
        first_visit_at: "2026-10-26T12:00:00.000Z",
        first_visit_local: "2026-10-26T13:00:00.000Z",
      },
    ]);
    await rebuilt();
    expect(await firstVisits()).toEqual(caughtUp);
  });

  it("gives every visit its Amsterdam wall-clock time across the autumn change, however late a read arrives", async () => {
    // 25 October 2026: the clocks go back at 01:00 UTC (03:00 CEST → 02:00 CET).
    await read(1, "2026-10-24T12:00:00Z", "AA11BB"); // Saturday 14:00 CEST
    await read(1, "2026-10-25T00:30:00Z", "AA11BB"); // Sunday 02:30 CEST, the first 02:30
    await read(1, "2026-10-25T01:30:00Z", "AA11BB"); // Sunday 02:30 CET, the second one
    await read(1, "2026-10-25T14:10:00Z", "AA11BB"); // Sunday 15:10 CET
    await syncCustomerVisits(db);
    // A read of 20 October arrives late: every later visit of the plate is numbered again, in a catch-up
    // whose own new facts end days before the clock change.
    await read(2, "2026-10-20T08:00:00Z", "AA11BB"); // Tuesday 10:00 CEST
    await syncCustomerVisits(db);
    const locals = (await visits()).map((r) => [r.visit_at, r.visit_local, r.year_visit_number]);
    expect(locals).toEqual([
      ["2026-10-20T08:00:00.000Z", "2026-10-20T10:00:00.000Z", 1],
      ["2026-10-24T12:00:00.000Z", "2026-10-24T14:00:00.000Z", 2],
      ["2026-10-25T00:30:00.000Z", "2026-10-25T02:30:00.000Z", 3],
      ["2026-10-25T01:30:00.000Z", "2026-10-25T02:30:00.000Z", 4],
      ["2026-10-25T14:10:00.000Z", "2026-10-25T15:10:00.000Z", 5],
    ]);
    expect(await rebuilt()).toEqual(await visits());
  });

  it("does nothing when no fact arrived", async () => {
    await read(1, "10:00", "AA11BB");
    await syncCustomerVisits(db);
    const [before] = await db.query<{ synced_at: string }>("SELECT synced_at FROM customer_visits_sync");
    await syncCustomerVisits(db);
    const [after] = await db.query<{ synced_at: string }>("SELECT synced_at FROM customer_visits_sync");
    expect(after.synced_at).toBe(before.synced_at);
  });
});
