import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { membersDatabase, signup, storeEvents } from "../reports/memberships/test-members.ts";
import { weeklyFigures } from "./figures.ts";
import { renderWeeklyMail } from "./render.ts";
import { lastCompleteWeek } from "./week.ts";

// The Monday e-mail's "Doelen" on a small chain worked out by hand. "Now" is Monday 19 January 2026: the
// month to date is 1–18 January, the rest 19–31 January. No sales at all, so the forecast has no history to
// fit on and expects nothing for the rest: the projection is what came in.
//   Site a: targets 5 washes, 1 new member. Washes 0 → 0 % of 5, not on course; new members C (6 Jan) = 1
//           of 1 → 100 %, on course (A signed up in 2024).
//   Site b: target 3 new members; F (16 Jan) = 1 of 3 → 33,3 %, not on course.
//   Nobody else has a target; without any, the mail has no block.

const NOW = new Date("2026-01-19T06:00:00Z");
const LINKS = { report: "https://wasbord.test/r", unsubscribe: "https://wasbord.test/u" };

let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  await storeEvents(db, [
    signup("A", "2024-12-01 10:00"),
    signup("C", "2026-01-06 10:00"),
    signup("F", "2026-01-16 10:00", { site: "b" }),
  ]);
});
afterAll(() => db.close());

const mail = async () => renderWeeklyMail(await weeklyFigures(db, lastCompleteWeek(NOW), [], NOW), LINKS);
const siteName = async (code: string) =>
  (await db.query<{ name: string }>("SELECT name FROM sites WHERE code = $1", [code]))[0].name;

describe("the Monday e-mail's targets", () => {
  it("has no block while no site has a target this month", async () => {
    expect((await mail()).text).not.toContain("Doelen van");
  });

  it("says per site with a target whether the month to date and the expected rest reach it", async () => {
    await db.run(`INSERT INTO site_targets (site_id, month, washes, revenue_ex_vat_cents, new_members, updated_by)
      SELECT id, '2026-01-01', CASE code WHEN 'a' THEN 5 END, NULL, CASE code WHEN 'a' THEN 1 ELSE 3 END, 'test'
      FROM sites WHERE code IN ('a', 'b')`);
    const { text, html } = await mail();
    const [a, b] = [await siteName("a"), await siteName("b")];
    expect(text).toContain("Doelen van januari 2026");
    expect(text).toContain(
      `${a}: Wassen ten opzichte van doel 0,0%: niet op koers; Nieuwe leden ten opzichte van doel 100,0%: op koers`,
    );
    expect(text).toContain(`${b}: Nieuwe leden ten opzichte van doel 33,3%: niet op koers`);
    expect(html).toContain("Doelen van januari 2026");
  });
});
