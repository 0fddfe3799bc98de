import type { DuckDBValue } from "@duckdb/node-api";
import {
  type Annotation,
  FROST_MEAN_C,
  HEAVY_RAIN_MM,
  HOT_MEAN_C,
} from "../../shared/annotations/annotations.ts";
import { formatDecimal } from "../../shared/format.ts";
import type { Queryable } from "../db/database.ts";
import { siteCondition } from "../warehouse/sites.ts";
import type { AnnotationScope } from "./scope.ts";

// Days of notable weather (HEAVY_RAIN_MM, FROST_MEAN_C, HOT_MEAN_C) at the stations of the chosen sites (all:
// every site's), one marker per station and day, so that a wet week's dip on a chart explains itself.

interface WeatherDay {
  station: string;
  day: string;
  temp_c: number | null;
  rain_mm: number | null;
}

/** What made the day notable, in words: "12,3 mm regen", "vorst (gemiddeld −1,5 °C)". */
function notable(row: WeatherDay): string[] {
  const out: string[] = [];
  if (row.rain_mm !== null && row.rain_mm >= HEAVY_RAIN_MM)
    out.push(`${formatDecimal(row.rain_mm)} mm regen`);
  if (row.temp_c !== null && row.temp_c < FROST_MEAN_C)
    out.push(`vorst (gemiddeld ${formatDecimal(row.temp_c)} °C)`);
  if (row.temp_c !== null && row.temp_c >= HOT_MEAN_C)
    out.push(`hitte (gemiddeld ${formatDecimal(row.temp_c)} °C)`);
  return out;
}

export async function weatherDays(db: Queryable, scope: AnnotationScope): Promise<Annotation[]> {
  const params: Record<string, DuckDBValue> = {
    from: scope.from,
    to: scope.to,
    rain: HEAVY_RAIN_MM,
    frost: FROST_MEAN_C,
    hot: HOT_MEAN_C,
  };
  const chosen = siteCondition("s.site_id", scope.sites, params)[0] ?? "true";
  const rows = await db.query<WeatherDay>(
    `SELECT DISTINCT w.name AS station, d.day::VARCHAR AS day, d.temp_c, d.rain_mm
     FROM site_weather_stations s
     JOIN weather_stations w ON w.code = s.station_code
     JOIN weather_daily d ON d.station_code = s.station_code
     WHERE ${chosen} AND d.day BETWEEN $from::DATE AND $to::DATE
       AND (d.rain_mm >= $rain OR d.temp_c < $frost OR d.temp_c >= $hot)
     ORDER BY day, station`,
    params,
  );
  return rows.map((row) => {
    const what = notable(row).join(", ");
    return {
      kind: "weather",
      date: row.day,
      from: null,
      to: null,
      site: null,
      text: `${what.charAt(0).toUpperCase()}${what.slice(1)} in ${row.station}`,
      id: null,
      createdBy: null,
    };
  });
}
