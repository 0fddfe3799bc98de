import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberCohortsExtra } from "../../../shared/reports/extras.ts";
import type { Database } from "../../db/database.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { membershipCohorts } from "./cohorts.ts";
import { amsterdam, event, membersDatabase, periodFilters, signup, storeEvents } from "./test-members.ts";

// Abonnementen › Cohorten over five members, worked out by hand (REPORT-DEFINITIONS §5). Every charge is
// € 24,20 incl. VAT on basis: € 20,00 excl. Now: 20 Feb 2026, 12:00.
//   September 2025: S (charges Sep, Oct, Nov; ended by the system 20 Dec), T (charge Sep; stays)
//   November 2025:  P (charges Nov, Dec, Jan, Feb; stays), Q (online with code WELKOM-01; charge Nov; cancels 5 Dec)
//   December 2025:  R (charge Dec; paused 15 Jan)

const NOW = new Date(amsterdam("2026-02-20 12:00"));
let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  const charge = (member: string, at: string) => event(member, "charge", at, { amountCents: 2420 });
  await storeEvents(db, [
    signup("S", "2025-09-15 10:00"),
    charge("S", "2025-09-15 10:00"),
    charge("S", "2025-10-15T03:00:00+02:00"),
    charge("S", "2025-11-15 03:00"),
    event("S", "cancel", "2025-12-20 10:00", { initiatedBy: "system" }),
    signup("T", "2025-09-01 10:00", { site: "b" }),
    charge("T", "2025-09-01 10:00"),
    signup("P", "2025-11-10 10:00"),
    ...["2025-11-10", "2025-12-10", "2026-01-10", "2026-02-10"].map((day) => charge("P", `${day} 03:00`)),
    signup("Q", "2025-11-20 10:00", { site: null, channel: "online", voucherCode: "WELKOM-01" }),
    charge("Q", "2025-11-20 10:00"),
    event("Q", "cancel", "2025-12-05 10:00", { initiatedBy: "member" }),
    signup("R", "2025-12-03 10:00"),
    charge("R", "2025-12-03 10:00"),
    event("R", "pause", "2026-01-15 10:00"),
  ]);
  await syncMemberState(db);
});
afterAll(() => db.close());

async function cohorts() {
  const filters = periodFilters("2026-02-01", "2026-02-20", NOW);
  const envelope = await membershipCohorts.run(db, filters);
  const kpi = (key: string) => envelope.kpis.find((k) => k.key === key)?.value;
  const table = (key: string) => envelope.tables.find((t) => t.key === key);
  return { envelope, kpi, table };
}

describe("Abonnementen › Cohorten", () => {
  it("follows each signup month's members to the end of every month that has ended", async () => {
    const { envelope } = await cohorts();
    const { rows } = (envelope.extra as MemberCohortsExtra).cohorts;
    // the 24 months up to February 2026
    expect(rows.map((row) => row.month)).toHaveLength(24);
    expect([rows[0].month, rows.at(-1)?.month]).toEqual(["2024-03-01", "2026-02-01"]);
    const november = rows.find((row) => row.month === "2025-11-01");
    // end of Nov: P and Q; end of Dec: P (Q cancelled 5 Dec); end of Jan: P; end of Feb: not yet
    expect(november?.members).toBe(2);
    expect(november?.retention.slice(0, 4)).toEqual([
      { members: 2, share: 1 },
      { members: 1, share: 0.5 },
      { members: 1, share: 0.5 },
      null,
    ]);
    // R paused in January: not active at its end
    expect(rows.find((row) => row.month === "2025-12-01")?.retention.slice(0, 3)).toEqual([
      { members: 1, share: 1 },
      { members: 0, share: 0 },
      null,
    ]);
  });

  it("pools retention and value over the cohorts whose months are complete", async () => {
    const { kpi } = await cohorts();
    expect(kpi("cohort_members")).toBe(5);
    // at the end of month 3 (December for September's): T yes, S ended 20 Dec; November's not yet ended
    expect(kpi("member_retention_3")).toBe(0.5);
    // first 3 months complete for September (S 3 × € 20, T € 20) and November (P 3 × € 20, Q € 20): 16 000 ÷ 4
    expect(kpi("member_ltv_3")).toBe(4000);
    expect(kpi("member_ltv_6")).toBeNull();
  });

  it("lists the months in calendar order, by name", async () => {
    const { table } = await cohorts();
    const months = table("by_month")?.rows.map((row) => row.month);
    expect(months).toEqual(["sep 2025", "nov 2025", "dec 2025"]);
  });

  it("splits by channel of sale and by the promotion signed up with", async () => {
    const { table } = await cohorts();
    const online = table("by_channel")?.rows.find((row) => row.channel === "Online");
    expect(online).toMatchObject({ cohort_members: 1, member_ltv_3: 2000, member_retention_3: null });
    const promotions = table("by_promotion")?.rows.map((row) => [row.promotion, row.cohort_members]);
    expect(promotions).toEqual(
      expect.arrayContaining([
        ["Zonder actie", 4],
        ["WELKOM-01", 1],
      ]),
    );
  });
});
