import { afterEach, describe, expect, it } from "vitest";
import { extendWithCustomers } from "../../../tests/api/fixtures/customers-fixture.ts";
import { openFixtureDatabase } from "../../../tests/api/fixtures/reports-fixture.ts";
import { formatPlate } from "../../shared/plates.ts";
import type { Database } from "../db/database.ts";
import { DERIVED_SYNCS } from "../reports/registry.ts";
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

async function fixtureWithEverythingDerived(): Promise<Database> {
  const database = await openFixtureDatabase([extendWithCustomers]);
  for (const sync of DERIVED_SYNCS) await sync(database);
  return database;
}

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
    await erasePlate(db, { plate: "AB123C", actorEmail: "beheerder@wasbord.nl", key });
    for (const sync of DERIVED_SYNCS) await sync(db);
    expect(await whereIs(db, "AB123C")).toEqual([]);
  });

  it("finds an expired plate nowhere after pseudonymisation, only its pseudonym", async () => {
    db = await fixtureWithEverythingDerived();
    // TT100T was last seen on 20 October 2026 (tests/api/fixtures/customers-fixture.ts)
    const before = await whereIs(db, "TT100T");
    expect(before.length).toBeGreaterThanOrEqual(4);
    await pseudonymiseExpired(db, { retentionDays: 30, now: new Date("2026-11-21T12:00:00Z"), key });
    for (const sync of DERIVED_SYNCS) await sync(db);
    expect(await whereIs(db, "TT100T")).toEqual([]);
  });
});
