import { addDays } from "../../shared/reports/dates.ts";
import type { DayWeather } from "./design.ts";
import type { HistoryDay } from "./model.ts";

// A hand-made site whose washes are known exactly: 100 on a dry Monday, half that on a wet day (5 mm of
// rain), and each weekday its own factor (whole washes either way); a mild 10 °C with 5 hours of sun every
// day, so only the rain and the weekday move the washes. Wet days follow a fixed pseudo-random pattern (an
// LCG), about one in three, spread over every weekday.

/** Monday first. */
export const WEEKDAY_FACTORS = [1, 0.9, 0.96, 1.04, 1.2, 1.6, 0.8];
export const DRY: DayWeather = { tempC: 10, rainMm: 0, sunshineH: 5 };
export const WET: DayWeather = { tempC: 10, rainMm: 5, sunshineH: 5 };

export function knownHistory(first: string, days: number) {
  const history: HistoryDay[] = [];
  const weather = new Map<string, DayWeather>();
  let seed = 12345;
  for (let i = 0; i < days; i++) {
    const date = addDays(first, i);
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const wet = seed / 2147483648 < 1 / 3;
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    weather.set(date, wet ? WET : DRY);
    history.push({ date, washes: (wet ? 50 : 100) * WEEKDAY_FACTORS[weekday] });
  }
  return { history, weather };
}
