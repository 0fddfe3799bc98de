import type { DuckDBValue } from "@duckdb/node-api";
import { formatChange } from "../../../shared/format.ts";
import { addDays, daysBetween } from "../../../shared/reports/dates.ts";
import type { Kpi } from "../../../shared/reports/envelope.ts";
import { shiftDate } from "../../../shared/reports/period.ts";
import type { Queryable } from "../../db/database.ts";
import { siteForecasts } from "../../forecast/site-forecasts.ts";
import { siteCondition } from "../../warehouse/sites.ts";
import { localDate } from "../../warehouse/time-zone.ts";
import { registeredKpi } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { asSites, type ReportSites } from "../sites.ts";

// The change against last year "gecorrigeerd voor het weer" (REPORT-DEFINITIONS §6): actual ÷ expected over
// the period's whole days, against actual ÷ expected over the same dates a year earlier. Expected is the
// forecast model's, each day with its measured weather; the day a year earlier is predicted at the trend of
// its day this year, so the two expectations differ only by weather and calendar (weekdays, holidays), and
// the chain's growth stays in the change. Over the sites with a model (enough history to fit on).

/** The daily sums a change is corrected for: revenue incl. VAT (Omzet) or transactions (Transacties). */
export type CorrectedMeasure = "revenue_cents" | "transactions";

const KEYS: Record<CorrectedMeasure, string> = {
  revenue_cents: "revenue_change_weather_corrected",
  transactions: "transactions_change_weather_corrected",
};

const YEAR_BACK = { unit: "year", amount: -1 } as const;

interface Change {
  corrected: number;
  raw: number;
  weather: number;
}

async function correctedChange(
  db: Queryable,
  filters: ReportFilters,
  sites: ReportSites,
  measure: CorrectedMeasure,
): Promise<Change | null> {
  const today = localDate(filters.now);
  const last = [filters.current.to, addDays(today, -1)].sort()[0];
  if (last < filters.current.from) return null;
  const days = Array.from({ length: daysBetween(filters.current.from, last) + 1 }, (_, i) =>
    addDays(filters.current.from, i),
  );
  const chosen = asSites(sites);
  const modelled = (await siteForecasts(db, chosen, today, { backtest: false })).filter(
    (forecast) => forecast.days.length > 0,
  );
  if (modelled.length === 0) return null;
  const params: Record<string, DuckDBValue> = {
    from: filters.current.from,
    to: last,
    back_from: shiftDate(filters.current.from, YEAR_BACK),
    back_to: shiftDate(last, YEAR_BACK),
  };
  const withModel = chosen.filter((site) => modelled.some((forecast) => forecast.siteId === site.id));
  const [site] = siteCondition("site_id", withModel, params);
  // the measure of the whole days of the period and of the same dates a year earlier, from the daily sums
  const rows = await db.query<{ this_year: boolean; actual: number }>(
    `SELECT day >= $from::DATE AS this_year, sum(${measure})::DOUBLE AS actual FROM sales_daily
     WHERE ((day >= $from::DATE AND day <= $to::DATE) OR (day >= $back_from::DATE AND day <= $back_to::DATE))
       AND ${site}
     GROUP BY ALL`,
    params,
  );
  const actual = (thisYear: boolean) => rows.find((row) => row.this_year === thisYear)?.actual ?? 0;
  let [expectedNow, expectedBack] = [0, 0];
  for (const forecast of modelled) {
    for (const day of days) {
      expectedNow += forecast.expectedAtLevel(day, day) ?? 0;
      expectedBack += forecast.expectedAtLevel(shiftDate(day, YEAR_BACK), day) ?? 0;
    }
  }
  const rateNow = ratio(actual(true), expectedNow);
  const rateBack = ratio(actual(false), expectedBack);
  const corrected = ratio(rateNow, rateBack);
  const raw = ratio(actual(true), actual(false));
  const weather = ratio(expectedNow, expectedBack);
  if (corrected === null || raw === null || weather === null) return null;
  return { corrected: corrected - 1, raw: raw - 1, weather: weather - 1 };
}

/** The tile: the corrected change, with the uncorrected one and the weather's share under it. */
export async function weatherCorrectedKpi(
  db: Queryable,
  filters: ReportFilters,
  sitesQuery: Promise<ReportSites>,
  measure: CorrectedMeasure,
): Promise<Kpi> {
  const kpi: Kpi = { ...registeredKpi(KEYS[measure], null), isChange: true };
  // the daily sums have no programme or payment method: with such a filter there is nothing to correct
  if (Object.keys(filters.dimensions).length > 0) {
    return { ...kpi, empty: "Niet met een filter op programma of betaalwijze" };
  }
  const change = await correctedChange(db, filters, await sitesQuery, measure);
  if (!change)
    return { ...kpi, empty: "Geen hele dag met een prognose en een jaar eerder om te vergelijken" };
  return {
    ...kpi,
    value: change.corrected,
    detail: `Zonder correctie ${formatChange(change.raw)}; weer en kalender samen ${formatChange(change.weather)}`,
  };
}
