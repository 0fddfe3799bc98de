import { amsterdamDate } from "../../../shared/time-zone.ts";
import type { WeatherForecastRow } from "../../../shared/weather.ts";
import { logger } from "../../logging/logger.ts";
import { instantOf } from "../../warehouse/time-zone.ts";
import { Random } from "../random.ts";
import { plannedWeather } from "./day-plan.ts";

// The living demo's weather service: every morning (and on start) it sends each site's forecast for the
// coming days to POST /api/ingest/weather. The forecast is the weather the day plans will wash in, with an
// error that grows with the days ahead, as a real forecast's does.

export const FORECAST_DAYS = 7;
const DAY_MS = 86_400_000;
/** How often the service looks whether a new day has begun. */
const CHECK_MS = 10 * 60_000;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The forecast issued on the local date of `issued`, for that day and the FORECAST_DAYS - 1 after it. */
export function forecastRows(seed: number, sites: string[], issued: Date): WeatherForecastRow[] {
  const issuedOn = amsterdamDate(issued);
  const rows: WeatherForecastRow[] = [];
  for (let ahead = 0; ahead < FORECAST_DAYS; ahead++) {
    const date = amsterdamDate(new Date(instantOf(issuedOn, "12:00:00").getTime() + ahead * DAY_MS));
    const truth = plannedWeather(instantOf(date, "12:00:00"), seed);
    for (const site of sites) {
      const rng = new Random(seed).fork(`forecast ${issuedOn} ${date} ${site}`);
      const spread = 0.3 + 0.25 * ahead;
      rows.push({
        site,
        date,
        tempC: round1(truth.tempC + (0.8 + ahead * 0.5) * rng.normal()),
        rainMm: round1(Math.max(0, truth.rainMm * (1 + spread * rng.normal()) + spread * rng.normal())),
        sunshineH: round1(Math.min(16, Math.max(0, truth.sunshineH + (0.5 + ahead * 0.4) * rng.normal()))),
      });
    }
  }
  return rows;
}

/** Sends the forecast now and again whenever a new local day has begun, until `signal` aborts. */
export function startLiveForecasts(options: {
  seed: number;
  sites: string[];
  send: (rows: WeatherForecastRow[]) => Promise<number>;
  signal: AbortSignal;
}): void {
  let sentFor: string | null = null;
  const check = async () => {
    const now = new Date();
    if (sentFor === amsterdamDate(now) || options.signal.aborted) return;
    try {
      await options.send(forecastRows(options.seed, options.sites, now));
      sentFor = amsterdamDate(now);
    } catch (error) {
      if (!options.signal.aborted) logger.warn("live demo: sending the forecast failed, retrying", { error });
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  options.signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}
