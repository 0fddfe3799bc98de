import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { event, membersDatabase, signup, storeEvents } from "../reports/memberships/test-members.ts";
import { weeklyFigures } from "./figures.ts";
import { renderWeeklyMail } from "./render.ts";
import { lastCompleteWeek } from "./week.ts";

// The Monday e-mail's block "Leden" over a small wash club worked out by hand (REPORT-DEFINITIONS §5).
// "Now" is Monday 19 January 2026, 07:00 CET: the mail reports week 3, Mon 12 – Sun 18 January 2026, against
// week 2 (5–11 January) and week 3 of 2025 (Mon 13 – Sun 19 January 2025). Plans excl. VAT: basis € 20,
// premium € 30.
//   A  signup 1 Dec 2024 at a, basis                  — active throughout
//   B  signup 14 Jan 2025 at b, premium; cancels himself 13 Jan 2026
//   C  signup 6 Jan 2026 at a, basis
//   D  signup 15 Jan 2026 online, basis
//   E  signup 1 Jun 2025 at b, basis; ended by the system 8 Jan 2026
//   F  signup 16 Jan 2026 at b, premium
//   G  signup 1 Nov 2025 at a, basis; paused 10 Jan 2026 (paused is not active, nor ended)
//
//   Chain  week 3: active at the end A C D F = 4, MRR 20+20+20+30 = € 90; new D F = 2; ended B = 1
//          week 2: active A B C = 3, MRR 20+30+20 = € 70; new C = 1; ended E = 1
//          2025 w3: active A B = 2, MRR € 50; new B = 1; ended 0
//          changes: 4 vs 3 +33,3%, vs 2 +100,0%; € 90 vs 70 +28,6% (20/70), vs 50 +80,0%;
//          new 2 vs 1 +100,0% both; ended 1 vs 1 0,0%, vs 0 "–"
//   Site b (memberships sold at b: B, E, F)
//          week 3: active F = 1, € 30; new F = 1; ended B = 1
//          week 2: active B = 1, € 30; new 0; ended E = 1.   2025 w3: active B = 1, € 30; new B = 1; ended 0

const NOW = new Date("2026-01-19T06:00:00Z");
const WEEK = lastCompleteWeek(NOW);
const LINKS = { report: "https://wasbord.test/r", unsubscribe: "https://wasbord.test/u" };
/** Spaces as a person reads them: Intl writes "€ 90" with a no-break space. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  await storeEvents(db, [
    signup("A", "2024-12-01 10:00"),
    signup("B", "2025-01-14 10:00", { site: "b", plan: "premium" }),
    event("B", "cancel", "2026-01-13 10:00", { initiatedBy: "member" }),
    signup("C", "2026-01-06 10:00"),
    signup("D", "2026-01-15 10:00", { site: null, channel: "online" }),
    signup("E", "2025-06-01 10:00", { site: "b" }),
    event("E", "cancel", "2026-01-08 10:00", { initiatedBy: "system" }),
    signup("F", "2026-01-16 10:00", { site: "b", plan: "premium" }),
    signup("G", "2025-11-01 10:00"),
    event("G", "pause", "2026-01-10 10:00"),
  ]);
});
afterAll(() => db.close());

const mailFor = async (siteIds: number[]) =>
  renderWeeklyMail(await weeklyFigures(db, WEEK, siteIds, NOW), LINKS);

describe("the Monday e-mail's members", () => {
  it("shows the chain's members and MRR at the week's end, new and ended members, against last week and last year", async () => {
    expect(WEEK).toMatchObject({ from: "2026-01-12", to: "2026-01-18", lastYearShiftDays: -364 });
    const mail = await mailFor([]);
    const text = plain(mail.text);
    expect(text).toContain(
      [
        "Leden",
        "Actieve leden: 4",
        "  vorige week 3 (+33,3%); week 3 van 2025 2 (+100,0%)",
        "MRR (maandelijkse abonnementsomzet): € 90",
        "  vorige week € 70 (+28,6%); week 3 van 2025 € 50 (+80,0%)",
        "Nieuwe leden: 2",
        "  vorige week 1 (+100,0%); week 3 van 2025 1 (+100,0%)",
        "Gestopte leden: 1",
        "  vorige week 1 (0,0%); week 3 van 2025 0 (–)",
      ].join("\n"),
    );
    const html = plain(mail.html);
    expect(html).toContain(">Leden</h2>");
    expect(html).toContain(">Actieve leden</div>");
    expect(html).toContain(">€ 90</div>");
    expect(html).toContain("vorige week € 70</span>");
  });

  it("colours more ended members red and fewer green: the registry says fewer is good", async () => {
    const html = plain((await mailFor([])).html);
    const ended = html.slice(html.indexOf(">Gestopte leden</div>"));
    // 1 vs 1 is no change (grey); the new members' +100,0% is green.
    expect(ended).toMatch(/vorige week 1<\/span> <span style="color:#495057;/);
    const added = html.slice(html.indexOf(">Nieuwe leden</div>"));
    expect(added).toMatch(/vorige week 1<\/span> <span style="color:#2b8a3e;/);
  });

  it("gives a site's recipient the memberships sold at that site", async () => {
    const text = plain((await mailFor([2])).text);
    expect(text).toContain(
      [
        "Actieve leden: 1",
        "  vorige week 1 (0,0%); week 3 van 2025 1 (0,0%)",
        "MRR (maandelijkse abonnementsomzet): € 30",
        "  vorige week € 30 (0,0%); week 3 van 2025 € 30 (0,0%)",
        "Nieuwe leden: 1",
        "  vorige week 0 (–); week 3 van 2025 1 (0,0%)",
        "Gestopte leden: 1",
        "  vorige week 1 (0,0%); week 3 van 2025 0 (–)",
      ].join("\n"),
    );
    expect(text).toContain("online of in de app verkochte abonnementen tellen alleen bij de hele keten");
  });

  it("has no members' block for a chain without a wash club", async () => {
    const empty = await membersDatabase();
    try {
      const figures = await weeklyFigures(empty, WEEK, [], NOW);
      expect(figures.members).toBeNull();
      const mail = renderWeeklyMail(figures, LINKS);
      expect(mail.text).not.toContain("Leden");
      expect(mail.text).not.toContain("MRR");
      expect(mail.html).not.toContain("Leden");
    } finally {
      await empty.close();
    }
  });
});
