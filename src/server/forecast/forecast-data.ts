import type { DuckDBValue } from "@duckdb/node-api";
import { addDays } from "../../shared/reports/dates.ts";
import type { BuiltSql, Queryable } from "../db/database.ts";
import { itemKindIs } from "../warehouse/item-kinds.ts";
import type { Site } from "../warehouse/sites.ts";
import { siteCondition } from "../warehouse/sites.ts";
import { backtestMondays } from "./backtest.ts";
import type { DayWeather } from "./design.ts";
import { FIT_DAYS, type HistoryDay, type WeatherByDate } from "./model.ts";

// What the forecast is fitted on and fed with, read from the database: each site's washes per local day
// (the daily sums the sales reports read, brought up to date by syncSalesHourly), its station's measured
// weather and its own forecast. Only stored facts and imported weather: never the demo generator's own.

export interface SiteInputs {
  siteId: number;
  history: HistoryDay[];
  /** The measured weather of the site's nearest station (site_weather_stations). */
  observed: WeatherByDate;
  /** The forecast received for the site (POST /api/ingest/weather). */
  forecast: WeatherByDate;
}

interface WeatherRow {
  site_id: number;
  day: string;
  temp_c: number;
  rain_mm: number;
  sunshine_h: number;
}

/** The first day any fit needs: FIT_DAYS before the oldest backtest week (and its 8 usual weeks). */
export const historyFrom = (today: string) => addDays(backtestMondays(today)[0], -FIT_DAYS);

const read = <T>(db: Queryable, { text, params }: BuiltSql) => db.query<T>(text, params);

const chosenSites = (sites: readonly Site[], params: Record<string, DuckDBValue>) =>
  siteCondition("site_id", sites, params)[0] ?? "true";

// washes: wash programmes sold (quantity of lines of kind 'programma'), as the dashboard counts them; whole
// local days before today
export function forecastWashesSql(sites: readonly Site[], today: string): BuiltSql {
  const params: Record<string, DuckDBValue> = { from: historyFrom(today), today };
  const text = `SELECT site_id, day, sum(quantity)::DOUBLE AS washes FROM item_sales_daily
WHERE day >= $from::DATE AND day < $today::DATE AND ${chosenSites(sites, params)} AND ${itemKindIs("programma")}
GROUP BY ALL ORDER BY day`;
  return { text, params };
}

// the measured weather of each site's station; a day counts only with all three fields (the model has a
// term for each)
export function stationWeatherSql(sites: readonly Site[]): BuiltSql {
  const params: Record<string, DuckDBValue> = {};
  const text = `SELECT s.site_id, d.day, d.temp_c, d.rain_mm, d.sunshine_h
FROM site_weather_stations s JOIN weather_daily d ON d.station_code = s.station_code
WHERE ${chosenSites(sites, params)} AND d.temp_c IS NOT NULL AND d.rain_mm IS NOT NULL AND d.sunshine_h IS NOT NULL`;
  return { text, params };
}

// the forecast per site, from the day before today (whose rain the first forecast day needs)
export function siteForecastsSql(sites: readonly Site[], today: string): BuiltSql {
  const params: Record<string, DuckDBValue> = { before: addDays(today, -1) };
  const text = `SELECT site_id, day, temp_c, rain_mm, sunshine_h FROM weather_forecasts
WHERE day >= $before::DATE AND ${chosenSites(sites, params)}
  AND temp_c IS NOT NULL AND rain_mm IS NOT NULL AND sunshine_h IS NOT NULL`;
  return { text, params };
}

// A version of each site's inputs, cheap to read: per part (washes, measured weather, forecast) the number
// of rows and two sums of their values, one weighted by the day, so that a changed, added or moved day
// changes it. The fitted models are kept under it (site-forecasts.ts).
export function inputVersionsSql(sites: readonly Site[], today: string): BuiltSql {
  const params: Record<string, DuckDBValue> = {
    from: historyFrom(today),
    today,
    before: addDays(today, -1),
  };
  const chosen = chosenSites(sites, params);
  const day = (column: string) => `(${column} - DATE '2000-01-01')`;
  const weather = "temp_c + 3 * rain_mm + 7 * sunshine_h";
  const text = `SELECT site_id, list_sort(list(part || ':' || n || ':' || total || ':' || weighted)) AS version FROM (
  SELECT site_id, 'washes' AS part, count(*) AS n, sum(quantity)::DOUBLE AS total,
    sum(quantity * ${day("day")})::DOUBLE AS weighted
  FROM item_sales_daily
  WHERE day >= $from::DATE AND day < $today::DATE AND ${chosen} AND ${itemKindIs("programma")}
  GROUP BY site_id
  UNION ALL
  SELECT s.site_id, 'observed', count(*), sum(${weather}), sum((${weather}) * ${day("d.day")})
  FROM site_weather_stations s JOIN weather_daily d ON d.station_code = s.station_code
  WHERE ${chosen}
  GROUP BY s.site_id
  UNION ALL
  SELECT site_id, 'forecast', count(*), sum(${weather}), sum((${weather}) * ${day("day")})
  FROM weather_forecasts WHERE day >= $before::DATE AND ${chosen}
  GROUP BY site_id
)
GROUP BY site_id`;
  return { text, params };
}

/** The version of each site's inputs (inputVersionsSql), by site id; a site without any inputs has none. */
export async function readInputVersions(db: Queryable, sites: readonly Site[], today: string) {
  const rows = await read<{ site_id: number; version: string[] }>(db, inputVersionsSql(sites, today));
  return new Map(rows.map((row) => [row.site_id, row.version.join("|")]));
}

const dateOf = (value: unknown) => String(value).slice(0, 10);

function weatherBySite(rows: WeatherRow[]) {
  const out = new Map<number, Map<string, DayWeather>>();
  for (const row of rows) {
    const days = out.get(row.site_id) ?? new Map<string, DayWeather>();
    days.set(dateOf(row.day), { tempC: row.temp_c, rainMm: row.rain_mm, sunshineH: row.sunshine_h });
    out.set(row.site_id, days);
  }
  return out;
}

/** The inputs of each of `sites` for a forecast made on `today`. */
export async function readSiteInputs(
  db: Queryable,
  sites: readonly Site[],
  today: string,
): Promise<SiteInputs[]> {
  if (sites.length === 0) return [];
  const [washes, observed, forecast] = await Promise.all([
    read<{ site_id: number; day: string; washes: number }>(db, forecastWashesSql(sites, today)),
    read<WeatherRow>(db, stationWeatherSql(sites)),
    read<WeatherRow>(db, siteForecastsSql(sites, today)),
  ]);
  const observedBySite = weatherBySite(observed);
  const forecastBySite = weatherBySite(forecast);
  return sites.map(({ id: siteId }) => ({
    siteId,
    history: washes
      .filter((row) => row.site_id === siteId)
      .map((row) => ({ date: dateOf(row.day), washes: Number(row.washes) })),
    observed: observedBySite.get(siteId) ?? new Map(),
    forecast: forecastBySite.get(siteId) ?? new Map(),
  }));
}
