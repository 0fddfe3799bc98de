import { describe, expect, it } from "vitest";
import { monthCourse, monthSplit } from "./on-course.ts";

// June 2026 has 30 days. On 13 June the actual covers 1–12 June (12 complete days) and the rest is 13–30
// June (18 days, today included).

describe("monthSplit", () => {
  it("cuts a running month before today: the complete days are actual, today to the end is expected", () => {
    expect(monthSplit("2026-06", "2026-06-13")).toEqual({
      first: "2026-06-01",
      last: "2026-06-30",
      daysInMonth: 30,
      actual: { from: "2026-06-01", to: "2026-06-12" },
      rest: { from: "2026-06-13", to: "2026-06-30" },
    });
  });

  it("has no actual on the month's first day or before it, and no rest once it is over", () => {
    expect(monthSplit("2026-06", "2026-06-01")).toMatchObject({
      actual: null,
      rest: { from: "2026-06-01", to: "2026-06-30" },
    });
    expect(monthSplit("2026-06", "2026-05-20")).toMatchObject({
      actual: null,
      rest: { from: "2026-06-01", to: "2026-06-30" },
    });
    expect(monthSplit("2026-06", "2026-07-01")).toMatchObject({
      actual: { from: "2026-06-01", to: "2026-06-30" },
      rest: null,
    });
    expect(monthSplit("2028-02", "2028-02-29")).toMatchObject({
      daysInMonth: 29,
      actual: { from: "2028-02-01", to: "2028-02-28" },
      rest: { from: "2028-02-29", to: "2028-02-29" },
    });
  });
});

describe("monthCourse", () => {
  it("1 200 washes by day 12 and 100 expected on each of the 18 days left make 3 000: on course for 3 000", () => {
    const course = monthCourse({
      month: "2026-06",
      today: "2026-06-13",
      targets: { washes: 3000, revenueExVatCents: null, newMembers: null },
      actual: { washes: 1200, revenueCents: 0, newMembers: 0 },
      expectedRest: { washes: 18 * 100, revenueCents: 0, newMembers: 0 },
    });
    expect(course.daysInMonth).toBe(30);
    expect(course.daysElapsed).toBe(12);
    expect(course.figures.washes).toEqual({
      actual: 1200,
      expectedRest: 1800,
      projection: 3000,
      target: 3000,
      share: 1,
      onCourse: true,
    });
  });

  it("falls short of a revenue target and exceeds a members target; a figure without target has no verdict", () => {
    // Revenue: € 20 000 to date + € 1 000 × 18 days = € 38 000 of € 40 000 → 95 %, not on course.
    // Members: 25 + 18 × 1 = 43 of 40 → 107.5 %, on course.
    const course = monthCourse({
      month: "2026-06",
      today: "2026-06-13",
      targets: { washes: null, revenueExVatCents: 4_000_000, newMembers: 40 },
      actual: { washes: 1200, revenueCents: 2_000_000, newMembers: 25 },
      expectedRest: { washes: 1800, revenueCents: 1_800_000, newMembers: 18 },
    });
    expect(course.figures.revenueCents).toMatchObject({
      projection: 3_800_000,
      share: 0.95,
      onCourse: false,
    });
    expect(course.figures.newMembers).toMatchObject({ projection: 43, share: 1.075, onCourse: true });
    expect(course.figures.washes).toMatchObject({
      projection: 3000,
      target: null,
      share: null,
      onCourse: null,
    });
  });

  it("takes a month that is over at its actual, whatever is expected", () => {
    const course = monthCourse({
      month: "2026-06",
      today: "2026-07-02",
      targets: { washes: 3000, revenueExVatCents: null, newMembers: null },
      actual: { washes: 2990, revenueCents: 0, newMembers: 0 },
      expectedRest: { washes: 500, revenueCents: 0, newMembers: 0 },
    });
    expect(course.daysElapsed).toBe(30);
    expect(course.figures.washes).toMatchObject({ expectedRest: 0, projection: 2990, onCourse: false });
  });

  it("counts a target of 0 as met, without a share", () => {
    const course = monthCourse({
      month: "2026-06",
      today: "2026-06-01",
      targets: { washes: 0, revenueExVatCents: null, newMembers: null },
      actual: { washes: 0, revenueCents: 0, newMembers: 0 },
      expectedRest: { washes: 0, revenueCents: 0, newMembers: 0 },
    });
    expect(course.daysElapsed).toBe(0);
    expect(course.figures.washes).toMatchObject({ share: null, onCourse: true });
  });
});
