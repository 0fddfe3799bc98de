import type { DuckDBValue } from "@duckdb/node-api";
import { mondayOf } from "../../shared/reports/dates.ts";
import type { Kpi } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { hourlyWashesSql } from "../forecast/hour-shares.ts";
import { syncReadsHourly } from "../warehouse/derived/customers/reads-hourly.ts";
import { syncCustomerVisits } from "../warehouse/derived/customers/visits-sync.ts";
import { syncSalesHourly } from "../warehouse/derived/transactions/sales-rollup.ts";
import { siteCondition } from "../warehouse/sites.ts";
import { localDate } from "../warehouse/time-zone.ts";
import { adRowsOf } from "./acquisition/ad-metrics.ts";
import { siteTable } from "./breakdown-table.ts";
import { firstVisitSince, newSince, platesMetric, previousVisit } from "./customers/visits.ts";
import { expectedKpis, monthTargetKpi } from "./dashboard-expected.ts";
import { freshnessSql, freshnessTable } from "./dashboard-freshness.ts";
import { dashboardSalesSql, SALES_GRAINS, type SalesRow } from "./dashboard-sales.ts";
import { defineReport } from "./define-report.ts";
import { envelope, kpis, type Metric, metric, type Totals, timeSeries, totalsOf } from "./envelope.ts";
import { filtersFor, type ReportFilters } from "./filters.ts";
import { expectedWashes, withExpected } from "./forecast/expected-series.ts";
import { ratio, sum } from "./metrics.ts";
import { type ReportSites, reportSites } from "./sites.ts";
import { byGrain, type Windowed } from "./sql.ts";
import { revenue, washes } from "./transactions/sales-metrics.ts";

// Dashboard: today and this week so far, each against the same stretch of the day or week before. Only
// the site filter applies; website and advertising figures are the chain's (they belong to no site).

interface CustomerRow extends Windowed {
  section: "today" | "week";
  plates: number;
  new_plates: number;
  conversions: number;
  ad_spend_cents: number;
  ad_value_cents: number;
}

// plates: distinct customers who came (visits.ts, as Unieke kentekens counts them: a customer with a visit,
// an arrival at the entrance, in the window; at the chosen site if any).
// new_plates: of those, customers whose first visit ever, at any site, lies in the window (as Nieuw /
// Terugkerend counts them).
// conversions: website conversion events. ad_spend_cents / ad_value_cents: spend and the conversion value
// the ad platforms report, for the window's whole days (Google Ads' keyword rows repeat its ad rows: adRowsOf).
// One query for all four windows (today, yesterday, this week, last week): they lie within one stretch, from
// the start of last week to now. Visits and first visits come from customer_visits (visits-sync.ts).
// The visits of that stretch are read once and counted per window with a filter each, not joined to the
// windows (a row per visit and window). A customer's first visit within a window is the one visit there whose
// previous visit (at any site; at the site, for one site) lies before the window or does not exist: counting
// those visits counts the customers without telling them apart. For a set of sites the visits carry no
// "previous visit within the set", so there the customers are told apart (count DISTINCT). A window without
// visits has no row in `plates`.
export function dashboardCustomersSql(periods: DashboardPeriods, sites: ReportFilters["sites"]) {
  const params: Record<string, DuckDBValue> = {};
  const windows = (["today", "week"] as const).flatMap((section) =>
    (["current", "comparison"] as const).map((win) => {
      const window = periods[section][win];
      if (!window) throw new Error("the dashboard always compares");
      const name = `${section}_${win}`;
      Object.assign(params, {
        [`${name}_start`]: window.start.toISOString(),
        [`${name}_end`]: window.end.toISOString(),
        [`${name}_from`]: window.from,
        [`${name}_to`]: window.to,
      });
      return { section, win, name };
    }),
  );
  params.visits_start = periods.week.comparison?.start.toISOString() ?? "";
  params.visits_end = periods.week.current.end.toISOString();
  // a set of sites tells its customers apart instead: its visits carry no previous visit within the set
  const previous = sites.length > 1 ? "" : `, ${previousVisit({ sites }).at}`;
  const counts = windows.map(({ name }) => {
    const start = `$${name}_start::TIMESTAMPTZ`;
    const inWindow = `visit_at >= ${start} AND visit_at < $${name}_end::TIMESTAMPTZ`;
    const isNew = newSince(start);
    const first = firstVisitSince({ sites }, start);
    return sites.length > 1
      ? `count(DISTINCT customer_id) FILTER (WHERE ${inWindow}) AS ${name}_plates,
    count(DISTINCT customer_id) FILTER (WHERE ${inWindow} AND ${isNew}) AS ${name}_new_plates`
      : `count(*) FILTER (WHERE ${inWindow} AND ${first}) AS ${name}_plates,
    count(*) FILTER (WHERE ${inWindow} AND ${first} AND ${isNew}) AS ${name}_new_plates`;
  });
  const text = `WITH windows (section, win, start_at, end_at, from_date, to_date) AS (
  VALUES ${windows
    .map(
      ({ section, win, name }) =>
        `('${section}', '${win}', $${name}_start::TIMESTAMPTZ, $${name}_end::TIMESTAMPTZ, $${name}_from::DATE, $${name}_to::DATE)`,
    )
    .join(",\n    ")}
), counts AS (
  SELECT ${counts.join(",\n    ")}
  FROM (
    SELECT customer_id, visit_at, first_visit_at${previous} FROM customer_visits
    WHERE ${["visit_at >= $visits_start::TIMESTAMPTZ", "visit_at < $visits_end::TIMESTAMPTZ", ...siteCondition("site_id", sites, params)].join(" AND ")}
  )
), plates AS (
  ${windows
    .map(
      ({ section, win, name }) =>
        `SELECT '${section}' AS section, '${win}' AS win, ${name}_plates AS plates, ${name}_new_plates AS new_plates FROM counts WHERE ${name}_plates > 0`,
    )
    .join("\n  UNION ALL\n  ")}
), web AS (
  SELECT w.section, w.win, count(*) AS conversions
  FROM windows w JOIN web_events e ON e.occurred_at >= w.start_at AND e.occurred_at < w.end_at
  WHERE e.kind = 'conversion' AND e.occurred_at >= $visits_start::TIMESTAMPTZ
  GROUP BY w.section, w.win
), ads AS (
  SELECT w.section, w.win, sum(a.spend_cents) AS ad_spend_cents, sum(a.conversion_value_cents) AS ad_value_cents
  FROM windows w JOIN ad_stats_daily a ON a.stat_date BETWEEN w.from_date AND w.to_date AND ${adRowsOf("campaign", "a")}
  GROUP BY w.section, w.win
)
SELECT w.section, w.win, p.plates, p.new_plates, web.conversions, ads.ad_spend_cents, ads.ad_value_cents
FROM windows w LEFT JOIN plates p USING (section, win) LEFT JOIN web USING (section, win)
  LEFT JOIN ads USING (section, win)`;
  return { text, params };
}

const revenuePerCar = metric<SalesRow>("revenue_per_car", (row) => ratio(row?.revenue_cents, row?.washes));
const CUSTOMER_METRICS: Metric<CustomerRow>[] = [
  platesMetric<CustomerRow>(),
  metric("new_share", (row) => ratio(row?.new_plates, row?.plates)),
  metric("conversions", (row) => sum(row?.conversions)),
  metric("ad_spend", (row) => sum(row?.ad_spend_cents)),
  // the platforms' own conversion value, as on their screens: ROAS (platform), not Acquisitie's
  metric("roas", (row) => ratio(row?.ad_value_cents, row?.ad_spend_cents)),
];

type DashboardPeriods = ReturnType<typeof dashboardPeriods>;

/** Today (per hour) and this week (per day), each with the same stretch before it. */
export function dashboardPeriods(sites: ReportFilters["sites"], now: Date) {
  const today = localDate(now);
  const common = { compare: "previous" as const, sites, now };
  return {
    today: filtersFor({
      ...common,
      preset: "today",
      range: { from: today, to: today },
      shift: { unit: "day", amount: -1 },
      granularity: "hour",
    }),
    week: filtersFor({
      ...common,
      preset: "custom",
      range: { from: mondayOf(today), to: today },
      shift: { unit: "day", amount: -7 },
      granularity: "day",
    }),
  };
}

const prefixed = (prefix: string, list: Kpi[]) =>
  list.map((kpi) => ({ ...kpi, key: `${prefix}_${kpi.key}` }));

async function section(
  db: Queryable,
  filters: ReportFilters,
  prefix: "today" | "week",
  customerRows: Promise<CustomerRow[]>,
  sitesQuery: Promise<ReportSites>,
) {
  const { text, params } = dashboardSalesSql(filters);
  const [salesRows, expected] = await Promise.all([
    db.query<SalesRow>(text, params),
    expectedWashes(db, filters, sitesQuery),
  ]);
  const sales = byGrain(salesRows, SALES_GRAINS.grains);
  const totals = totalsOf(sales.total);
  const customers: Totals<CustomerRow> = totalsOf(
    (await customerRows).filter((row) => row.section === prefix),
  );
  return {
    kpis: [
      ...prefixed(prefix, kpis(filters, [washes, revenue, revenuePerCar], totals)),
      ...prefixed(prefix, kpis(filters, CUSTOMER_METRICS, customers)),
    ],
    series: timeSeries(filters, sales.bucket, [{ ...washes, key: `${prefix}_washes` }]).map((series) =>
      withExpected(series, expected),
    ),
    sales,
    totals,
  };
}

async function run(db: Queryable, requested: ReportFilters) {
  const periods = dashboardPeriods(requested.sites, requested.now);
  const customersQuery = dashboardCustomersSql(periods, requested.sites);
  // Every query at once: the pool's connections (and DuckDB's threads) work on them side by side.
  const customerRows = db.query<CustomerRow>(customersQuery.text, customersQuery.params);
  const sitesQuery = reportSites(db, requested);
  const todaySection = section(db, periods.today, "today", customerRows, sitesQuery);
  const washesSoFar = todaySection.then((part) => washes.value(part.totals.current) ?? 0);
  const [today, week, sites, freshness, expected, monthTarget] = await Promise.all([
    todaySection,
    section(db, periods.week, "week", customerRows, sitesQuery),
    sitesQuery,
    freshnessTable(db, requested),
    expectedKpis(db, requested, sitesQuery, washesSoFar),
    monthTargetKpi(db, requested, sitesQuery),
  ]);
  const sitesOf = (key: string, label: string, filters: ReportFilters, part: typeof today, before: string) =>
    siteTable(
      filters,
      {
        key,
        label,
        metrics: [washes, revenue, revenuePerCar],
        previous: ["washes"],
        changes: ["washes", "revenue"],
        comparisonLabel: before,
      },
      part.sales.site,
      part.totals,
      sites,
    );

  return envelope("dashboard", periods.today, {
    kpis: [...today.kpis, ...week.kpis, ...expected, monthTarget],
    series: [...today.series, ...week.series],
    tables: [
      sitesOf("sites_today", "Vandaag per vestiging", periods.today, today, "gisteren"),
      sitesOf("sites_week", "Deze week per vestiging", periods.week, week, "vorige week"),
      freshness,
    ],
    extra: { week: { from: periods.week.current.from, to: periods.week.current.to } },
  });
}

export const dashboard = defineReport({
  id: "dashboard",
  syncs: [syncSalesHourly, syncCustomerVisits, syncReadsHourly],
  sql: {
    "dashboard sales": dashboardSalesSql,
    "dashboard customers": (filters) =>
      dashboardCustomersSql(dashboardPeriods(filters.sites, filters.now), filters.sites),
    "dashboard freshness": freshnessSql,
    "dashboard hourly washes": (filters) => hourlyWashesSql(filters.sites, localDate(filters.now)),
  },
  run,
});
