import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/reports/dates.ts";
import type { DayWeather } from "./design.ts";
import { fitModel, predictDay } from "./model.ts";
import { DRY, knownHistory, WEEKDAY_FACTORS, WET } from "./test-history.ts";

// The model on a history whose answer is known (test-history.ts): 100 washes on a dry Monday, half on a
// wet day, a factor per weekday. Two years from Monday 2 Dec 2024; fitted up to Monday 1 Dec 2026. The
// small ridge penalty and the terms the history does not move (season, holidays, trend) may shift the
// answers a little: within 1 %.

const FIRST = "2024-12-02";
const UNTIL = "2026-12-01";
const { history, weather } = knownHistory(FIRST, 730);
const model = fitModel(history, weather, UNTIL);
const coefficient = (name: string) => {
  if (!model) throw new Error("no model");
  return model.coefficients[model.design.names.indexOf(name)];
};
const forecastOn = (date: string, day: DayWeather | null) => {
  if (!model) throw new Error("no model");
  const known = new Map(weather);
  if (day) known.set(date, day);
  else known.delete(date);
  known.set(addDays(date, -1), DRY);
  return predictDay(model, date, known, weather);
};

describe("the forecast model on a known history", () => {
  it("fits on the weather and finds no spread beyond the counts' own", () => {
    expect(model?.design.names).toContain("rain");
    // 2 Dec 2024 up to 30 Nov 2026 (729 days) but the first, which has no day before to take the rain of
    expect(model?.trainingDays).toBe(728);
    expect(model?.alpha).toBeLessThan(1e-4);
  });

  it("finds a wet day at half a dry one", () => {
    const wetEffect = Math.exp(coefficient("wet_day") + coefficient("rain") * Math.log1p(5));
    expect(wetEffect).toBeGreaterThan(0.495);
    expect(wetEffect).toBeLessThan(0.505);
  });

  it("finds each weekday's factor against Monday", () => {
    for (let weekday = 1; weekday < 7; weekday++) {
      const effect = Math.exp(coefficient(`weekday_${weekday}`));
      expect(Math.abs(effect / WEEKDAY_FACTORS[weekday] - 1)).toBeLessThan(0.01);
    }
  });

  it("forecasts 160 for a dry Saturday and 45 for a wet Tuesday, with Poisson intervals around them", () => {
    const saturday = forecastOn("2026-12-05", DRY);
    expect(Math.abs(saturday.expected / 160 - 1)).toBeLessThan(0.01);
    expect(saturday.weatherKnown).toBe(true);
    // Poisson(160): 10th and 90th percentile 144 and 176 (summed by hand, as in predictive.test.ts)
    expect(saturday.low).toBeGreaterThanOrEqual(142);
    expect(saturday.low).toBeLessThanOrEqual(146);
    expect(saturday.high).toBeGreaterThanOrEqual(174);
    expect(saturday.high).toBeLessThanOrEqual(178);
    const tuesday = forecastOn("2026-12-01", WET);
    expect(Math.abs(tuesday.expected / 45 - 1)).toBeLessThan(0.01);
  });

  it("forecasts a day without weather over the weather of that time of year", () => {
    // About a third of the days around early December were wet in the history: between 50 and 100 × 1.6,
    // the share of wet stand-ins deciding where.
    const stands = [...weather.entries()].filter(([date]) => {
      const md = date.slice(5);
      return md >= "11-25" && md <= "12-15";
    });
    const wetShare = stands.filter(([, day]) => day === WET).length / stands.length;
    const unknown = forecastOn("2026-12-05", null);
    expect(unknown.weatherKnown).toBe(false);
    expect(Math.abs(unknown.expected / (160 * (1 - wetShare / 2)) - 1)).toBeLessThan(0.02);
    expect(unknown.low).toBeLessThan(90);
    expect(unknown.high).toBeGreaterThan(150);
  });

  it("runs on the calendar alone for a site without weather", () => {
    const calendarOnly = fitModel(history, new Map(), UNTIL);
    expect(calendarOnly?.design.names).not.toContain("rain");
    expect(calendarOnly && predictDay(calendarOnly, "2026-12-05", new Map(), new Map()).weatherKnown).toBe(
      false,
    );
  });

  it("does not fit on less than eight weeks of open days", () => {
    expect(fitModel(history.slice(0, 50), weather, "2025-02-01")).toBeNull();
  });
});
