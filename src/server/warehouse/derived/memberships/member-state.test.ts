import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/database.ts";
import { event, membersDatabase, signup, storeEvents } from "../../../reports/memberships/test-members.ts";
import { MEMBER_STATE_DECLARED, syncMemberState } from "./member-state.ts";

// Each membership's course from its events (REPORT-DEFINITIONS §5), worked out by hand: active stretches,
// plans and plates, whatever order the events arrive in.

let db: Database;
beforeEach(async () => {
  db = await membersDatabase();
});
afterEach(() => db.close());

const spans = () =>
  db.query(
    `SELECT member_id, site_id, plan_item_id, strftime(started_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS started,
       strftime(ended_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS ended
     FROM membership_spans ORDER BY member_id, started_at`,
  );
const plates = () =>
  db.query(
    `SELECT member_id, plate, strftime(started_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS started,
       strftime(ended_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS ended
     FROM membership_plates ORDER BY member_id, started_at, plate`,
  );
const members = () =>
  db.query(
    `SELECT member_id, site_id, channel, signup_plan_item_id, plan_item_id,
       strftime(ended_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS ended, ended_by
     FROM membership_members ORDER BY member_id`,
  );

describe("a membership's course", () => {
  it("runs from its signup to its cancel, paused stretches left out, a plan change splitting it", async () => {
    await storeEvents(db, [
      signup("1", "2026-01-10 09:00"),
      event("1", "charge", "2026-01-10 09:00", { amountCents: 2420 }),
      event("1", "pause", "2026-01-31 18:00"),
      event("1", "resume", "2026-02-14 08:00"),
      event("1", "plan_change", "2026-02-20 10:00", { plan: "premium" }),
      event("1", "cancel", "2026-04-30 23:00", { initiatedBy: "member" }),
      // after the cancel: changes nothing
      event("1", "resume", "2026-05-02 10:00"),
    ]);
    await syncMemberState(db);
    expect(await spans()).toEqual([
      {
        member_id: "1",
        site_id: 1,
        plan_item_id: 11,
        started: "2026-01-10 09:00",
        ended: "2026-01-31 18:00",
      },
      {
        member_id: "1",
        site_id: 1,
        plan_item_id: 11,
        started: "2026-02-14 08:00",
        ended: "2026-02-20 10:00",
      },
      {
        member_id: "1",
        site_id: 1,
        plan_item_id: 12,
        started: "2026-02-20 10:00",
        ended: "2026-04-30 23:00",
      },
    ]);
    expect(await members()).toEqual([
      {
        member_id: "1",
        site_id: 1,
        channel: "site",
        signup_plan_item_id: 11,
        plan_item_id: 12,
        ended: "2026-04-30 23:00",
        ended_by: "member",
      },
    ]);
  });

  it("is the same whatever order its events arrive in, the signup last included", async () => {
    const all = [
      signup("2", "2026-06-01 10:00", { site: null, channel: "online", plates: ["AB-12-CD"] }),
      event("2", "plate_change", "2026-06-15 12:00", { plates: ["XY-99-ZZ", "AB-12-CD"] }),
      event("2", "charge", "2026-07-01 03:00", { amountCents: 2420 }),
      event("2", "pause", "2026-07-20 12:00"),
    ];
    await storeEvents(db, [all[2], all[3]]);
    await syncMemberState(db);
    // without its signup a member has no course yet
    expect(await spans()).toEqual([]);
    await storeEvents(db, [all[1]]);
    await syncMemberState(db);
    await storeEvents(db, [all[0]]);
    await syncMemberState(db);
    expect(await spans()).toEqual([
      {
        member_id: "2",
        site_id: null,
        plan_item_id: 11,
        started: "2026-06-01 10:00",
        ended: "2026-07-20 12:00",
      },
    ]);
    // the plate change covers the second car from its moment; the first stays covered throughout
    expect(await plates()).toEqual([
      { member_id: "2", plate: "AB12CD", started: "2026-06-01 10:00", ended: "2026-06-15 12:00" },
      { member_id: "2", plate: "AB12CD", started: "2026-06-15 12:00", ended: "2026-07-20 12:00" },
      { member_id: "2", plate: "XY99ZZ", started: "2026-06-15 12:00", ended: "2026-07-20 12:00" },
    ]);
  });

  it("a signup and its cancel at one instant leave no active stretch; events before a signup change nothing", async () => {
    await storeEvents(db, [
      event("3", "cancel", "2026-01-05 10:00", { initiatedBy: "system" }),
      signup("3", "2026-01-10 10:00"),
      event("3", "cancel", "2026-01-10 10:00", { initiatedBy: "member" }),
    ]);
    await syncMemberState(db);
    expect(await spans()).toEqual([]);
    expect(await members()).toMatchObject([
      { member_id: "3", ended: "2026-01-10 10:00", ended_by: "member" },
    ]);
  });

  it("is worked out again from nothing to the same rows (a rebuild)", async () => {
    await storeEvents(db, [
      signup("4", "2026-01-10 09:00", { plates: ["AB-12-CD"] }),
      event("4", "plate_change", "2026-02-01 09:00", { plates: ["GH-34-JK"] }),
      event("4", "cancel", "2026-02-10 09:00", { initiatedBy: "system" }),
    ]);
    await syncMemberState(db);
    const kept = [await spans(), await plates(), await members()];
    await db.transaction((tx) => MEMBER_STATE_DECLARED.reset(tx));
    await syncMemberState(db);
    expect([await spans(), await plates(), await members()]).toEqual(kept);
    expect(kept[1]).toEqual([
      { member_id: "4", plate: "AB12CD", started: "2026-01-10 09:00", ended: "2026-02-01 09:00" },
      { member_id: "4", plate: "GH34JK", started: "2026-02-01 09:00", ended: "2026-02-10 09:00" },
    ]);
  });

  it("keeps each decline with the member's first charge after it, a charge arriving later included", async () => {
    const declines = () =>
      db.query(
        `SELECT member_id, strftime(occurred_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS declined,
           strftime(recovered_at AT TIME ZONE 'Europe/Amsterdam', '%Y-%m-%d %H:%M') AS recovered
         FROM membership_declines ORDER BY member_id, occurred_at`,
      );
    await storeEvents(db, [
      // before its signup: still a decline, as the events hold it
      event("5", "decline", "2026-02-27 02:00"),
      signup("5", "2026-02-28 10:00"),
      event("5", "decline", "2026-04-01 02:00"),
      event("5", "charge", "2026-04-01 02:00", { amountCents: 2420 }),
    ]);
    await syncMemberState(db);
    // a charge at the decline's own instant does not recover it
    expect(await declines()).toEqual([
      { member_id: "5", declined: "2026-02-27 02:00", recovered: "2026-04-01 02:00" },
      { member_id: "5", declined: "2026-04-01 02:00", recovered: null },
    ]);
    await storeEvents(db, [
      event("5", "charge", "2026-04-20 09:00", { amountCents: 2420 }),
      event("5", "charge", "2026-04-09 09:00", { amountCents: 2420 }),
    ]);
    await syncMemberState(db);
    expect(await declines()).toEqual([
      { member_id: "5", declined: "2026-02-27 02:00", recovered: "2026-04-01 02:00" },
      { member_id: "5", declined: "2026-04-01 02:00", recovered: "2026-04-09 09:00" },
    ]);
  });
});
