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
