import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kpi } from "../../../shared/reports/envelope.ts";
import type { Database } from "../../db/database.ts";
import { syncProgrammeVisits } from "../../warehouse/derived/behaviour/programme-visits-sync.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { syncMemberWashes } from "../../warehouse/derived/memberships/member-washes.ts";
import { memberships } from "./memberships.ts";
import {
  amsterdam,
  event,
  membersDatabase,
  periodFilters,
  signup,
  storeEvents,
  wash,
} from "./test-members.ts";

// Abonnementen › Overzicht over a small wash club whose every figure is worked out by hand below
// (REPORT-DEFINITIONS §5). Plans: basis € 24,20 incl. VAT (€ 20,00 excl.), premium € 36,30 (€ 30,00).
//   A  signup 15 Nov at a, basis; charges 15 Dec, 15 Jan, 15 Feb; washes at a (3 Jan) and at b (4 Jan)
//   B  signup 1 Dec at a, premium; cancels himself 1 Jan 09:00 (a cancel on the 1st: active at its start)
//   C  signup 10 Jan at b, basis; ended by the system 25 Jan (signup and end in one month)
//   D  signup 20 Dec online, basis; paused 31 Jan 18:00 to 10 Feb (a pause across the month's end); washes at a 6 Jan
//   E  signup 20 Nov at b, basis; declined 5 Jan, charged 19 Jan (day 14: recovered);
//      declined 1 Feb, charged 16 Feb (day 15: not recovered)
// Other washes: X at a on 7 Jan (paid), X at b on 8 Jan (free, a voucher paid all), B's plate at a on 2 Jan
// (B no longer a member). Now: 20 Feb 2026, 12:00.

const NOW = new Date(amsterdam("2026-02-20 12:00"));
let db: Database;

beforeAll(async () => {
  db = await membersDatabase();
  const charge = (member: string, at: string, amountCents = 2420) =>
    event(member, "charge", at, { amountCents });
  await storeEvents(db, [
    signup("A", "2025-11-15 10:00"),
    charge("A", "2025-12-15 03:00"),
    charge("A", "2026-01-15 03:00"),
    charge("A", "2026-02-15 03:00"),
    signup("B", "2025-12-01 10:00", { plan: "premium" }),
    event("B", "cancel", "2026-01-01 09:00", { initiatedBy: "member" }),
    signup("C", "2026-01-10 10:00", { site: "b" }),
    event("C", "cancel", "2026-01-25 10:00", { initiatedBy: "system" }),
    signup("D", "2025-12-20 10:00", { site: null, channel: "online" }),
    event("D", "pause", "2026-01-31 18:00"),
    event("D", "resume", "2026-02-10 10:00"),
    signup("E", "2025-11-20 10:00", { site: "b" }),
    event("E", "decline", "2026-01-05 10:00"),
    charge("E", "2026-01-19 10:00"),
    event("E", "decline", "2026-02-01 10:00"),
    charge("E", "2026-02-16 10:00"),
  ]);
  await wash(db, 1, "2026-01-03 10:00", "PA");
  await wash(db, 2, "2026-01-04 10:00", "PA");
  await wash(db, 1, "2026-01-06 10:00", "PD");
  await wash(db, 1, "2026-01-07 10:00", "X");
  await wash(db, 2, "2026-01-08 10:00", "X", true);
  await wash(db, 1, "2026-01-02 10:00", "PB");
  await syncProgrammeVisits(db);
  await syncMemberState(db);
  await syncMemberWashes(db);
});
afterAll(() => db.close());

async function overview(from: string, to: string, sites: { id: number; code: string; name: string }[] = []) {
  const filters = periodFilters(from, to, NOW, sites as never);
  const envelope = await memberships.run(db, filters);
  const kpi = (key: string) => (envelope.kpis.find((k: Kpi) => k.key === key) as Kpi).value;
  return { envelope, kpi };
}

describe("Abonnementen › Overzicht, January 2026", () => {
  it("counts members and MRR at the period's end, new and ended members by who ended them", async () => {
    const { kpi } = await overview("2026-01-01", "2026-01-31");
    // at 1 Feb 00:00: A and E (B and C ended, D paused)
    expect(kpi("members_active")).toBe(2);
    expect(kpi("mrr")).toBe(4000);
    expect(kpi("members_new")).toBe(1); // C
    expect(kpi("members_ended")).toBe(2); // B, C
    expect(kpi("members_ended_voluntary")).toBe(1);
    expect(kpi("members_ended_involuntary")).toBe(1);
    expect(kpi("members_net")).toBe(-1);
  });

  it("works churn out over the members active at the month's first instant, sign-ups of the month left out", async () => {
    const { kpi } = await overview("2026-01-01", "2026-01-31");
    // active at 1 Jan 00:00: A, B, D, E; of them B ended in January (C signed up in it)
    expect(kpi("member_churn")).toBe(0.25);
    expect(kpi("member_churn_voluntary")).toBe(0.25);
    expect(kpi("member_churn_involuntary")).toBe(0);
    // no whole month in 1–20 January: no churn rate
    expect((await overview("2026-01-01", "2026-01-20")).kpi("member_churn")).toBeNull();
  });

  it("recovers a decline charged on day 14, not one charged on day 15", async () => {
    expect((await overview("2026-01-01", "2026-01-31")).kpi("decline_recovery")).toBe(1);
    expect((await overview("2026-01-01", "2026-01-31")).kpi("member_declines")).toBe(1);
    expect((await overview("2026-02-01", "2026-02-20")).kpi("decline_recovery")).toBe(0);
  });

  it("divides charges and member washes by the mean daily active members per month", async () => {
    const { kpi } = await overview("2026-01-01", "2026-01-31");
    // day ends: 1–9 Jan 3 (A, D, E), 10–24 Jan 4 (+C), 25–30 Jan 3, 31 Jan 2 (D paused): 107 member-days
    // charges: A 15 Jan and E 19 Jan, € 20,00 excl. VAT each; 4000 × 30,44 ÷ 107 = 1137,9
    expect(kpi("revenue_per_member")).toBe(1138);
    // member washes: A at a and at b, D at a (B's plate on 2 Jan: B had ended)
    expect(kpi("membership_washes")).toBe(3);
    expect(kpi("washes_per_member")).toBeCloseTo((3 * 30.44) / 107, 6);
    // of A's two washes (D was sold online) one at another site than a
    expect(kpi("cross_site_usage")).toBe(0.5);
    // eligible: X on 7 Jan and B's plate on 2 Jan (X's free wash and the members' left out); C signed up at b
    expect(kpi("membership_conversion")).toBe(0.5);
  });

  it("narrows to the memberships sold at a site, per site in the table", async () => {
    const { envelope, kpi } = await overview("2026-01-01", "2026-01-31", [{ id: 2, code: "b", name: "B" }]);
    expect(kpi("members_active")).toBe(1); // E
    expect(kpi("members_new")).toBe(1); // C
    expect(kpi("membership_conversion")).toBeNull(); // b's only non-member wash was free
    const all = await overview("2026-01-01", "2026-01-31");
    const bySite = all.envelope.tables.find((table) => table.key === "by_site");
    const rowOf = (name: string) => bySite?.rows.find((row) => row.site === name);
    expect(rowOf("A")).toMatchObject({ members_active: 1, mrr: 2000, members_new: 0, eligible_washes: 2 });
    expect(rowOf("B")).toMatchObject({ members_active: 1, members_new: 1, eligible_washes: 0 });
    expect(envelope.series.find((s) => s.key === "members_active")?.points.at(-1)?.value).toBe(1);
  });

  it("draws active members per day at the day's end", async () => {
    const { envelope } = await overview("2026-01-01", "2026-01-31");
    const points = envelope.series.find((s) => s.key === "members_active")?.points ?? [];
    const value = (day: string) => points.find((p) => p.x.startsWith(day))?.value;
    expect([value("2026-01-01"), value("2026-01-10"), value("2026-01-25"), value("2026-01-31")]).toEqual([
      3, 4, 3, 2,
    ]);
  });
});
