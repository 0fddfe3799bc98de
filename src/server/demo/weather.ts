import { type Day, isSummerHoliday } from "./calendar.ts";
import type { Random } from "./random.ts";

// A plausible Dutch weather series, one value per day, and what it does to the number of washes:
// rain keeps people away and sends them the day after, road salt after frost brings the biggest peaks of
// the year, spring pollen a second one, summer holidays a dip.

export interface Weather {
  tempC: number;
  rainMm: number;
  /** Night frost: roads are salted. */
  frost: boolean;
  /** Demand for washes relative to an ordinary dry day. */
  demand: number;
}

export function weatherSeries(days: Day[], rng: Random): Weather[] {
  let anomaly = 0;
  let salt = 0;
  let wetYesterday = false;
  return days.map((day) => {
    const season = Math.cos((2 * Math.PI * (day.dayOfYear - 20)) / 365);
    anomaly = 0.8 * anomaly + 2.2 * rng.normal();
    const tempC = 10.5 - 7.5 * season + anomaly;
    const wetChance = 0.44 + 0.06 * season + (wetYesterday ? 0.15 : 0);
    const rainMm = rng.chance(wetChance) ? rng.exponential(4) : 0;
    const frost = tempC + rng.normal() < 1.5;
    // Salt on the road: topped up on frost days, washed away by rain, worn off over a week or two.
    salt = Math.min(2, salt * (rainMm > 3 ? 0.5 : 0.85) + (frost ? 1 : 0));

    let demand = 1;
    if (rainMm > 6) demand *= 0.55;
    else if (rainMm > 2) demand *= 0.72;
    else if (rainMm > 0.3) demand *= 0.88;
    else if (wetYesterday) demand *= 1.12;
    if (frost) demand *= 0.8;
    else if (rainMm <= 2) demand *= 1 + 0.45 * Math.min(salt, 1.5);
    // Tree pollen lays a yellow film on cars from April to the end of May.
    if (day.dayOfYear >= 91 && day.dayOfYear <= 151)
      demand *= 1 + 0.25 * Math.sin((Math.PI * (day.dayOfYear - 91)) / 60);
    if (isSummerHoliday(day)) demand *= 0.85;

    wetYesterday = rainMm > 0.3;
    return { tempC, rainMm, frost, demand };
  });
}
