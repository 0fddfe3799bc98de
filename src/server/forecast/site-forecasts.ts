import { addDays } from "../../shared/reports/dates.ts";
import { Database, type Queryable } from "../db/database.ts";
import type { Site } from "../warehouse/sites.ts";
import { type BacktestDay, backtestSite } from "./backtest.ts";
import type { DayWeather } from "./design.ts";
import { readInputVersions, readSiteInputs, type SiteInputs } from "./forecast-data.ts";
import {
  expectedAtLevel,
  type ForecastModel,
  fitModel,
  type Prediction,
  predictDay,
  type WeatherByDate,
} from "./model.ts";

// Each site's forecast for the coming days and its backtest, worked out from its inputs (forecast-data.ts)
// and kept while those inputs stay the same: a fit is a few milliseconds, but a site's backtest fits eight
// models, and the screens ask many times a day for the same answer. The key is the day and the version of
// the site's inputs (the washes of each day, the measured weather, the forecast: inputVersionsSql), so a
// late sale, a new import or a new forecast is worked out again at the next request, and nothing else is;
// the inputs themselves are read only for a site whose version is not kept.

/** Days forecast, from today on. */
export const FORECAST_DAYS = 14;

export interface ForecastDay extends Prediction {
  date: string;
  /** The forecast weather of the day, as received for the site; null without one. */
  weather: DayWeather | null;
}

export interface SiteForecast {
  siteId: number;
  /** The version of the inputs it was made from (inputVersionsSql): the same for the same inputs. */
  version: string;
  /** Today and the 13 days after it; empty when the site has too little history to fit on. */
  days: ForecastDay[];
  /** Worked out only when asked for (the dashboard needs today alone); empty otherwise. */
  backtest: BacktestDay[];
  /**
   * The expected washes of any day from today on: the forecast's where it reaches, beyond it the model over
   * the weather of that time of year; null without a model.
   */
  expected: (date: string) => number | null;
  /** The expected washes of `date` with the trend held at `level`'s (model.ts expectedAtLevel); null without a model. */
  expectedAtLevel: (date: string, level: string) => number | null;
}

/** Sites × days kept: a day's forecasts of a chain of 50 sites, a few times over. */
const CACHED = 256;
/** A site's forecast, its inputs (for the backtest when it is asked for later) and its backtest once worked out. */
interface Kept {
  model: ForecastModel | null;
  days: ForecastDay[];
  inputs: SiteInputs;
  /** knownWeather of the inputs, made once: a report's weather-corrected change predicts hundreds of days. */
  known: WeatherByDate;
  backtest?: BacktestDay[];
}
/**
 * Kept as promises: the dashboard asks for the same forecasts three times at once (its tiles, its target and
 * its expected line), and a day's first request then reads and fits each site once, not three times.
 */
const cache = new Map<string, Promise<Kept>>();

/**
 * The input versions read, per snapshot (a request's reads under way, `tx`) or per write generation of the
 * database (reads at rest): the dashboard asks four times per request (its two charts, its tiles and its
 * target), at 11–14 ms of DuckDB's time each at 1×, a third of its queries' time; unchanged facts keep them.
 */
const versionsRead = new WeakMap<Queryable, { generation: number; read: Map<string, Promise<Versions>> }>();
type Versions = Awaited<ReturnType<typeof readInputVersions>>;

function inputVersions(db: Queryable, sites: readonly Site[], today: string): Promise<Versions> {
  const generation = db instanceof Database ? db.writeGeneration : 0;
  let kept = versionsRead.get(db);
  if (kept?.generation !== generation) {
    kept = { generation, read: new Map() };
    versionsRead.set(db, kept);
  }
  const { read } = kept;
  const key = `${today}|${sites.map((site) => site.id).sort((a, b) => a - b)}`;
  let versions = read.get(key);
  if (!versions) {
    versions = readInputVersions(db, sites, today);
    read.set(key, versions);
    // A failed read is tried again at the next ask.
    versions.catch(() => read.get(key) === versions && read.delete(key));
  }
  return versions;
}

/** The day's own weather where known: the forecast, else what was measured (yesterday's rain). */
const knownWeather = (inputs: SiteInputs) => new Map([...inputs.observed, ...inputs.forecast]);

function forecastDays(
  model: ForecastModel | null,
  inputs: SiteInputs,
  known: WeatherByDate,
  today: string,
): ForecastDay[] {
  if (!model) return [];
  return Array.from({ length: FORECAST_DAYS }, (_, i) => {
    const date = addDays(today, i);
    const prediction = predictDay(model, date, known, inputs.observed);
    return { date, ...prediction, weather: inputs.forecast.get(date) ?? null };
  });
}

/**
 * The forecasts of `sites` made on `today` (a local date), and their backtests when asked, from the cache
 * where the inputs are unchanged.
 */
export async function siteForecasts(
  db: Queryable,
  sites: readonly Site[],
  today: string,
  options: { backtest: boolean },
): Promise<SiteForecast[]> {
  const versions = await inputVersions(db, sites, today);
  const keyOf = (siteId: number) => `${today}|${siteId}|${versions.get(siteId) ?? ""}`;
  const missing = sites.filter((site) => !cache.has(keyOf(site.id)));
  const made = missing.length > 0 ? fitSites(db, missing, today) : null;
  const pending = new Map(sites.map((site) => [site.id, cache.get(keyOf(site.id))]));
  for (const site of missing) {
    const key = keyOf(site.id);
    const one = (made as Promise<Map<number, Kept>>).then((fits) => fits.get(site.id) as Kept);
    pending.set(site.id, one);
    cache.set(key, one);
    // A failed read is tried again at the next request, not kept.
    one.catch(() => cache.get(key) === one && cache.delete(key));
    if (cache.size > CACHED) cache.delete(cache.keys().next().value as string);
  }
  const kept = new Map<number, Kept>();
  for (const [siteId, forecast] of pending) kept.set(siteId, await (forecast as Promise<Kept>));
  return sites.map((site) => {
    const forecast = kept.get(site.id) as Kept;
    const { model, inputs, known } = forecast;
    if (options.backtest && !forecast.backtest) {
      forecast.backtest = backtestSite(forecast.inputs.history, forecast.inputs.observed, today);
    }
    return {
      siteId: site.id,
      version: keyOf(site.id),
      days: forecast.days,
      backtest: forecast.backtest ?? [],
      expected: (date) =>
        model
          ? (
              forecast.days.find((day) => day.date === date) ??
              predictDay(model, date, known, inputs.observed)
            ).expected
          : null,
      expectedAtLevel: (date, level) =>
        model ? expectedAtLevel(model, date, level, known, inputs.observed) : null,
    };
  });
}

/** Reads the inputs of `sites` and fits each one's model. */
async function fitSites(db: Queryable, sites: readonly Site[], today: string): Promise<Map<number, Kept>> {
  const fits = new Map<number, Kept>();
  for (const inputs of await readSiteInputs(db, sites, today)) {
    const model = fitModel(inputs.history, inputs.observed, today);
    const known = knownWeather(inputs);
    fits.set(inputs.siteId, { model, days: forecastDays(model, inputs, known, today), inputs, known });
  }
  return fits;
}
