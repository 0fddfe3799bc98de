import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import type { MonthFigures } from "../../targets/on-course.ts";
import { amsterdam, membersDatabase, signup, storeEvents } from "../memberships/test-members.ts";
import { type ExpectedRest, TARGET_SYNCS, targetProgress } from "./target-progress.ts";

// A small chain worked out by hand. Today is Saturday 13 June 2026: the actual is 1–12 June, the rest 13–30
// June (18 days). Every wash is the programme Glans at € 15,00 incl. 21 % VAT: € 2,60 VAT, € 12,40 excl.
//   Site A (1): washes 1, 5 and 12 June (12 June at 23:30: still that day in Amsterdam) = 3, € 37,20 excl.;
//               31 May and 13 June (today) lie outside. Signups at A: 2 and 12 June = 2; 13 June outside.
//               Targets June: 10 washes, € 100,00 excl. VAT, no members target.
//   Site B (2): a wash on 10 June = 1, € 12,40; a signup on 5 June = 1. No targets.
//   An online signup (no site) on 3 June counts at neither site.
// Expected (the stub): 1 wash, € 1,00 and no members a day → 18 washes, € 18,00 for the rest.
//   A: washes 3 + 18 = 21 of 10 → 210 %, on course; revenue 3 720 + 1 800 = 5 520 of 10 000 cents → 55,2 %,
//      not on course; members 2, no target.

let db: Database;
let sale = 0;

async function wash(site: number, at: string) {
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, sales_channel,
       subtotal_cents, total_cents, vat_cents) VALUES ($1, $2, $3, 'XX-01-YY', 'pin', 'site', 1500, 1500, 260)
     RETURNING id`,
    [site, `t${++sale}`, amsterdam(at)],
  );
  await db.run(
    `INSERT INTO transaction_lines (transaction_id, line_no, site_id, occurred_at, item_id, quantity,
       unit_price_cents, discount_cents, amount_cents, vat_cents) VALUES ($1, 1, $2, $3, 21, 1, 1500, 0, 1500, 260)`,
    [id, site, amsterdam(at)],
  );
}

beforeAll(async () => {
  db = await membersDatabase();
  for (const [site, at] of [
    [1, "2026-05-31 12:00"],
    [1, "2026-06-01 09:00"],
    [1, "2026-06-05 14:00"],
    [1, "2026-06-12 23:30"],
    [1, "2026-06-13 08:00"],
    [2, "2026-06-10 10:00"],
  ] as const) {
    await wash(site, at);
  }
  await storeEvents(db, [
    signup("C", "2026-06-02 10:00"),
    signup("D", "2026-06-12 18:00"),
    signup("E", "2026-06-13 09:00"),
    signup("F", "2026-06-05 10:00", { site: "b" }),
    signup("G", "2026-06-03 10:00", { site: null, channel: "online" }),
  ]);
  await db.run(`INSERT INTO site_targets (site_id, month, washes, revenue_ex_vat_cents, new_members, updated_by)
    VALUES (1, '2026-06-01', 10, 10000, NULL, 'test')`);
  // the caller brings the sums it reads up to date (a report through its syncs)
  for (const sync of TARGET_SYNCS) await sync(db);
});
afterAll(() => db.close());

/** A stub forecast: per day 1 wash and € 1,00, no members; it notes what it was asked. */
function stubForecast() {
  const asked: [number, string, string][] = [];
  const expected: ExpectedRest = async (siteId, fromDate, toDate): Promise<MonthFigures> => {
    asked.push([siteId, fromDate, toDate]);
    const days = (Date.parse(toDate) - Date.parse(fromDate)) / 86_400_000 + 1;
    return { washes: days, revenueCents: 100 * days, newMembers: 0 };
  };
  return { asked, expected };
}

describe("targetProgress", () => {
  it("adds each site's actual to date and the expected rest, against its targets", async () => {
    const { asked, expected } = stubForecast();
    const [a, b] = await targetProgress(db, { month: "2026-06", today: "2026-06-13", siteIds: [] }, expected);
    expect(asked.sort()).toEqual([
      [1, "2026-06-13", "2026-06-30"],
      [2, "2026-06-13", "2026-06-30"],
    ]);
    expect(a).toMatchObject({ siteId: 1, siteName: "A", daysInMonth: 30, daysElapsed: 12 });
    expect(a.figures).toEqual({
      washes: { actual: 3, expectedRest: 18, projection: 21, target: 10, share: 2.1, onCourse: true },
      revenueCents: {
        actual: 3720,
        expectedRest: 1800,
        projection: 5520,
        target: 10000,
        share: 0.552,
        onCourse: false,
      },
      newMembers: { actual: 2, expectedRest: 0, projection: 2, target: null, share: null, onCourse: null },
    });
    expect(b).toMatchObject({ siteId: 2, siteName: "B" });
    expect(b.figures.washes).toMatchObject({ actual: 1, projection: 19, target: null, onCourse: null });
    expect(b.figures.revenueCents.actual).toBe(1240);
    expect(b.figures.newMembers.actual).toBe(1);
  });

  it("reads only the chosen sites, and a month that is over without asking the forecast", async () => {
    const { asked, expected } = stubForecast();
    const progress = await targetProgress(
      db,
      { month: "2026-05", today: "2026-06-13", siteIds: [1] },
      expected,
    );
    expect(asked).toEqual([]);
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ siteId: 1, daysElapsed: 31 });
    expect(progress[0].figures.washes).toMatchObject({ actual: 1, projection: 1, target: null });
  });

  it("expects the whole of a month that has not begun", async () => {
    const { asked, expected } = stubForecast();
    const [a] = await targetProgress(db, { month: "2026-07", today: "2026-06-13", siteIds: [1] }, expected);
    expect(asked).toEqual([[1, "2026-07-01", "2026-07-31"]]);
    expect(a.figures.washes).toMatchObject({ actual: 0, expectedRest: 31, projection: 31 });
  });
});
