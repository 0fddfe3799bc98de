import { addDays } from "../../shared/reports/dates.ts";
import type { Queryable } from "../db/database.ts";
import type { Site } from "../warehouse/sites.ts";
import { type BacktestDay, backtestSite } from "./backtest.ts";
import type { DayWeather } from "./design.ts";
import { readSiteInputs, type SiteInputs } from "./forecast-data.ts";
import { fitModel, type Prediction, predictDay } from "./model.ts";

// Each site's forecast for the coming days and its backtest, worked out from its inputs (forecast-data.ts)
// and kept while those inputs stay the same: a fit is a few milliseconds, but a site's backtest fits eight
// models, and the screens ask many times a day for the same answer. The key is the day and a checksum of
// every input (the washes of each day, the measured weather, the forecast), so a late sale, a new import
// or a new forecast is worked out again at the next request, and nothing else is.

/** Days forecast, from today on. */
export const FORECAST_DAYS = 14;

export interface ForecastDay extends Prediction {
  date: string;
  /** The forecast weather of the day, as received for the site; null without one. */
  weather: DayWeather | null;
}

export interface SiteForecast {
  siteId: number;
  /** Today and the 13 days after it; empty when the site has too little history to fit on. */
  days: ForecastDay[];
  backtest: BacktestDay[];
}

const CACHED = 64;
const cache = new Map<string, SiteForecast>();

/** A checksum of a site's inputs: any changed washes or weather on any day changes it. */
function checksum(inputs: SiteInputs): string {
  let hash = 0;
  const add = (value: number) => {
    hash = (Math.imul(hash, 31) + Math.round(value * 1000)) | 0;
  };
  const addText = (text: string) => {
    for (let i = 0; i < text.length; i++) add(text.charCodeAt(i));
  };
  for (const day of inputs.history) {
    addText(day.date);
    add(day.washes);
  }
  for (const weather of [inputs.observed, inputs.forecast]) {
    add(-1);
    for (const [date, day] of weather) {
      addText(date);
      add(day.tempC);
      add(day.rainMm);
      add(day.sunshineH);
    }
  }
  return `${inputs.history.length}:${inputs.observed.size}:${inputs.forecast.size}:${hash}`;
}

function forecastSite(inputs: SiteInputs, today: string): SiteForecast {
  const model = fitModel(inputs.history, inputs.observed, today);
  // the day's own weather where known: the forecast, else what was measured (yesterday's rain)
  const known = new Map([...inputs.observed, ...inputs.forecast]);
  const days = model
    ? Array.from({ length: FORECAST_DAYS }, (_, i) => {
        const date = addDays(today, i);
        const prediction = predictDay(model, date, known, inputs.observed);
        return { date, ...prediction, weather: inputs.forecast.get(date) ?? null };
      })
    : [];
  return { siteId: inputs.siteId, days, backtest: backtestSite(inputs.history, inputs.observed, today) };
}

/** The forecasts of `sites` made on `today` (a local date), from the cache where the inputs are unchanged. */
export async function siteForecasts(
  db: Queryable,
  sites: readonly Site[],
  today: string,
): Promise<SiteForecast[]> {
  const inputs = await readSiteInputs(db, sites, today);
  return inputs.map((site) => {
    const key = `${today}|${site.siteId}|${checksum(site)}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const fresh = forecastSite(site, today);
    cache.set(key, fresh);
    if (cache.size > CACHED) cache.delete(cache.keys().next().value as string);
    return fresh;
  });
}
