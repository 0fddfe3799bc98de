import { describe, expect, it } from "vitest";
import { effectiveGranularity } from "./filters.ts";

const days = (from: string, to: string) => ({ from, to });

describe("effectiveGranularity", () => {
  it("suits the period's length when none is asked for", () => {
    expect(effectiveGranularity(undefined, days("2026-10-24", "2026-10-25"), "hour")).toBe("hour");
    expect(effectiveGranularity(undefined, days("2026-08-01", "2026-10-31"), "hour")).toBe("day");
    expect(effectiveGranularity(undefined, days("2026-01-01", "2026-12-31"), "hour")).toBe("week");
    expect(effectiveGranularity(undefined, days("2025-01-01", "2026-12-31"), "hour")).toBe("month");
  });

  it("takes the one asked for", () => {
    expect(effectiveGranularity("month", days("2026-10-24", "2026-10-25"), "hour")).toBe("month");
    expect(effectiveGranularity("hour", days("2026-10-01", "2026-10-25"), "hour")).toBe("hour");
  });

  it("is never finer than the report's facts: a two-day period of daily ad figures is shown per day", () => {
    expect(effectiveGranularity(undefined, days("2026-10-24", "2026-10-25"), "day")).toBe("day");
    expect(effectiveGranularity("week", days("2026-10-24", "2026-10-25"), "day")).toBe("week");
  });
});
