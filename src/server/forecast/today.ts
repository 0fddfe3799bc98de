import { formatNumber, formatWeather } from "../../shared/format.ts";
import type { Queryable } from "../db/database.ts";
import type { Site } from "../warehouse/sites.ts";
import { localDate } from "../warehouse/time-zone.ts";
import type { DayWeather } from "./design.ts";
import { hourShares, shareSoFar } from "./hour-shares.ts";
import { type SiteForecast, siteForecasts } from "./site-forecasts.ts";

// "Verwacht vandaag" on the dashboard: the chosen sites' expected washes today with the 80 % interval
// (several sites' bounds added up, as if they went up and down together), the share of it that should be
// in by now, whether the day is on course, and the day's weather forecast (several sites: their average).

export interface TodayForecast {
  expected: number;
  low: number;
  high: number;
  /** Expected washes up to now: the expected day times the usual share of the hours gone by. */
  expectedSoFar: number;
  weather: DayWeather | null;
}

/**
 * The last hour shares read, under the forecasts' versions: the past weeks' hours change as rarely. Kept as
 * a promise, so that the dashboard's three asks at once read them once.
 */
let sharesKept: { key: string; shares: Promise<number[]> } | null = null;

/** hourShares of `sites`, kept under their forecasts' versions (the dashboard asks for them three times). */
export async function keptHourShares(
  db: Queryable,
  sites: readonly Site[],
  today: string,
  forecasts: readonly SiteForecast[],
) {
  const key = `${today}|${forecasts.map((site) => site.version).join(",")}`;
  if (sharesKept?.key !== key) {
    const kept = { key, shares: hourShares(db, sites, today) };
    sharesKept = kept;
    // A failed read is tried again at the next ask, not kept.
    kept.shares.catch(() => {
      if (sharesKept === kept) sharesKept = null;
    });
  }
  return sharesKept.shares;
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Fits today's forecast of every active site and reads its hour shares, as the dashboard over all sites asks
 * for them, before anyone does: run once the report tables are built after a start. Without it the first
 * dashboard after a start fitted every site's model: 0,75 s on a quiet machine, over 5 s beside other work.
 */
export async function prepareTodayForecasts(db: Queryable, now: Date): Promise<void> {
  const sites = await db.query<Site>("SELECT id, code, name FROM sites WHERE active ORDER BY name");
  await todayForecast(db, sites, now);
}

/** Today's forecast for `sites` at `now`; null when none of them has the history to fit on. */
export async function todayForecast(
  db: Queryable,
  sites: readonly Site[],
  now: Date,
): Promise<TodayForecast | null> {
  const today = localDate(now);
  const forecasts = await siteForecasts(db, sites, today, { backtest: false });
  const shares = await keptHourShares(db, sites, today, forecasts);
  const days = forecasts.flatMap((site) => site.days.slice(0, 1));
  if (days.length === 0) return null;
  const expected = days.reduce((sum, day) => sum + day.expected, 0);
  const weathers = days.flatMap((day) => (day.weather ? [day.weather] : []));
  return {
    expected,
    low: days.reduce((sum, day) => sum + day.low, 0),
    high: days.reduce((sum, day) => sum + day.high, 0),
    expectedSoFar: expected * shareSoFar(shares, now),
    weather: weathers.length
      ? {
          tempC: average(weathers.map((w) => w.tempC)),
          rainMm: average(weathers.map((w) => w.rainMm)),
          sunshineH: average(weathers.map((w) => w.sunshineH)),
        }
      : null,
  };
}

/** The line under the expected day: its interval and its weather. */
export const intervalAndWeather = (today: TodayForecast) =>
  `80%-interval ${formatNumber(today.low)}–${formatNumber(today.high)} · ${
    today.weather ? formatWeather(today.weather) : "geen weersverwachting"
  }`;

export type Course = "behind" | "on-course" | "ahead";

/**
 * Whether the day is on course: the washes so far against the interval's bounds times the share of the day
 * gone by. Below the lower bound's share is behind, above the upper's ahead: a wet morning within what the
 * model allows is not news. The dashboard says it; the alert "Minder wassen dan verwacht" speaks on behind.
 */
export function courseOf(today: TodayForecast, actualSoFar: number): Course {
  const share = today.expectedSoFar / today.expected;
  if (actualSoFar < today.low * share) return "behind";
  return actualSoFar > today.high * share ? "ahead" : "on-course";
}

const COURSE_LABELS: Record<Course, string> = {
  behind: "achter op schema",
  "on-course": "op koers",
  ahead: "voor op schema",
};

/** The line under "verwacht tot nu": the washes so far and the course. */
export function onCourse(today: TodayForecast, actualSoFar: number): string {
  if (today.expectedSoFar < 1) return "De dag is nog niet begonnen";
  return `Werkelijk ${formatNumber(actualSoFar)}: ${COURSE_LABELS[courseOf(today, actualSoFar)]}`;
}
