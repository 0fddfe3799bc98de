import { describe, expect, it } from "vitest";
import type { Schedule } from "../../shared/reports/subscriptions.ts";
import { dueSlot, lastSlotAtOrBefore, nextSlotAfter } from "./schedule.ts";

// Slots on a fixed clock. Amsterdam is UTC+2 in summer (CEST) and UTC+1 in winter (CET); the clocks go
// back on Sunday 25 October 2026 (03:00 CEST → 02:00 CET).

const daily: Schedule = { cadence: "daily", weekday: null, monthDay: null, hour: 7 };
const at = (iso: string) => new Date(iso);

describe("subscription slots", () => {
  it("gives a daily subscription added at 07:30 for 07:00 tomorrow 07:00, not now", () => {
    const added = at("2026-06-10T05:30:00Z"); // 07:30 CEST
    expect(dueSlot(daily, added, added)).toBeNull();
    expect(dueSlot(daily, added, at("2026-06-11T04:59:59Z"))).toBeNull();
    expect(nextSlotAfter(daily, added)).toEqual(at("2026-06-11T05:00:00Z"));
    expect(dueSlot(daily, added, at("2026-06-11T05:00:00Z"))).toEqual(at("2026-06-11T05:00:00Z"));
  });

  it("gives a daily subscription added at 06:30 today's 07:00", () => {
    const added = at("2026-06-10T04:30:00Z");
    expect(nextSlotAfter(daily, added)).toEqual(at("2026-06-10T05:00:00Z"));
    expect(dueSlot(daily, added, at("2026-06-10T05:00:30Z"))).toEqual(at("2026-06-10T05:00:00Z"));
  });

  it("sends a weekly subscription on the chosen day only", () => {
    const tuesday: Schedule = { cadence: "weekly", weekday: 2, monthDay: null, hour: 9 };
    // Wednesday 10 June 2026 → Tuesday 16 June 09:00 CEST.
    expect(nextSlotAfter(tuesday, at("2026-06-10T12:00:00Z"))).toEqual(at("2026-06-16T07:00:00Z"));
    expect(lastSlotAtOrBefore(tuesday, at("2026-06-10T12:00:00Z"))).toEqual(at("2026-06-09T07:00:00Z"));
    // On the Tuesday itself, before 09:00: that day's slot.
    expect(nextSlotAfter(tuesday, at("2026-06-16T06:59:00Z"))).toEqual(at("2026-06-16T07:00:00Z"));
  });

  it("sends a monthly subscription on the 31st on the last day of a shorter month", () => {
    const lastDay: Schedule = { cadence: "monthly", weekday: null, monthDay: 31, hour: 7 };
    expect(nextSlotAfter(lastDay, at("2026-04-01T00:00:00Z"))).toEqual(at("2026-04-30T05:00:00Z"));
    expect(nextSlotAfter(lastDay, at("2026-04-30T05:00:00Z"))).toEqual(at("2026-05-31T05:00:00Z"));
    expect(nextSlotAfter(lastDay, at("2027-02-01T00:00:00Z"))).toEqual(at("2027-02-28T06:00:00Z"));
    expect(nextSlotAfter(lastDay, at("2028-02-01T00:00:00Z"))).toEqual(at("2028-02-29T06:00:00Z"));
  });

  it("keeps 07:00 local on the day the clocks go back", () => {
    // Saturday 24 October 07:00 CEST = 05:00Z; Sunday 25 October 07:00 CET = 06:00Z.
    expect(nextSlotAfter(daily, at("2026-10-24T05:00:00Z"))).toEqual(at("2026-10-25T06:00:00Z"));
    expect(lastSlotAtOrBefore(daily, at("2026-10-25T05:30:00Z"))).toEqual(at("2026-10-24T05:00:00Z"));
    expect(nextSlotAfter(daily, at("2026-10-25T06:00:00Z"))).toEqual(at("2026-10-26T06:00:00Z"));
  });
});
