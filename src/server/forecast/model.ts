import { addDays } from "../../shared/reports/dates.ts";
import { type DayWeather, type Design, designOf, type ModelDay } from "./design.ts";
import { fitPoisson, predictMean } from "./poisson-regression.ts";
import { mixtureQuantiles, overdispersion } from "./predictive.ts";

// The expected washes of a site on a day (REPORT-DEFINITIONS §6): a Poisson regression on the site's own
// history and its station's weather (design.ts, poisson-regression.ts) with a negative-binomial spread
// (predictive.ts) for the 80 % interval. Pure: the caller reads the history (forecast-data.ts).

export interface HistoryDay {
  date: string;
  washes: number;
}

/** The weather of a station (or a site's forecast) by local date. */
export type WeatherByDate = ReadonlyMap<string, DayWeather>;

export interface ForecastModel {
  design: Design;
  coefficients: number[];
  /** Overdispersion α of the predictive negative binomial (Var = μ + α μ²). */
  alpha: number;
  /** Training days (with washes, and with weather when the model has weather terms). */
  trainingDays: number;
}

export interface Prediction {
  expected: number;
  /** The 80 % interval: the 10th and 90th percentile of the predictive distribution. */
  low: number;
  high: number;
  /** Whether the day's own weather went in, rather than the weather of that time of year. */
  weatherKnown: boolean;
}

/**
 * The spread of the last DISPERSION_DAYS training days: how well the model fits changes with the season
 * (winter's salt peaks fit worse than autumn), and the spread of the whole two years gave 80 % intervals
 * that held 93–100 % of the backtest's days; the last quarter's holds about 80 %.
 */
const DISPERSION_DAYS = 91;
function recentOverdispersion(y: number[], fitted: number[], parameters: number) {
  const from = Math.max(0, y.length - DISPERSION_DAYS);
  const share = (y.length - from) / y.length;
  return overdispersion(y.slice(from), fitted.slice(from), parameters * share);
}

/** At most this many days before the cut-off are fitted on: two years hold every season twice. */
export const FIT_DAYS = 730;
/** A model uses the weather when at least this many training days have it; else the calendar alone. */
const MIN_WEATHER_DAYS = 180;
const RIDGE = 1;
/** The weather of days this close to the date's time of year (in other years too) stands in for unknown weather. */
const CLIMATE_WINDOW_DAYS = 10;

const withWeather = (date: string, weather: WeatherByDate): ModelDay => ({
  date,
  weather: weather.get(date) ?? null,
  rainBeforeMm: weather.get(addDays(date, -1))?.rainMm ?? null,
});

/**
 * Fits on the history before `until` (exclusive). Days without washes are left out: a closed site (Christmas
 * Day, a breakdown) tells nothing about demand, and a log link cannot fit a zero mean. Null when fewer than
 * eight weeks of open days are there to fit on.
 */
export function fitModel(history: HistoryDay[], weather: WeatherByDate, until: string): ForecastModel | null {
  const from = addDays(until, -FIT_DAYS);
  const open = history.filter((day) => day.date >= from && day.date < until && day.washes > 0);
  const days = open.map((day) => ({ ...withWeather(day.date, weather), washes: day.washes }));
  const weathered = days.filter((day) => day.weather && day.rainBeforeMm !== null);
  const useWeather = weathered.length >= MIN_WEATHER_DAYS;
  const training = useWeather ? weathered : days;
  if (training.length < 56) return null;
  const design = designOf(training[0].date, useWeather);
  const x = training.map((day) => design.row(day));
  const y = training.map((day) => day.washes);
  const fit = fitPoisson(x, y, RIDGE);
  return {
    design,
    coefficients: fit.coefficients,
    alpha: recentOverdispersion(y, fit.fitted, design.names.length),
    trainingDays: training.length,
  };
}

/**
 * The known weather of the same time of year (±10 days, any year) as stand-ins for a day's unknown weather;
 * the whole year's when the station's history does not reach that time of year yet.
 */
function climateDays(date: string, weather: WeatherByDate): ModelDay[] {
  const dayOfYear = (d: string) => Date.parse(`2000${d.slice(4)}T00:00:00Z`) / 86_400_000;
  const target = dayOfYear(date);
  const all: ModelDay[] = [];
  const near: ModelDay[] = [];
  for (const day of weather.keys()) {
    const stand = withWeather(day, weather);
    if (!stand.weather || stand.rainBeforeMm === null) continue;
    all.push({ ...stand, date });
    const apart = Math.abs(dayOfYear(day) - target);
    if (Math.min(apart, 366 - apart) <= CLIMATE_WINDOW_DAYS) near.push({ ...stand, date });
  }
  return near.length ? near : all;
}

/**
 * What the model predicts `date` over: the day with its weather when `weather` holds it (and the day
 * before's rain), else the weather of that time of year from `climate` (the station's history); a model
 * without weather terms needs neither. `climate` must be the weather the model was fitted with.
 */
function standsOf(model: ForecastModel, date: string, weather: WeatherByDate, climate: WeatherByDate) {
  const usesWeather = model.design.names.includes("rain");
  const day = withWeather(date, weather);
  const known = !usesWeather || (day.weather !== null && day.rainBeforeMm !== null);
  return { stands: known ? [day] : climateDays(date, climate), weatherKnown: known && usesWeather };
}

const meansOf = (model: ForecastModel, stands: ModelDay[]) =>
  stands.map((stand) => predictMean(model.coefficients, model.design.row(stand)));

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The prediction for `date`, with its 80 % interval (standsOf says which weather goes in). */
export function predictDay(
  model: ForecastModel,
  date: string,
  weather: WeatherByDate,
  climate: WeatherByDate,
): Prediction {
  const { stands, weatherKnown } = standsOf(model, date, weather, climate);
  const means = meansOf(model, stands);
  const [low, high] = mixtureQuantiles(means, model.alpha, [0.1, 0.9]);
  return { expected: average(means), low, high, weatherKnown };
}

/**
 * The expected washes of `date` alone (predictDay's, without the interval's cost), with the trend held at
 * `level`'s: two days a year apart at one level differ only by their weather and calendar.
 */
export function expectedAtLevel(
  model: ForecastModel,
  date: string,
  level: string,
  weather: WeatherByDate,
  climate: WeatherByDate,
): number {
  const { stands } = standsOf(model, date, weather, climate);
  return average(
    meansOf(
      model,
      stands.map((stand) => ({ ...stand, level })),
    ),
  );
}
