import type { DuckDBValue } from "@duckdb/node-api";
import { addDays } from "../../shared/reports/dates.ts";
import type { Queryable } from "../db/database.ts";
import { siteCondition } from "../reports/sql.ts";
import { itemKindIs } from "../reports/transactions/labels.ts";
import type { Site } from "../warehouse/sites.ts";
import type { DayWeather } from "./design.ts";
import type { HistoryDay, WeatherByDate } from "./model.ts";

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

/**
 * The inputs of `sites` for days from `from` up to `today` (the washes: before it; the forecast: from the
 * day before it on, whose rain the first forecast day needs).
 */
export async function readSiteInputs(
  db: Queryable,
  sites: readonly Site[],
  from: string,
  today: string,
): Promise<SiteInputs[]> {
  if (sites.length === 0) return [];
  const siteParams: Record<string, DuckDBValue> = {};
  const [chosen] = siteCondition("site_id", sites, siteParams);
  const [washes, observed, forecast] = await Promise.all([
    // washes: wash programmes sold (quantity of lines of kind 'programma'), as the dashboard counts them
    db.query<{ site_id: number; day: string; washes: number }>(
      `SELECT site_id, day, sum(quantity)::DOUBLE AS washes FROM item_sales_daily
       WHERE day >= $from::DATE AND day < $today::DATE AND ${chosen} AND ${itemKindIs("programma")}
       GROUP BY ALL ORDER BY day`,
      { ...siteParams, from, today },
    ),
    // a day counts only with all three fields: the model has a term for each
    db.query<WeatherRow>(
      `SELECT s.site_id, d.day, d.temp_c, d.rain_mm, d.sunshine_h
       FROM site_weather_stations s JOIN weather_daily d ON d.station_code = s.station_code
       WHERE ${chosen} AND d.temp_c IS NOT NULL AND d.rain_mm IS NOT NULL AND d.sunshine_h IS NOT NULL`,
      siteParams,
    ),
    db.query<WeatherRow>(
      `SELECT site_id, day, temp_c, rain_mm, sunshine_h FROM weather_forecasts
       WHERE day >= $before::DATE AND ${chosen}
         AND temp_c IS NOT NULL AND rain_mm IS NOT NULL AND sunshine_h IS NOT NULL`,
      { ...siteParams, before: addDays(today, -1) },
    ),
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
