import { describe, expect, it } from "vitest";
import { bucketLabel } from "./bucket-label.ts";
import { changeColor, formatChange, formatPointChange, formatValue } from "./format-value.ts";

describe("report figures in Dutch", () => {
  it("writes each unit the Dutch way, and a dash for no figure", () => {
    expect(formatValue(1234567, "count")).toBe("1.234.567");
    expect(formatValue(123456, "eur_cents")).toBe("€\u00a01.234,56");
    expect(formatValue(123456, "eur_cents", true)).toBe("€\u00a01.235");
    expect(formatValue(0.253, "percent")).toBe("25,3%");
    expect(formatValue(247, "seconds")).toBe("4 m 07 s");
    expect(formatValue(2.333, "ratio")).toBe("2,33");
    expect(formatValue(null, "count")).toBe("–");
    expect(formatValue("2026-10-25T12:00:00.000Z", "datetime")).toBe("25-10-2026 13:00");
  });

  it("signs changes, with a real minus and no sign on what rounds to zero", () => {
    expect(formatChange(0.123)).toBe("+12,3%");
    expect(formatChange(-0.04)).toBe("−4,0%");
    expect(formatChange(-0.0001)).toBe("0,0%");
    expect(formatPointChange(0.2, 0.181)).toBe("+1,9 pp");
  });

  it("colours a change by whether a rise is good news", () => {
    expect(changeColor(0.1)).toBe("teal.9");
    expect(changeColor(0.1, "down")).toBe("red.9");
    expect(changeColor(0.1, "neutral")).toBe("gray.7");
    expect(changeColor(null)).toBe("gray.7");
  });

  it("names buckets: days with their weekday, ISO weeks, months", () => {
    expect(bucketLabel("2026-10-25", "day")).toBe("zo 25-10");
    expect(bucketLabel("2026-10-25", "day", true)).toBe("zo 25-10-2026");
    expect(bucketLabel("2026-10-25T14:00", "hour")).toBe("14:00");
    expect(bucketLabel("2026-10-25T00:00", "hour")).toBe("zo 25-10");
    expect(bucketLabel("2026-12-28", "week")).toBe("wk 53");
    expect(bucketLabel("2026-10-01", "month")).toBe("okt 2026");
  });
});
