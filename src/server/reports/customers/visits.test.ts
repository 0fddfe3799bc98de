import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../db/database.ts";
import { firstVisitSince, newSince } from "./visits.ts";

// Visits of the week from Monday 19 October 2026 (UTC instants), as customer_visits carries them:
// customer 1 came on Tuesday at site 1 and on Wednesday at site 2 (earlier ever: 1 October, site 1);
// customer 2 came for the first time ever on Thursday at site 2, and again on Friday at site 1.
// Distinct customers of the week: 2 (chain), at site 1: 2, at site 2: 2; new in the week: 1 (customer 2).
const VISITS = `SELECT * FROM (VALUES
  (1, 1, TIMESTAMPTZ '2026-10-20 10:00:00Z', TIMESTAMPTZ '2026-10-01 10:00:00Z', TIMESTAMPTZ '2026-10-01 10:00:00Z', TIMESTAMPTZ '2026-10-01 10:00:00Z'),
  (1, 2, TIMESTAMPTZ '2026-10-21 10:00:00Z', TIMESTAMPTZ '2026-10-20 10:00:00Z', NULL, TIMESTAMPTZ '2026-10-01 10:00:00Z'),
  (2, 2, TIMESTAMPTZ '2026-10-22 10:00:00Z', NULL, NULL, TIMESTAMPTZ '2026-10-22 10:00:00Z'),
  (2, 1, TIMESTAMPTZ '2026-10-23 10:00:00Z', TIMESTAMPTZ '2026-10-22 10:00:00Z', NULL, TIMESTAMPTZ '2026-10-22 10:00:00Z')
) v(customer_id, site_id, visit_at, previous_visit_at, previous_site_visit_at, first_visit_at)`;
const START = "TIMESTAMPTZ '2026-10-19 00:00:00+02'";

let db: Database;
beforeAll(async () => {
  db = await Database.open(":memory:");
});
afterAll(() => db.close());

async function count(sites: { id: number }[]) {
  const where = sites.length ? `WHERE site_id = ${sites[0].id}` : "";
  const [row] = await db.query<{ plates: number; new_plates: number }>(
    `SELECT count(*) FILTER (WHERE ${firstVisitSince({ sites }, START)}) AS plates,
       count(*) FILTER (WHERE ${firstVisitSince({ sites }, START)} AND ${newSince(START)}) AS new_plates
     FROM (${VISITS}) ${where}`,
  );
  return row;
}

describe("a customer's first visit of a window", () => {
  it("counts each customer once, of the chain or of one site, and new ones by their first visit ever", async () => {
    expect(await count([])).toEqual({ plates: 2, new_plates: 1 });
    expect(await count([{ id: 1 }])).toEqual({ plates: 2, new_plates: 1 });
    expect(await count([{ id: 2 }])).toEqual({ plates: 2, new_plates: 1 });
  });
});
