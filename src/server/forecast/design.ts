import { dutchHolidays } from "../../shared/annotations/holidays.ts";
import { isSummerSchoolHoliday } from "../../shared/annotations/school-holidays.ts";

// The terms of the forecast model, one column of the design matrix each: the site's week (weekday), the
// year (three annual harmonics: winter's road salt and spring's pollen are peaks narrower than a season),
// public and summer school holidays, a linear trend, and the day's weather: temperature, rain (log mm and a
// wet-day flag, since the first millimetres keep most people away), sunshine, frost (salted roads) and the
// rain of the day before (the dirty cars come the day after). Chosen on the backtest of the demo chain (the
// chain's WAPE over the 8 weeks to 28 Nov 2026: 15.3 % on the calendar alone, 8.1 % with temperature, rain
// and sun, 5.7 % with frost and the third harmonic too), and checked at three other times of the year.
// Each is scaled to about one unit, so the one ridge penalty weighs them alike.

export interface DayWeather {
  tempC: number;
  rainMm: number;
  sunshineH: number;
}

export interface ModelDay {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** The day's weather; null where the model runs without weather terms. */
  weather: DayWeather | null;
  /** The rain of the day before, in mm (the day after rain brings the dirty cars back). */
  rainBeforeMm: number | null;
  /** The date whose trend the day is predicted at, when not its own (weather-corrected changes hold it). */
  level?: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

const holidayCache = new Map<number, Set<string>>();
function isPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = holidayCache.get(year);
  if (!dates) {
    dates = new Set(dutchHolidays(year).map((holiday) => holiday.date));
    holidayCache.set(year, dates);
  }
  return dates.has(date);
}

/** A wet day: at least 1 mm, KNMI's usual threshold for a "regendag". */
const WET_MM = 1;
/** A day this cold (mean °C) has had night frost, and the roads are salted. */
const FROST_C = 2;

const CALENDAR_TERMS = [
  ...[1, 2, 3, 4, 5, 6].map((weekday) => ({
    name: `weekday_${weekday}`,
    value: (day: ModelDay) => (weekdayOf(day.date) === weekday ? 1 : 0),
  })),
  ...[1, 2, 3].flatMap((harmonic) => {
    const angle = (day: ModelDay) => (2 * Math.PI * harmonic * dayNumber(day.date)) / 365.25;
    return [
      { name: `season_sin_${harmonic}`, value: (day: ModelDay) => Math.sin(angle(day)) },
      { name: `season_cos_${harmonic}`, value: (day: ModelDay) => Math.cos(angle(day)) },
    ];
  }),
  { name: "public_holiday", value: (day: ModelDay) => (isPublicHoliday(day.date) ? 1 : 0) },
  { name: "summer_holiday", value: (day: ModelDay) => (isSummerSchoolHoliday(day.date) ? 1 : 0) },
];

const WEATHER_TERMS = [
  { name: "temperature", value: (w: DayWeather) => (w.tempC - 10) / 10 },
  { name: "rain", value: (w: DayWeather) => Math.log1p(w.rainMm) },
  { name: "wet_day", value: (w: DayWeather) => (w.rainMm >= WET_MM ? 1 : 0) },
  { name: "sunshine", value: (w: DayWeather) => w.sunshineH / 10 },
  { name: "frost", value: (w: DayWeather) => (w.tempC < FROST_C ? 1 : 0) },
];

export interface Design {
  /** The column names, the intercept first. */
  names: string[];
  /** The design row of a day; its weather (and the day before's rain) must be known when `weather` is. */
  row: (day: ModelDay) => number[];
}

/**
 * The design of a model whose trend counts years from `origin` (the first training day); `weather` says
 * whether the weather terms take part (a site without a linked station runs on the calendar alone).
 */
export function designOf(origin: string, weather: boolean): Design {
  const start = dayNumber(origin);
  const names = [
    "intercept",
    ...CALENDAR_TERMS.map((term) => term.name),
    "trend",
    ...(weather ? [...WEATHER_TERMS.map((term) => term.name), "rain_day_before"] : []),
  ];
  return {
    names,
    row: (day) => {
      const values = [
        1,
        ...CALENDAR_TERMS.map((term) => term.value(day)),
        (dayNumber(day.level ?? day.date) - start) / 365.25,
      ];
      if (!weather) return values;
      if (!day.weather || day.rainBeforeMm === null) throw new Error(`no weather for ${day.date}`);
      const w = day.weather;
      return [...values, ...WEATHER_TERMS.map((term) => term.value(w)), Math.log1p(day.rainBeforeMm)];
    },
  };
}
