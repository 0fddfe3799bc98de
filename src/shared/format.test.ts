import { describe, expect, it } from "vitest";
import {
  centsToInput,
  formatDate,
  formatDateTime,
  formatDateWithWeekday,
  formatDuration,
  formatEuro,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeather,
  parseEuroInput,
} from "./format.ts";

// Intl puts a no-break space between € and the amount; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("nl-NL formatting", () => {
  it("writes numbers with a dot for thousands", () => {
    expect(formatNumber(1234567)).toBe("1.234.567");
  });

  it("writes money from cents as € 1.234,56", () => {
    expect(plain(formatEuro(123456))).toBe("€ 1.234,56");
    expect(plain(formatEuro(123456, true))).toBe("€ 1.235");
    expect(plain(formatEuro(-995))).toBe("€ -9,95");
  });

  it("names a calendar month short for a heading and long in a sentence", () => {
    expect(formatMonth("2026-03", "short")).toBe("mrt");
    expect(formatMonth("2026-12")).toBe("december 2026");
  });

  it("writes ratios as percentages with a decimal comma", () => {
    expect(formatPercent(0.2534)).toBe("25,3%");
  });

  it("writes dates as dd-mm-yyyy in Amsterdam time", () => {
    expect(formatDate("2026-11-21")).toBe("21-11-2026");
    // 23:30 UTC on 31 March is already 1 April in Amsterdam (summer time, UTC+2).
    expect(formatDate("2026-03-31T23:30:00Z")).toBe("01-04-2026");
    expect(formatDateTime("2026-11-21T08:05:00Z")).toBe("21-11-2026 09:05");
  });

  it("writes durations in hours, minutes and seconds", () => {
    expect(formatDuration(12)).toBe("12 s");
    expect(formatDuration(247)).toBe("4 m 07 s");
    expect(formatDuration(3900)).toBe("1 u 05 m");
  });

  it("reads prices typed the Dutch way", () => {
    expect(parseEuroInput("12,95")).toBe(1295);
    expect(parseEuroInput("€ 12,95")).toBe(1295);
    expect(parseEuroInput("12.95")).toBe(1295);
    expect(parseEuroInput("1.250")).toBe(125000);
    expect(parseEuroInput("1.250,50")).toBe(125050);
    expect(parseEuroInput("15")).toBe(1500);
    expect(parseEuroInput("12,955")).toBeNull();
    expect(parseEuroInput("twaalf")).toBeNull();
    expect(parseEuroInput("")).toBeNull();
    expect(centsToInput(1295)).toBe("12,95");
  });

  it("writes a day with its weekday and a day's weather", () => {
    expect(formatDateWithWeekday("2026-11-28")).toBe("za 28-11-2026");
    expect(formatDateWithWeekday("2026-11-30")).toBe("ma 30-11-2026");
    expect(formatWeather({ tempC: 8.46, rainMm: 2.3, sunshineH: 0 })).toBe(
      "8,5 °C · 2,3 mm regen · 0,0 u zon",
    );
  });
});
