import { formatDateWithWeekday, formatWeather } from "../../../shared/format.ts";
import type { Queryable } from "../../db/database.ts";
import {
  forecastWashesSql,
  inputVersionsSql,
  siteForecastsSql,
  stationWeatherSql,
} from "../../forecast/forecast-data.ts";
import { type SiteForecast, siteForecasts } from "../../forecast/site-forecasts.ts";
import { syncSalesHourly } from "../../warehouse/derived/transactions/sales-rollup.ts";
import { localDate } from "../../warehouse/time-zone.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, metric } from "../envelope.ts";
import { filtersFor, type ReportFilters } from "../filters.ts";
import { asSites, reportSites } from "../sites.ts";
import { type BacktestSummary, summarise } from "./backtest-summary.ts";
import { forecastRest } from "./expected-rest.ts";
import { forecastSeries } from "./forecast-series.ts";
import { TARGET_SYNCS, targetProgress } from "./target-progress.ts";
import { targetMetrics, targetRows, targetsTable, targetTotals } from "./targets-table.ts";

// PLANNING › Prognose (REPORT-DEFINITIONS §6): the expected washes of the chosen sites (all: the chain) for
// today and the 13 days after it, with the 80 % interval and the weather forecast, and the backtest of the
// last 8 whole weeks against the two baselines. The period does not apply: the forecast is always made
// today, from everything stored before it (site-forecasts.ts keeps the fitted models).

type DayRow = { win: "current"; site_name: string; date: string; weather: string } & Record<
  "expected" | "low" | "high",
  number
>;

const expected = metric<{ expected: number }>("expected_washes", (row) =>
  row ? Math.round(row.expected) : null,
);
const low = metric<{ low: number }>("expected_low", (row) => row?.low ?? null);
const high = metric<{ high: number }>("expected_high", (row) => row?.high ?? null);

function nextDaysTable(filters: ReportFilters, forecasts: SiteForecast[], names: Map<number, string>) {
  const rows: DayRow[] = forecasts.flatMap((site) =>
    site.days.map((day) => ({
      win: "current" as const,
      site_name: names.get(site.siteId) ?? "",
      date: day.date,
      weather: day.weather ? formatWeather(day.weather) : "geen weersverwachting",
      expected: day.expected,
      low: day.low,
      high: day.high,
    })),
  );
  const table = breakdownTable(
    filters,
    {
      key: "next_days",
      label: "Komende 14 dagen per vestiging",
      dimensions: [
        { key: "date", label: "Datum", value: (row) => formatDateWithWeekday(row.date) },
        { key: "site", label: "Vestiging", value: (row) => row.site_name },
        { key: "weather", label: "Weersverwachting", value: (row) => row.weather },
      ],
      carried: [{ key: "day", value: (row) => row.date }],
      metrics: [expected, low, high],
    },
    rows,
    (row) => `${row.date}|${row.site_name}`,
    {},
  );
  // in the order of the days, the sites of a day by name: a planning, not a ranking
  const order = (row: (typeof table.rows)[number]) => `${row.day}|${row.site}`;
  return { ...table, rows: table.rows.sort((a, b) => order(a).localeCompare(order(b))), totals: null };
}

function backtestTable(filters: ReportFilters, perSite: BacktestSummary[], chain: BacktestSummary) {
  return breakdownTable(
    filters,
    {
      key: "backtest",
      label: "Toets: de laatste 8 hele weken, per vestiging",
      dimensions: [{ key: "site", label: "Vestiging", value: (row) => row.site_name }],
      metrics: BACKTEST_METRICS,
      rankBy: "washes",
    },
    perSite,
    (row) => row.site_name,
    { current: chain },
  );
}

const BACKTEST_METRICS: Metric<BacktestSummary>[] = [
  metric("washes", (row) => row?.actual ?? null),
  metric("backtest_expected", (row) => (row ? Math.round(row.forecast) : null)),
  metric("wape", (row) => row?.wape ?? null),
  metric("wape_last_week", (row) => row?.wapeLastWeek ?? null),
  metric("wape_usual", (row) => row?.wapeUsual ?? null),
  metric("forecast_coverage", (row) => row?.coverage ?? null),
];

async function run(db: Queryable, filters: ReportFilters) {
  const today = localDate(filters.now);
  const sites = await reportSites(db, filters);
  const names = new Map(sites.map((site) => [site.site_id, site.site_name]));
  const forecasts = await siteForecasts(db, asSites(sites), today, { backtest: true });
  const perSite = forecasts.map((site) => summarise(site.backtest, names.get(site.siteId) ?? ""));
  const chain = summarise(
    forecasts.flatMap((site) => site.backtest),
    "Totaal",
  );
  // the expected washes of today and the 6 days after it, of the sites with a model
  const week = forecasts.flatMap((site) => site.days.slice(0, 7));
  const next7 = week.length ? week.reduce((total, day) => total + day.expected, 0) : null;
  // made today from everything up to now, whatever period was asked for: the answer says so
  const madeToday = filtersFor({
    preset: "today",
    range: { from: today, to: today },
    compare: "none",
    shift: null,
    granularity: "day",
    sites: filters.sites,
    now: filters.now,
  });
  // this month against its targets: what came in, and the forecast for the rest of it
  const month = today.slice(0, 7);
  const progress = await targetProgress(
    db,
    { month, today, siteIds: sites.map((site) => site.site_id), targetedOnly: true },
    forecastRest(db, filters.now),
  );
  const targets = targetRows(progress);
  return envelope("forecast", madeToday, {
    kpis: [
      ...kpis(madeToday, SUMMARY_METRICS, { current: { ...chain, next7 } }),
      ...kpis(madeToday, targetMetrics("washes").slice(2), { current: targetTotals(targets) }),
    ],
    series: forecastSeries(forecasts),
    tables: [
      nextDaysTable(madeToday, forecasts, names),
      targetsTable(madeToday, month, targets),
      backtestTable(madeToday, perSite, chain),
    ],
  });
}

type Summary = BacktestSummary & { next7: number | null };
const SUMMARY_METRICS: Metric<Summary>[] = [
  metric("expected_next_7", (row) => (row?.next7 == null ? null : Math.round(row.next7)), {
    empty: "Te weinig geschiedenis",
  }),
  metric("wape", (row) => row?.wape ?? null),
  metric("wape_last_week", (row) => row?.wapeLastWeek ?? null),
  metric("wape_usual", (row) => row?.wapeUsual ?? null),
  metric("forecast_coverage", (row) => row?.coverage ?? null),
];

const forTheSql = (filters: ReportFilters) => [filters.sites, localDate(filters.now)] as const;

export const forecast = defineReport({
  id: "forecast",
  // the sales sums for the forecast; with the wash club's tables for the targets' new members
  syncs: [...new Set([syncSalesHourly, ...TARGET_SYNCS])],
  sql: {
    "forecast washes": (filters) => forecastWashesSql(...forTheSql(filters)),
    "forecast station weather": (filters) => stationWeatherSql(filters.sites),
    "forecast site forecasts": (filters) => siteForecastsSql(...forTheSql(filters)),
    "forecast input versions": (filters) => inputVersionsSql(...forTheSql(filters)),
  },
  run,
});
