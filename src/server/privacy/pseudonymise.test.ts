import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extendWithCustomers } from "../../../tests/api/fixtures/customers-fixture.ts";
import { openFixtureDatabase } from "../../../tests/api/fixtures/reports-fixture.ts";
import type { Database } from "../db/database.ts";
import { pseudonymKey } from "./pseudonym.ts";
import { pseudonymiseExpired } from "./pseudonymise.ts";

// The KLANTEN fixture with the clock at 21 November 2026 12:00 UTC and 30 days of retention: TT100T, HH200H,
// MM300M and SS400S were last seen before 22 October 12:00 (see tests/api/privacy-plates.test.ts).
const SECRET = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const key = pseudonymKey(SECRET);
const expected = (plate: string) =>
  `#${createHmac("sha256", Buffer.from(SECRET, "hex")).update(plate).digest("hex").slice(0, 16)}`;

let db: Database;
beforeAll(async () => {
  db = await openFixtureDatabase([extendWithCustomers]);
});
afterAll(() => db?.close());

describe("pseudonymiseExpired", () => {
  it("replaces an expired plate by its HMAC everywhere it is stored, and leaves the others alone", async () => {
    const counts = await pseudonymiseExpired(db, {
      retentionDays: 30,
      now: new Date("2026-11-21T12:00:00Z"),
      key,
    });
    expect(counts).toEqual({ plates: 4, reads: 7, transactions: 3 });
    const platesOf = async (sql: string) =>
      (await db.query<{ plate: string }>(sql)).map((r) => r.plate).sort();
    const tt = expected("TT100T");
    expect(await platesOf("SELECT DISTINCT plate FROM plate_reads WHERE plate IS NOT NULL")).toEqual(
      [
        expected("HH200H"),
        expected("MM300M"),
        expected("SS400S"),
        tt,
        "AB123C",
        "KL456M",
        "PQ777R",
        "ZZ001Z",
      ].sort(),
    );
    expect(await platesOf("SELECT plate FROM transactions WHERE event_id IN ('K0', 'K2', 'K3')")).toEqual(
      [expected("HH200H"), expected("HH200H"), tt].sort(),
    );
    expect(await platesOf(`SELECT plate FROM customers WHERE plate LIKE '#%'`)).toHaveLength(4);
    expect(await platesOf(`SELECT plate FROM customers WHERE plate = 'TT100T'`)).toEqual([]);
    // The customer keeps its first visit: TT100T's first read, TT1 at Utrecht on 22 October 2025.
    expect(await db.query("SELECT first_visit_at AS at FROM customers WHERE plate = $1", [tt])).toEqual([
      { at: "2025-10-22T09:05:00.000Z" },
    ]);
    // A second run finds nothing left to do: pseudonyms are never hashed again.
    expect(
      await pseudonymiseExpired(db, { retentionDays: 30, now: new Date("2026-11-21T12:00:00Z"), key }),
    ).toEqual({ plates: 0, reads: 0, transactions: 0 });
  });
});
