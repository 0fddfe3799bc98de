import { describe, expect, it } from "vitest";
import { isDue, lastCompleteWeek } from "./week.ts";

describe("the Monday e-mail's week", () => {
  it("is the Monday–Sunday before now, compared with the same ISO week last year", () => {
    // Monday 23 November 2026, 07:30 in Amsterdam (06:30 UTC): week 47 of 2026 is 16–22 November.
    // Week 47 of 2025 began on Monday 17 November 2025: 364 days earlier.
    const week = lastCompleteWeek(new Date("2026-11-23T06:30:00Z"));
    expect(week).toEqual({
      from: "2026-11-16",
      to: "2026-11-22",
      iso: { year: 2026, week: 47 },
      lastYearShiftDays: -364,
    });
    // Sunday evening still belongs to the week before: week 46 (9–15 November).
    expect(lastCompleteWeek(new Date("2026-11-22T22:59:00Z")).from).toBe("2026-11-09");
  });

  it("maps week 1 across the turn of the year, and a week 53 onto the 52nd", () => {
    // 29 Dec 2025 – 4 Jan 2026 is week 1 of 2026; week 1 of 2025 began Monday 30 December 2024 (-364 days).
    expect(lastCompleteWeek(new Date("2026-01-05T08:00:00Z"))).toMatchObject({
      from: "2025-12-29",
      iso: { year: 2026, week: 1 },
      lastYearShiftDays: -364,
    });
    // 2026 has a week 53 (28 Dec 2026 – 3 Jan 2027); 2025 has none: its week 52 began 22 December 2025 (-371).
    expect(lastCompleteWeek(new Date("2027-01-04T08:00:00Z"))).toMatchObject({
      from: "2026-12-28",
      iso: { year: 2026, week: 53 },
      lastYearShiftDays: -371,
    });
  });

  it("is due from Monday 07:00 Amsterdam time until the next week ends", () => {
    const week = lastCompleteWeek(new Date("2026-11-23T12:00:00Z"));
    expect(isDue(week, new Date("2026-11-23T05:59:59Z"))).toBe(false); // 06:59:59 local
    expect(isDue(week, new Date("2026-11-23T06:00:00Z"))).toBe(true); // 07:00 local (CET, UTC+1)
    expect(isDue(week, new Date("2026-11-29T22:59:59Z"))).toBe(true); // Sunday 23:59:59 local
    expect(isDue(week, new Date("2026-11-29T23:00:00Z"))).toBe(false); // the next Monday: another week
  });
});
