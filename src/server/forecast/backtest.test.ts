import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/reports/dates.ts";
import { backtestMondays, backtestSite } from "./backtest.ts";
import { knownHistory } from "./test-history.ts";

describe("the backtest's weeks", () => {
  it("takes the 8 whole weeks before today's, Monday to Sunday, oldest first", () => {
    // Saturday 28 Nov 2026: this week began Monday 23 Nov, so the last whole one is 16–22 Nov
    const mondays = backtestMondays("2026-11-28");
    expect(mondays).toHaveLength(8);
    expect(mondays[0]).toBe("2026-09-28");
    expect(mondays[7]).toBe("2026-11-16");
    // on a Monday the week that ended yesterday is whole
    expect(backtestMondays("2026-11-23")[7]).toBe("2026-11-16");
  });
});

describe("the backtest's baselines, by hand", () => {
  // A site whose Sundays run 10, 20, …, 100 washes over ten weeks (other days 1): on the last Sunday, 29
  // Nov 2026, the same day a week earlier is 90, and "usual" the median of the 8 Sundays before (20 … 90)
  // is (50 + 60) / 2 = 55. 28 Nov 2026 has no sales row: it counts as 0.
  const sundays = Array.from({ length: 10 }, (_, i) => ({
    date: addDays("2026-09-27", 7 * i),
    washes: 10 * (i + 1),
  }));
  const others = Array.from({ length: 70 }, (_, i) => addDays("2026-09-21", i))
    .filter((date) => !sundays.some((sunday) => sunday.date === date) && date !== "2026-11-28")
    .map((date) => ({ date, washes: 1 }));
  const days = backtestSite([...sundays, ...others], new Map(), "2026-11-30");
  const day = (date: string) => days.find((row) => row.date === date);

  it("gives the same weekday a week earlier and the usual median", () => {
    expect(day("2026-11-29")).toMatchObject({ actual: 100, lastWeek: 90, usual: 55 });
    // the 8 Sundays before 22 Nov are 10 … 80
    expect(day("2026-11-22")).toMatchObject({ actual: 90, lastWeek: 80, usual: 45 });
    expect(day("2026-11-28")).toMatchObject({ actual: 0, lastWeek: 1 });
  });

  it("has no model forecast without eight weeks of history before a week", () => {
    expect(day("2026-10-05")?.forecast).toBeNull();
  });
});

describe("the backtest on a known history", () => {
  it("forecasts each day of the 8 weeks from the days before, with the day's measured weather", () => {
    const { history, weather } = knownHistory("2024-12-02", 730);
    const days = backtestSite(history, weather, "2026-11-30");
    expect(days).toHaveLength(56);
    for (const row of days) {
      expect(Math.abs((row.forecast ?? 0) / row.actual - 1)).toBeLessThan(0.01);
    }
  });
});
