import { DOUBLE, INTEGER, VARCHAR } from "@duckdb/node-api";
import type { IngestResult } from "../../shared/ingest.ts";
import type { WeatherForecastRow } from "../../shared/weather.ts";
import type { Database } from "../db/database.ts";
import { CodeChecker, loadCodes, resolveSites } from "./dimensions.ts";
import { serialized } from "./serialize.ts";
import { type ColumnTypes, unnestRows } from "./unnest.ts";
import { type Numbered, rowPath } from "./validate.ts";

// The forecast per site and day from POST /api/ingest/weather. A forecast is replaced by a later one for the
// same site and day: every row is stored with the time it was received. `duplicates` counts the rows whose
// figures were the same as those stored (a retried batch), `accepted` the others.

type ForecastRow = {
  site_id: number;
  day: string;
  temp_c: number | null;
  rain_mm: number | null;
  sunshine_h: number | null;
};

const COLUMNS: ColumnTypes<ForecastRow> = {
  site_id: { type: INTEGER },
  day: { type: VARCHAR, convert: "CAST(? AS DATE)" },
  temp_c: { type: DOUBLE },
  rain_mm: { type: DOUBLE },
  sunshine_h: { type: DOUBLE },
};

export async function storeForecasts(
  db: Database,
  rows: Numbered<WeatherForecastRow>[],
  keySiteId: number | null,
): Promise<IngestResult> {
  const checker = new CodeChecker();
  // One site and day twice in a batch: which of the two is meant is not for the server to guess.
  const first = new Map<string, number>();
  for (const { row, value } of rows) {
    const key = `${value.site} ${value.date}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else
      checker.refuse(
        row,
        ["date"],
        `Vestiging '${value.site}' op ${value.date} staat ook al in ${rowPath(earlier)}.`,
      );
  }
  const siteIds = resolveSites(rows, (await loadCodes(db)).sites, keySiteId, checker);
  const relation = unnestRows(
    COLUMNS,
    rows.map(({ value }, i) => ({
      site_id: siteIds[i],
      day: value.date,
      temp_c: value.tempC,
      rain_mm: value.rainMm,
      sunshine_h: value.sunshineH,
    })),
  );
  return serialized(db, "weather_forecasts", () =>
    db.transaction(async (tx) => {
      const [{ same }] = await tx.query<{ same: number }>(
        `SELECT count(*) AS same FROM ${relation.sql} b JOIN weather_forecasts f USING (site_id, day)
         WHERE f.temp_c IS NOT DISTINCT FROM b.temp_c AND f.rain_mm IS NOT DISTINCT FROM b.rain_mm
           AND f.sunshine_h IS NOT DISTINCT FROM b.sunshine_h`,
        relation.values,
      );
      await tx.run(
        `INSERT INTO weather_forecasts (site_id, day, temp_c, rain_mm, sunshine_h, received_at)
         SELECT site_id, day, temp_c, rain_mm, sunshine_h, now() FROM ${relation.sql}
         ON CONFLICT (site_id, day) DO UPDATE SET temp_c = excluded.temp_c, rain_mm = excluded.rain_mm,
           sunshine_h = excluded.sunshine_h, received_at = excluded.received_at`,
        relation.values,
      );
      return { accepted: rows.length - same, duplicates: same };
    }),
  );
}
