import { afterEach, beforeEach, expect, it } from "vitest";
import {
  FIXTURE_IDS,
  insertPlateRead,
  openFixtureDatabase,
} from "../../../tests/api/fixtures/reports-fixture.ts";
import type { Database } from "../db/database.ts";
import { syncPlateFirstSeen } from "./plate-first-seen.ts";

let db: Database;
beforeEach(async () => {
  db = await openFixtureDatabase();
});
afterEach(() => db.close());

const firstRead = async (plate: string) =>
  (
    await db.query<{ at: string }>("SELECT first_read_at AS at FROM plate_first_seen WHERE plate = $1", [
      plate,
    ])
  )[0]?.at;

it("keeps each plate's first read, and moves it back when an earlier read arrives late", async () => {
  await syncPlateFirstSeen(db);
  // AB123C: read at Zeist (R2) before Utrecht (R1); the no-read R4 has no plate.
  expect(await firstRead("AB123C")).toBe("2026-10-24T22:29:00.000Z");
  expect((await db.query("SELECT * FROM plate_first_seen")).length).toBe(4);

  await insertPlateRead(db, FIXTURE_IDS, {
    id: "late",
    site: "houten",
    at: "2026-09-01T10:00:00Z",
    plate: "AB123C",
  });
  await syncPlateFirstSeen(db);
  expect(await firstRead("AB123C")).toBe("2026-09-01T10:00:00.000Z");
});
