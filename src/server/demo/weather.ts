import { isSummerSchoolHoliday } from "../../shared/annotations/school-holidays.ts";
import type { Day } from "./calendar.ts";
import type { Random } from "./random.ts";

// A plausible Dutch weather series, one value per day, and what it does to the number of washes:
// rain keeps people away and sends them the day after, road salt after frost brings the biggest peaks of
// the year, spring pollen a second one, summer holidays a dip.

export interface Weather {
  tempC: number;
  rainMm: number;
  /** Hours of sunshine: a share of the day's length, smaller on wet days. */
  sunshineH: number;
  /** Night frost: roads are salted. */
  frost: boolean;
  /** Demand for washes relative to an ordinary dry day. */
  demand: number;
}

export function weatherSeries(days: Day[], rng: Random): Weather[] {
  // A stream of its own (forking does not draw), so the sunshine leaves every other draw as it was.
  const sun = rng.fork("sunshine");
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
    if (isSummerSchoolHoliday(day.date)) demand *= 0.85;

    wetYesterday = rainMm > 0.3;
    return { tempC, rainMm, sunshineH: sunshine(day, season, rainMm, sun), frost, demand };
  });
}

/**
 * Hours of sunshine at 52° N: the day lasts from about 7.7 hours at midwinter to 16.8 at midsummer, and the
 * sun shines for about a third of it over a year (more in summer, less on wet days), as at De Bilt.
 */
function sunshine(day: Day, season: number, rainMm: number, rng: Random): number {
  const dayLength = 12.25 - 4.55 * Math.cos((2 * Math.PI * (day.dayOfYear + 10)) / 365);
  const wetness = rainMm > 6 ? 0.12 : rainMm > 2 ? 0.22 : rainMm > 0.3 ? 0.32 : 0.5;
  const share = wetness - 0.08 * season + 0.18 * rng.normal();
  return Math.round(dayLength * Math.min(0.95, Math.max(0, share)) * 10) / 10;
}
