import { describe, expect, it } from "vitest";
import { amsterdamDate } from "../../../shared/time-zone.ts";
import { weatherForecastRowSchema } from "../../../shared/weather.ts";
import { plannedWeather } from "./day-plan.ts";
import { FORECAST_DAYS, forecastRows } from "./forecast.ts";

describe("the living demo's forecast", () => {
  const now = new Date();
  const rows = forecastRows(42, ["zeist", "houten"], now);

  it("covers today and the days after it for every site, in rows the endpoint accepts", () => {
    expect(rows).toHaveLength(FORECAST_DAYS * 2);
    expect(rows[0]).toMatchObject({ site: "zeist", date: amsterdamDate(now) });
    const dates = [...new Set(rows.map((row) => row.date))];
    expect(dates).toHaveLength(FORECAST_DAYS);
    for (let i = 1; i < dates.length; i++) {
      expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(86_400_000);
    }
    for (const row of rows) expect(weatherForecastRowSchema.safeParse(row).success).toBe(true);
  });

  it("is the same when sent again on the same day, and near the weather the day will have", () => {
    expect(forecastRows(42, ["zeist", "houten"], now)).toEqual(rows);
    const truth = plannedWeather(now, 42);
    expect(Math.abs((rows[0].tempC as number) - truth.tempC)).toBeLessThan(5);
  });
});
