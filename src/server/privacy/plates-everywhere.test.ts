import { afterEach, describe, expect, it } from "vitest";
import { extendWithCustomers } from "../../../tests/api/fixtures/customers-fixture.ts";
import { openFixtureDatabase } from "../../../tests/api/fixtures/reports-fixture.ts";
import { membershipEventSchema } from "../../shared/membership-events.ts";
import { formatPlate } from "../../shared/plates.ts";
import type { Database } from "../db/database.ts";
import { storeMembershipEvents } from "../ingest/memberships.ts";
import { DERIVED_TABLES } from "../warehouse/derived/declarations.ts";
import { erasePlate } from "./erase-plate.ts";
import { PLATE_COLUMNS } from "./plate-columns.ts";
import { pseudonymKey } from "./pseudonym.ts";
import { pseudonymiseExpired } from "./pseudonymise.ts";

// Privacy by construction: the schema itself says where a plate can be, and after an erasure or a
// pseudonymisation no text column of any table holds the plate in any form (normalised, with dashes, as the
// camera read it). A new table that keeps plates and is not covered fails here, whoever forgot it.

const key = pseudonymKey("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");

let db: Database;
afterEach(() => db?.close());

// Members' plates, as the till system sends them: AB123C (read and sold) shares a membership with XX99XX,
// then is the only plate of it; TT100T's membership began before its last visit; MM500M is known only from a
// membership signed up on 1 September 2026, past the pseudonymisation tests' cutoff (22 October 12:00 UTC).
const MEMBERSHIP_EVENTS = [
  {
    eventId: "m-1",
    memberId: "A-1",
    type: "signup",
    at: "2026-10-01T09:00:00+02:00",
    plan: "abo",
    plates: ["ab-123-c", "XX-99-XX"],
  },
  { eventId: "m-2", memberId: "A-1", type: "charge", at: "2026-10-01T09:00:00+02:00", amountCents: 2420 },
  {
    eventId: "m-3",
    memberId: "A-1",
    type: "plate_change",
    at: "2026-10-20T09:00:00+02:00",
    plates: ["AB 123 C"],
  },
  {
    eventId: "m-4",
    memberId: "T-1",
    type: "signup",
    at: "2026-10-02T09:00:00+02:00",
    site: "zeist",
    plan: "abo",
    plates: ["TT-100-T"],
  },
  {
    eventId: "m-5",
    memberId: "M-1",
    type: "signup",
    at: "2026-09-01T09:00:00+02:00",
    plan: "abo",
    plates: ["mm-500-m"],
  },
];

async function fixtureWithEverythingDerived(): Promise<Database> {
  const database = await openFixtureDatabase([extendWithCustomers]);
  const events = MEMBERSHIP_EVENTS.map((value, i) => ({
    row: i + 1,
    value: membershipEventSchema.parse(value),
  }));
  await storeMembershipEvents(database, events, null);
  for (const { sync } of DERIVED_TABLES) await sync(database);
  return database;
}

/** The plates of the membership events, `event:plate` in order. */
const memberPlates = async (database: Database) =>
  (
    await database.query<{ at: string }>(
      "SELECT event_id || ':' || plate AS at FROM membership_event_plates ORDER BY event_id, plate_no",
    )
  ).map((row) => row.at);

/** Every text column of every table, from the schema. */
const textColumns = (database: Database) =>
  database.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'main' AND data_type IN ('VARCHAR', 'JSON') ORDER BY table_name, column_name`,
  );

/** Where a plate stands, in any form, in any text column: `table.column` per hit. */
async function whereIs(database: Database, plate: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of await textColumns(database)) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*) AS n FROM "${table}"
       WHERE replace(replace(upper("${column}"::VARCHAR), '-', ''), ' ', '') LIKE '%' || $plate || '%'
         OR "${column}"::VARCHAR LIKE '%' || $dashed || '%'`,
      { plate, dashed: formatPlate(plate) },
    );
    if (row.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

describe("plates in the schema", () => {
  it("lists every column that holds a plate where erasure and pseudonymisation look", async () => {
    db = await fixtureWithEverythingDerived();
    const named = await db.query<{ at: string }>(
      `SELECT table_name || '.' || column_name AS at FROM information_schema.columns
       WHERE table_schema = 'main' AND data_type = 'VARCHAR' AND column_name LIKE '%plate%' ORDER BY 1`,
    );
    const declared = Object.entries(PLATE_COLUMNS).flatMap(([table, columns]) =>
      columns.map((c) => `${table}.${c}`),
    );
    expect(declared.sort()).toEqual(named.map((row) => row.at));
  });

  it("finds a plate nowhere after it is erased, in whatever form", async () => {
    db = await fixtureWithEverythingDerived();
    // AB123C: reads at two sites, sales, a customer with visits, programme visits, postcode sales
    const before = await whereIs(db, "AB123C");
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(before).toContain("membership_event_plates.plate");
    await erasePlate(db, { plate: "AB123C", actorEmail: "beheerder@wasbord.nl", key });
    for (const { sync } of DERIVED_TABLES) await sync(db);
    expect(await whereIs(db, "AB123C")).toEqual([]);
    // The member's events stay, and so does the other plate the membership covered.
    expect(await memberPlates(db)).toEqual(["m-1:XX99XX", "m-4:TT100T", "m-5:MM500M"]);
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*) AS n FROM membership_events");
    expect(n).toBe(5);
  });

  it("finds an expired plate nowhere after pseudonymisation, only its pseudonym", async () => {
    db = await fixtureWithEverythingDerived();
    // TT100T was last seen on 20 October 2026 (tests/api/fixtures/customers-fixture.ts)
    const before = await whereIs(db, "TT100T");
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before).toContain("membership_event_plates.plate");
    await pseudonymiseExpired(db, { retentionDays: 30, now: new Date("2026-11-21T12:00:00Z"), key });
    for (const { sync } of DERIVED_TABLES) await sync(db);
    expect(await whereIs(db, "TT100T")).toEqual([]);
    // A plate known only from memberships expires with the last event naming it: MM500M (signed up on
    // 1 September) and XX99XX (dropped from A-1's membership on 20 October, last named on 1 October). AB123C,
    // last read on 25 October, stays.
    expect(await whereIs(db, "MM500M")).toEqual([]);
    expect(await whereIs(db, "XX99XX")).toEqual([]);
    expect((await memberPlates(db)).map((at) => at.replace(/#[0-9a-f]{16}$/, "#…"))).toEqual([
      "m-1:AB123C",
      "m-1:#…",
      "m-3:AB123C",
      "m-4:#…",
      "m-5:#…",
    ]);
  });
});
