import { DOUBLE, INTEGER, VARCHAR } from "@duckdb/node-api";
import type { WeatherImportStation } from "../../shared/weather.ts";
import type { Database, Queryable } from "../db/database.ts";
import { serialized } from "../ingest/serialize.ts";
import { type ColumnTypes, unnestRows } from "../ingest/unnest.ts";
import type { KnmiDay, KnmiStation } from "./knmi-daggegevens.ts";

// A KNMI file covers a period per station: importing it replaces what is stored for those stations and days,
// so a corrected or re-downloaded file never doubles a day, in one transaction with its audit entry.

/** Per station of the file, its first and last day, its number of days and the days stored for them now. */
export async function stationsOf(
  db: Queryable,
  stations: KnmiStation[],
  days: KnmiDay[],
): Promise<WeatherImportStation[]> {
  const out: WeatherImportStation[] = [];
  for (const station of stations) {
    const own = days.filter((day) => day.station === station.code).map((day) => day.date);
    const from = own.reduce((a, b) => (b < a ? b : a));
    const to = own.reduce((a, b) => (b > a ? b : a));
    const [{ existing }] = await db.query<{ existing: number }>(
      `SELECT count(*) AS existing FROM weather_daily
       WHERE station_code = $1 AND day BETWEEN $2::DATE AND $3::DATE`,
      [station.code, from, to],
    );
    out.push({ ...station, from, to, days: own.length, existingDays: existing });
  }
  return out;
}

type DayRow = {
  station_code: number;
  day: string;
  temp_c: number | null;
  rain_mm: number | null;
  sunshine_h: number | null;
};

const DAY_COLUMNS: ColumnTypes<DayRow> = {
  station_code: { type: INTEGER },
  day: { type: VARCHAR, convert: "CAST(? AS DATE)" },
  temp_c: { type: DOUBLE },
  rain_mm: { type: DOUBLE },
  sunshine_h: { type: DOUBLE },
};

export interface ReplacedWeather {
  stations: WeatherImportStation[];
  inserted: number;
  replaced: number;
}

/**
 * Stores the stations (name and coordinates as the file gives them) and replaces their days in the file's
 * periods; `alsoInTransaction` (the audit entry) runs inside the same transaction.
 */
export function replaceWeather(
  db: Database,
  stations: KnmiStation[],
  days: KnmiDay[],
  alsoInTransaction: (tx: Queryable, replaced: ReplacedWeather) => Promise<void>,
): Promise<ReplacedWeather> {
  return serialized(db, "weather_daily", () =>
    db.transaction(async (tx, connection) => {
      const periods = await stationsOf(tx, stations, days);
      for (const station of periods) {
        await tx.run(
          `INSERT INTO weather_stations (code, name, lat, lon) VALUES ($1, $2, $3, $4)
           ON CONFLICT (code) DO UPDATE SET name = excluded.name, lat = excluded.lat, lon = excluded.lon`,
          [station.code, station.name, station.lat, station.lon],
        );
        await tx.run(
          "DELETE FROM weather_daily WHERE station_code = $1 AND day BETWEEN $2::DATE AND $3::DATE",
          [station.code, station.from, station.to],
        );
      }
      const relation = unnestRows(
        DAY_COLUMNS,
        days.map((day) => ({
          station_code: day.station,
          day: day.date,
          temp_c: day.tempC,
          rain_mm: day.rainMm,
          sunshine_h: day.sunshineH,
        })),
      );
      await connection.run(
        `INSERT INTO weather_daily BY NAME SELECT *, now() AS imported_at FROM ${relation.sql}`,
        relation.values,
        relation.types,
      );
      const replaced = {
        stations: periods,
        inserted: days.length,
        replaced: periods.reduce((sum, station) => sum + station.existingDays, 0),
      };
      await alsoInTransaction(tx, replaced);
      return replaced;
    }),
  );
}
