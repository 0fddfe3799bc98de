import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { membershipEventSchema } from "../../shared/membership-events";
import { parsePlate } from "../../shared/plates";
import type { Database } from "../db/database";
import { SITES, SUBSCRIPTIONS } from "./catalog";
import { generateDemoData } from "./index";
import { liveCatalog } from "./live/catalog.ts";
import { planDay } from "./live/day-plan.ts";
import { type ClubEvent, clubEventApiShape } from "./wash-club-events";

// The demo's wash club over four months, checked as the till system's facts would be (REPORT-DEFINITIONS §5).

const TODAY = new Date("2026-03-15T13:00:00Z");
const DAY_MS = 86_400_000;

interface Row {
  eventId: string;
  memberId: string;
  type: ClubEvent["type"];
  at: number;
  site: string | null;
  plan: string | null;
  amountCents: number | null;
  initiatedBy: "member" | "system" | null;
  reason: string | null;
  channel: ClubEvent["channel"] | null;
  voucherCode: string | null;
  plates: { plate: string; sidecode: number | null }[] | null;
}

let db: Database;
let events: Row[];
const byMember = new Map<string, Row[]>();
/** Whole calendar months of the run, as [start, end) in ms (local months, as the reports count them). */
let months: [number, number][];

beforeAll(async () => {
  db = await migratedDatabase(":memory:", 1);
  await generateDemoData(db, { seed: 5, scale: 0.5, today: TODAY, days: 130 });
  events = await db.query<Row>(
    `SELECT e.event_id AS "eventId", e.member_id AS "memberId", e.type, epoch_ms(e.occurred_at) AS at,
       s.code AS site, i.code AS plan, e.amount_cents AS "amountCents", e.initiated_by AS "initiatedBy",
       e.reason, e.channel, e.voucher_code AS "voucherCode",
       (SELECT list({'plate': p.plate, 'sidecode': p.sidecode} ORDER BY p.plate_no) FROM membership_event_plates p
        WHERE p.event_id = e.event_id) AS plates
     FROM membership_events e LEFT JOIN sites s ON s.id = e.site_id LEFT JOIN items i ON i.id = e.plan_item_id
     ORDER BY e.occurred_at, e.event_id`,
  );
  for (const event of events) byMember.set(event.memberId, [...(byMember.get(event.memberId) ?? []), event]);
  const starts = await db.query<{ start: number }>(
    `SELECT epoch_ms(m) AS start FROM generate_series(
       date_trunc('month', (SELECT min(occurred_at) FROM membership_events) AT TIME ZONE 'Europe/Amsterdam') + INTERVAL 1 MONTH,
       date_trunc('month', $1::TIMESTAMPTZ AT TIME ZONE 'Europe/Amsterdam'), INTERVAL 1 MONTH) t(l),
       LATERAL (SELECT l AT TIME ZONE 'Europe/Amsterdam' AS m)`,
    [TODAY.toISOString()],
  );
  months = starts.slice(0, -1).map((row, i) => [Number(row.start), Number(starts[i + 1].start)]);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const inMonth = (at: number, [start, end]: [number, number]) => at >= start && at < end;

/** Whether the member is active at `t` (§5): signed up, not cancelled, not paused. */
function activeAt(member: Row[], t: number): boolean {
  let active = false;
  for (const event of member) {
    if (event.at > t) break;
    if (event.type === "signup" || event.type === "resume") active = true;
    if (event.type === "pause" || event.type === "cancel") active = false;
  }
  return active;
}

describe("the demo's wash club", () => {
  it("covers four whole months with members who sign up, pay, pause, change and leave", () => {
    expect(months.length).toBeGreaterThanOrEqual(3);
    const types = new Set(events.map((event) => event.type));
    expect([...types].sort()).toEqual([
      "cancel",
      "charge",
      "decline",
      "pause",
      "plan_change",
      "plate_change",
      "resume",
      "signup",
    ]);
    const channels = new Set(events.filter((e) => e.type === "signup").map((e) => e.channel));
    expect(channels).toEqual(new Set([null, "site", "online", "app"]));
  });

  it("starts every member's events with one signup and has nothing after a cancel", () => {
    for (const [member, list] of byMember) {
      expect(list[0].type, member).toBe("signup");
      expect(
        list.filter((e) => e.type === "signup"),
        member,
      ).toHaveLength(1);
      const cancel = list.findIndex((e) => e.type === "cancel");
      if (cancel >= 0) expect(list.length - 1, member).toBe(cancel);
    }
  });

  it("covers a plate by one membership at a time", () => {
    const holders = new Map<string, Set<string>>();
    for (const event of events) {
      for (const { plate } of event.plates ?? []) {
        holders.set(plate, (holders.get(plate) ?? new Set()).add(event.memberId));
      }
    }
    for (const [plate, members] of holders) expect(members.size, plate).toBe(1);
  });

  it("charges the plan's price, about monthly", () => {
    for (const [member, list] of byMember) {
      let plan = "";
      const charges: number[] = [];
      for (const event of list) {
        if (event.plan) plan = event.plan;
        if (event.type !== "charge") continue;
        expect(event.amountCents, member).toBe(SUBSCRIPTIONS.find((s) => s.code === plan)?.priceCents);
        charges.push(event.at);
      }
      // A member active through a month without a pause or decline pays in it, once (twice only right after
      // a subscription bought online, which pays its first month then).
      for (const month of months) {
        const quiet = !list.some(
          (e) =>
            ["pause", "resume", "decline"].includes(e.type) &&
            e.at >= month[0] - 31 * DAY_MS &&
            e.at < month[1],
        );
        if (!quiet || !activeAt(list, month[0]) || !activeAt(list, month[1] - 1)) continue;
        const paid = charges.filter((at) => inMonth(at, month)).length;
        expect(paid, member).toBeGreaterThanOrEqual(1);
        expect(paid, member).toBeLessThanOrEqual(list[0].channel === "online" ? 2 : 1);
      }
    }
  });

  it("declines 1–4 % of the charges a month and recovers most declines within 14 days", () => {
    for (const month of months) {
      const count = (type: string) => events.filter((e) => e.type === type && inMonth(e.at, month)).length;
      const share = count("decline") / count("charge");
      expect(share).toBeGreaterThanOrEqual(0.01);
      expect(share).toBeLessThanOrEqual(0.04);
    }
    const end = Math.max(...events.map((e) => e.at));
    const complete = events.filter((e) => e.type === "decline" && e.at + 14 * DAY_MS <= end);
    const recovered = complete.filter((decline) =>
      (byMember.get(decline.memberId) ?? []).some(
        (e) => e.type === "charge" && e.at > decline.at && e.at <= decline.at + 14 * DAY_MS,
      ),
    );
    expect(complete.length).toBeGreaterThan(10);
    expect(recovered.length / complete.length).toBeGreaterThan(0.5);
    // Some are never recovered: the system cancels them.
    expect(events.some((e) => e.type === "cancel" && e.initiatedBy === "system")).toBe(true);
  });

  it("loses 3–7 % of the members active at a month's start voluntarily in the month", () => {
    for (const month of months) {
      const atStart = [...byMember.values()].filter((list) => activeAt(list, month[0]));
      const left = atStart.filter((list) =>
        list.some((e) => e.type === "cancel" && e.initiatedBy === "member" && inMonth(e.at, month)),
      );
      expect(left.length / atStart.length).toBeGreaterThanOrEqual(0.03);
      expect(left.length / atStart.length).toBeLessThanOrEqual(0.07);
    }
  });

  it("stores events the ingest would accept, and that the live demo can send as they are", () => {
    for (const row of events) {
      const event: ClubEvent = {
        memberId: row.memberId,
        type: row.type,
        at: row.at,
        site: row.site === null ? null : SITES.findIndex((s) => s.code === row.site),
        plan: row.plan === null ? undefined : SUBSCRIPTIONS.findIndex((s) => s.code === row.plan),
        plates: row.plates ?? undefined,
        amountCents: row.amountCents ?? undefined,
        initiatedBy: row.initiatedBy ?? undefined,
        reason: row.reason ?? undefined,
        channel: row.channel ?? undefined,
        voucherCode: row.voucherCode ?? undefined,
      };
      const shape = clubEventApiShape("demo", event);
      expect(shape.eventId).toBe(row.eventId);
      const parsed = membershipEventSchema.safeParse(shape);
      expect(parsed.success, JSON.stringify({ shape, error: parsed.error?.issues })).toBe(true);
      // Plates as the ingest normalises them.
      for (const plate of row.plates ?? []) {
        expect(parsePlate(plate.plate)).toMatchObject({ plate: plate.plate, sidecode: plate.sidecode });
      }
    }
  });

  it("gives the live demo a day of events to send, none about members that ended", async () => {
    const ended = new Set(events.filter((e) => e.type === "cancel").map((e) => e.memberId));
    const { catalog, codes } = await liveCatalog(db);
    const moment = new Date(TODAY.getTime() + DAY_MS);
    const plan = planDay(moment, { seed: 5, scale: 0.5, catalog, codes, endedMembers: ended });
    expect(plan.memberships.some((e) => e.row.type === "charge")).toBe(true);
    for (const { row } of plan.memberships) {
      expect(row.eventId.startsWith("live-")).toBe(true);
      expect(ended.has(row.memberId), row.memberId).toBe(false);
      const parsed = membershipEventSchema.safeParse(row);
      expect(parsed.success, JSON.stringify({ row, error: parsed.error?.issues })).toBe(true);
    }
  });
});
