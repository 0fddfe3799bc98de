import { describe, expect, it } from "vitest";
import { isSummerSchoolHoliday } from "./school-holidays.ts";

// Dates from rijksoverheid.nl's calendar for region midden, not from the table.

describe("summer school holidays, region midden", () => {
  it("holds the first and last day of 2026 and not the days around them", () => {
    expect(isSummerSchoolHoliday("2026-07-17")).toBe(false);
    expect(isSummerSchoolHoliday("2026-07-18")).toBe(true);
    expect(isSummerSchoolHoliday("2026-08-30")).toBe(true);
    expect(isSummerSchoolHoliday("2026-08-31")).toBe(false);
  });

  it("falls back to the usual rota for a year not listed", () => {
    expect(isSummerSchoolHoliday("2031-07-20")).toBe(true);
    expect(isSummerSchoolHoliday("2031-09-10")).toBe(false);
  });
});
