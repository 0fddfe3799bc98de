import { describe, expect, it } from "vitest";
import { isoWeek } from "./dates.ts";
import { reportQuerySchema } from "./filters.ts";
import { comparisonShift, resolvePeriod, shiftRange } from "./period.ts";

// Saturday 21 November 2026.
const today = "2026-11-21";
const period = (p: Parameters<typeof resolvePeriod>[0]) => resolvePeriod(p, today);
const compared = (p: Parameters<typeof resolvePeriod>[0], compare: "previous" | "year") => {
  const resolved = period(p);
  const shift = comparisonShift(resolved, compare);
  return shift && shiftRange(resolved, shift);
};

describe("report periods", () => {
  it("resolves every preset to local dates", () => {
    expect(period({ period: "today" })).toMatchObject({ from: today, to: today });
    expect(period({ period: "yesterday" })).toMatchObject({ from: "2026-11-20", to: "2026-11-20" });
    expect(period({ period: "last-7-days" })).toMatchObject({ from: "2026-11-14", to: "2026-11-20" });
    expect(period({ period: "last-30-days" })).toMatchObject({ from: "2026-10-22", to: "2026-11-20" });
    expect(period({ period: "this-month" })).toMatchObject({ from: "2026-11-01", to: today });
    expect(period({ period: "last-month" })).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(period({ period: "this-year" })).toMatchObject({ from: "2026-01-01", to: today });
    expect(period({ from: "2026-02-01", to: "2026-02-28" })).toMatchObject({ preset: "custom" });
    expect(period({})).toMatchObject({ preset: "last-30-days" });
  });

  it("compares with the stretch just before, or the same dates a year earlier", () => {
    expect(compared({ period: "last-7-days" }, "previous")).toEqual({ from: "2026-11-07", to: "2026-11-13" });
    expect(compared({ period: "this-month" }, "previous")).toEqual({ from: "2026-10-01", to: "2026-10-21" });
    expect(compared({ period: "this-year" }, "previous")).toEqual({ from: "2025-01-01", to: "2025-11-21" });
    expect(compared({ period: "today" }, "year")).toEqual({ from: "2025-11-21", to: "2025-11-21" });
    // A custom period: the same number of days just before it.
    expect(compared({ period: "custom", from: "2026-03-01", to: "2026-03-31" }, "previous")).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
    });
    // Vorige maand: the whole month before, however long it is.
    expect(resolvePeriod({ period: "last-month" }, "2026-03-15")).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    const feb = resolvePeriod({ period: "last-month" }, "2026-03-15");
    const shift = comparisonShift(feb, "previous");
    expect(shift && shiftRange(feb, shift)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
  });

  it("resolves weeks, quarters and last year", () => {
    // Saturday 21 November 2026 is in ISO week 47 (Monday 16 – Sunday 22 November).
    expect(period({ period: "this-week" })).toMatchObject({ from: "2026-11-16", to: today });
    expect(period({ period: "last-week" })).toMatchObject({ from: "2026-11-09", to: "2026-11-15" });
    expect(period({ period: "this-quarter" })).toMatchObject({ from: "2026-10-01", to: today });
    expect(period({ period: "last-quarter" })).toMatchObject({ from: "2026-07-01", to: "2026-09-30" });
    expect(period({ period: "last-year" })).toMatchObject({ from: "2025-01-01", to: "2025-12-31" });
    // On a Monday "Deze week" is that one day; "Vorig kwartaal" in January is the last quarter of last year.
    expect(resolvePeriod({ period: "this-week" }, "2026-11-16")).toMatchObject({
      from: "2026-11-16",
      to: "2026-11-16",
    });
    expect(resolvePeriod({ period: "last-quarter" }, "2027-01-15")).toMatchObject({
      from: "2026-10-01",
      to: "2026-12-31",
    });
    expect(resolvePeriod({ period: "this-quarter" }, "2026-03-31")).toMatchObject({
      from: "2026-01-01",
      to: "2026-03-31",
    });
  });

  it("takes the week before across the turn of the year", () => {
    // Sunday 3 January 2027 ends ISO week 53 of 2026 (Monday 28 December 2026 – Sunday 3 January 2027).
    const sunday = "2027-01-03";
    expect(isoWeek(sunday)).toEqual({ year: 2026, week: 53 });
    expect(resolvePeriod({ period: "this-week" }, sunday)).toMatchObject({ from: "2026-12-28", to: sunday });
    const lastWeek = resolvePeriod({ period: "last-week" }, sunday);
    expect(lastWeek).toMatchObject({ from: "2026-12-21", to: "2026-12-27" });
    expect(isoWeek(lastWeek.from)).toEqual({ year: 2026, week: 52 });
    // Its "Vorige periode" is the week before it, 14–20 December.
    const shift = comparisonShift(lastWeek, "previous");
    expect(shift && shiftRange(lastWeek, shift)).toEqual({ from: "2026-12-14", to: "2026-12-20" });
  });

  it("compares a week with the same ISO week a year earlier, Monday to Monday", () => {
    const lastYear = (p: Parameters<typeof resolvePeriod>[0], day: string) => {
      const resolved = resolvePeriod(p, day);
      const shift = comparisonShift(resolved, "year");
      return shift && shiftRange(resolved, shift);
    };
    // Week 47 of 2026 (16–22 November) against week 47 of 2025 (17–23 November), not 16–22 November 2025.
    expect(compared({ period: "last-week" }, "year")).toEqual({ from: "2025-11-10", to: "2025-11-16" });
    expect(compared({ period: "this-week" }, "year")).toEqual({ from: "2025-11-17", to: "2025-11-22" });
    // Week 53 of 2026: 2025 has no week 53, so its last week, week 52 (22–28 December 2025).
    expect(lastYear({ period: "this-week" }, "2027-01-03")).toEqual({ from: "2025-12-22", to: "2025-12-28" });
    expect(isoWeek("2025-12-22")).toEqual({ year: 2025, week: 52 });
    // Week 1 of 2027 (4–10 January 2027) against week 1 of 2026 (29 December 2025 – 4 January 2026).
    expect(lastYear({ period: "last-week" }, "2027-01-11")).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    expect(isoWeek("2025-12-29")).toEqual({ year: 2026, week: 1 });
    // Week 1 of 2026 against week 1 of 2025 (30 December 2024 – 5 January 2025).
    expect(lastYear({ period: "last-week" }, "2026-01-05")).toEqual({ from: "2024-12-30", to: "2025-01-05" });
  });

  it("compares quarters and years with the one before, and a quarter with the same quarter last year", () => {
    expect(compared({ period: "this-quarter" }, "previous")).toEqual({
      from: "2026-07-01",
      to: "2026-08-21",
    });
    expect(compared({ period: "last-quarter" }, "previous")).toEqual({
      from: "2026-04-01",
      to: "2026-06-30",
    });
    expect(compared({ period: "last-quarter" }, "year")).toEqual({ from: "2025-07-01", to: "2025-09-30" });
    expect(compared({ period: "this-quarter" }, "year")).toEqual({ from: "2025-10-01", to: "2025-11-21" });
    expect(compared({ period: "last-year" }, "previous")).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    expect(compared({ period: "last-year" }, "year")).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    // The last quarter of a year against the third: all of September, though December has 31 days.
    const q4 = resolvePeriod({ period: "last-quarter" }, "2027-02-10");
    const shift = comparisonShift(q4, "previous");
    expect(shift && shiftRange(q4, shift)).toEqual({ from: "2026-07-01", to: "2026-09-30" });
  });

  it("numbers weeks the ISO way", () => {
    expect(isoWeek("2026-10-25")).toEqual({ year: 2026, week: 43 });
    expect(isoWeek("2026-12-31")).toEqual({ year: 2026, week: 53 });
    expect(isoWeek("2027-01-04")).toEqual({ year: 2027, week: 1 });
  });

  it("rejects what a period cannot be, with the field that is wrong", () => {
    const issues = (query: Record<string, string>) => {
      const result = reportQuerySchema.safeParse(query);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
    };
    expect(issues({ from: "2026-02-30", to: "2026-03-01" })).toEqual(["from"]);
    expect(issues({ from: "2026-03-02", to: "2026-03-01" })).toEqual(["to"]);
    expect(issues({ period: "today", from: "2026-03-01" })).toEqual(["from"]);
    expect(issues({ period: "custom", from: "2026-03-01" })).toEqual(["to"]);
    expect(issues({ from: "2026-01-01", to: "2026-03-01", granularity: "hour" })).toEqual(["granularity"]);
    expect(issues({ compare: "morgen" })).toEqual(["compare"]);
    expect(issues({ site: "Utrecht Centrum" })).toEqual(["site"]);
  });
});
