import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { syncProgrammeVisits } from "../../warehouse/derived/behaviour/programme-visits-sync.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { syncMemberWashes } from "../../warehouse/derived/memberships/member-washes.ts";
import { membershipMembers } from "./members.ts";
import {
  amsterdam,
  event,
  membersDatabase,
  periodFilters,
  signup,
  storeEvents,
  type TestEvent,
  wash,
} from "./test-members.ts";

// Abonnementen › Leden: the at-risk rule worked out by hand on five members, and the churn-risk score's
// backtest on a club whose leavers are known to be the ones with an open decline. Now: 20 Feb 2026, 12:00.
//   A  washes every 5 days up to 18 Feb: usual gap 5, 2 days since: fine
//   B  washes every 4 days from 2 Nov, the last on 17 Jan: 34 days since, more than twice 4: at risk
//   C  declined 10 Feb, not charged since: an open decline
//   D  declined 1 Feb, charged 5 Feb: recovered
//   E  two washes only: no usual gap to compare with

const NOW = new Date(amsterdam("2026-02-20 12:00"));

async function club(events: TestEvent[], washes: [string, string][]) {
  const db = await membersDatabase();
  await storeEvents(db, events);
  for (const [plate, at] of washes) await wash(db, 1, at, plate);
  await syncProgrammeVisits(db);
  await syncMemberState(db);
  await syncMemberWashes(db);
  return db;
}

const everyDays = (plate: string, from: string, to: string, days: number): [string, string][] => {
  const out: [string, string][] = [];
  for (let t = Date.parse(`${from}T12:00:00Z`); t <= Date.parse(`${to}T12:00:00Z`); t += days * 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (!date.slice(5, 7).match(/03|10/)) out.push([plate, `${date} 10:00`]);
  }
  return out;
};

async function members(db: Database) {
  const filters = periodFilters("2026-02-01", "2026-02-20", NOW);
  const envelope = await membershipMembers.run(db, filters);
  const kpi = (key: string) => envelope.kpis.find((k) => k.key === key)?.value;
  const table = (key: string) => envelope.tables.find((t) => t.key === key);
  return { kpi, table };
}

describe("Abonnementen › Leden, the at-risk rule", () => {
  let db: Database;
  beforeAll(async () => {
    db = await club(
      [
        signup("A", "2025-11-15 10:00"),
        signup("B", "2025-11-01 10:00"),
        signup("C", "2025-12-01 10:00"),
        event("C", "decline", "2026-02-10 03:00"),
        signup("D", "2025-12-01 10:00"),
        event("D", "decline", "2026-02-01 03:00"),
        event("D", "charge", "2026-02-05 03:00", { amountCents: 2420 }),
        signup("E", "2026-01-05 10:00"),
      ],
      [
        ...everyDays("PA", "2025-11-16", "2026-02-18", 5),
        ...everyDays("PB", "2025-11-02", "2026-01-20", 4),
        ["PE", "2026-01-10 10:00"],
        ["PE", "2026-02-01 10:00"],
      ],
    );
  });
  afterAll(() => db.close());

  it("lists members with an open decline or a gap more than twice their own, and why", async () => {
    const { kpi, table } = await members(db);
    expect(kpi("members_active")).toBe(5);
    expect(kpi("members_at_risk")).toBe(2);
    expect(kpi("open_declines")).toBe(1);
    const rows = table("members")?.rows ?? [];
    expect(rows.map((row) => [row.member, row.reason]).sort()).toEqual([
      ["B", "34 dagen niet gewassen (gewoonlijk 4)"],
      ["C", "Betaling mislukt op 10-02-2026"],
    ]);
    // nobody ended in the history: no model, no score, nothing to test it on
    expect(rows.map((row) => row.churn_risk)).toEqual([null, null]);
    expect(kpi("risk_auc")).toBeNull();
  });
});

describe("Abonnementen › Leden, the churn-risk score", () => {
  it("ranks the leavers first when an open decline is what makes members leave", async () => {
    // 40 members a month from May 2025 to January 2026 (October left out: its clock change); one in five has
    // a decline on the 25th of the month it signed up in that is never recovered, and the system ends those
    // on the 20th of the month after; the others stay
    const events: TestEvent[] = [];
    const months = ["2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-11", "2025-12", "2026-01"];
    months.forEach((month, m) => {
      for (let i = 0; i < 40; i++) {
        const id = `M${m}-${i}`;
        events.push(signup(id, `${month}-0${1 + (i % 5)} 10:00`, { plates: [`Z${m}X${i}`] }));
        const next = months[m + 1];
        if (i % 5 === 0 && next) {
          events.push(event(id, "decline", `${month}-25 03:00`));
          events.push(event(id, "cancel", `${next}-20 10:00`, { initiatedBy: "system" }));
        }
      }
    });
    const db = await club(events, []);
    const { kpi, table } = await members(db);
    // the test month is January: at its start six months' 32 members and December's 40 were active, and
    // its leavers are December's 8 declined on 25 December
    expect(kpi("risk_base_rate")).toBeCloseTo(8 / (6 * 32 + 40), 10);
    expect(kpi("risk_top_decile")).toBeGreaterThan(0.2);
    expect(kpi("risk_auc")).toBeGreaterThan(0.9);
    expect(table("backtest")?.rows).toHaveLength(10);
    // the model and its backtest are kept while the membership tables stay the same: a December member who
    // cancels in January makes nine leavers
    await storeEvents(db, [event("M6-1", "cancel", "2026-01-15 10:00", { initiatedBy: "member" })]);
    await syncMemberState(db);
    await syncMemberWashes(db);
    expect((await members(db)).kpi("risk_base_rate")).toBeCloseTo(9 / (6 * 32 + 40), 10);
    db.close();
  });
});
