import { mondayOf } from "../../shared/reports/dates.ts";
import type { Kpi } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { freshnessTable } from "./dashboard-freshness.ts";
import {
  breakdownTable,
  envelope,
  kpis,
  type Metric,
  type Totals,
  timeSeries,
  totalsOf,
} from "./envelope.ts";
import { filtersFor, type ReportFilters } from "./filters.ts";
import { ratio, sum } from "./metrics.ts";
import type { ReportModule } from "./registry.ts";
import { reportSites } from "./sites.ts";
import { byGrain, ReportSql, type Windowed } from "./sql.ts";
import { localDate } from "./time-zone.ts";

// Dashboard: today and this week so far, each against the same stretch of the day or week before. Only
// the site filter applies; website and advertising figures are the chain's (they belong to no site).

const GRAINS = ["total", "bucket", "site"] as const;

interface SalesRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  site_id: number;
  site_name: string;
  washes: number;
  revenue_cents: number;
}

interface CustomerRow extends Windowed {
  plates: number;
  new_plates: number;
  conversions: number;
  ad_spend_cents: number;
  ad_value_cents: number;
}

// washes: transactions with at least one wash programme (an item of kind 'programma').
// revenue_cents: everything customers paid, incl. VAT, after discounts, online sales included.
export function dashboardSalesSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH sales AS (
  ${sql.facts("transactions", "occurred_at")}
), washes AS (
  SELECT DISTINCT l.transaction_id
  FROM (${sql.facts("transaction_lines", "occurred_at")}) l JOIN items i ON i.id = l.item_id
  WHERE i.kind = 'programma'
)
SELECT g.*, s.name AS site_name FROM (
  SELECT win,
    CASE WHEN GROUPING(bucket) = 0 THEN 'bucket' WHEN GROUPING(site_id) = 0 THEN 'site' ELSE 'total' END AS grain,
    bucket, site_id,
    count(w.transaction_id) AS washes,
    sum(total_cents) AS revenue_cents
  FROM (SELECT t.*, ${sql.bucket(sql.local("t.occurred_at"))} AS bucket FROM sales t) t
    LEFT JOIN washes w ON w.transaction_id = t.id
  GROUP BY GROUPING SETS ((win), (win, bucket), (win, site_id))
) g LEFT JOIN sites s ON s.id = g.site_id`;
  return { text, params: sql.params };
}

// plates: distinct plates read at the entrance (no-reads left out).
// new_plates: of those, plates whose first read ever, at any site, lies in the window.
// conversions: website conversion events. ad_spend_cents / ad_value_cents: spend and the conversion value
// the ad platforms report, for the window's whole days.
export function dashboardCustomersSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const windowStart = `CASE r.win WHEN 'current' THEN $current_start ELSE $comparison_start END::TIMESTAMPTZ`;
  const reads = sql.facts("plate_reads", "read_at", { where: "plate IS NOT NULL AND direction = 'in'" });
  const conversions = sql.facts("web_events", "occurred_at", { site: null, where: "kind = 'conversion'" });
  const text = `WITH reads AS (
  ${reads}
), first_seen AS (
  SELECT plate, min(read_at) AS first_at FROM plate_reads
  WHERE direction = 'in' AND plate IN (SELECT plate FROM reads)
  GROUP BY plate
), plates AS (
  SELECT r.win, count(DISTINCT r.plate) AS plates,
    count(DISTINCT r.plate) FILTER (WHERE f.first_at >= ${windowStart}) AS new_plates
  FROM reads r JOIN first_seen f ON f.plate = r.plate
  GROUP BY r.win
), web AS (
  SELECT win, count(*) AS conversions FROM (${conversions}) GROUP BY win
), ads AS (
  SELECT win, sum(spend_cents) AS ad_spend_cents, sum(conversion_value_cents) AS ad_value_cents
  FROM (${sql.factsByDate("ad_stats_daily", "stat_date")}) GROUP BY win
)
SELECT w.win, p.plates, p.new_plates, web.conversions, ads.ad_spend_cents, ads.ad_value_cents
FROM (SELECT unnest(['current', 'comparison']) AS win) w
  LEFT JOIN plates p USING (win) LEFT JOIN web USING (win) LEFT JOIN ads USING (win)`;
  return { text, params: sql.params };
}

const washes: Metric<SalesRow> = {
  key: "washes",
  label: "Wassen",
  unit: "count",
  hint: "Transacties met een wasprogramma.",
  value: (row) => sum(row?.washes),
};
const revenue: Metric<SalesRow> = {
  key: "revenue",
  label: "Omzet",
  unit: "eur_cents",
  hint: "Incl. btw, na korting, online verkopen inbegrepen.",
  value: (row) => sum(row?.revenue_cents),
};
const revenuePerCar: Metric<SalesRow> = {
  key: "revenue_per_car",
  label: "Omzet per auto",
  unit: "eur_cents",
  hint: "Omzet ÷ wassen.",
  value: (row) => ratio(row?.revenue_cents, row?.washes),
};
const CUSTOMER_METRICS: Metric<CustomerRow>[] = [
  {
    key: "plates",
    label: "Unieke kentekens",
    unit: "count",
    hint: "Verschillende kentekens gelezen bij de ingang.",
    value: (row) => sum(row?.plates),
  },
  {
    key: "new_share",
    label: "Nieuwe klanten",
    unit: "percent",
    hint: "Deel van de unieke kentekens dat nooit eerder bij een vestiging is gezien.",
    value: (row) => ratio(row?.new_plates, row?.plates),
  },
  {
    key: "conversions",
    label: "Websiteconversies",
    unit: "count",
    hint: "Aankopen via de website (hele keten).",
    value: (row) => sum(row?.conversions),
  },
  {
    key: "ad_spend",
    label: "Advertentiekosten",
    unit: "eur_cents",
    good: "down",
    hint: "Alle advertentieplatforms, hele dagen.",
    value: (row) => sum(row?.ad_spend_cents),
  },
  {
    key: "roas",
    label: "ROAS",
    unit: "ratio",
    hint: "Conversiewaarde volgens de advertentieplatforms ÷ advertentiekosten.",
    value: (row) => ratio(row?.ad_value_cents, row?.ad_spend_cents),
  },
];

/** Today (per hour) and this week (per day), each with the same stretch before it. */
function dashboardPeriods(site: ReportFilters["site"], now: Date) {
  const today = localDate(now);
  const common = { compare: "previous" as const, site, now };
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

async function section(db: Queryable, filters: ReportFilters, prefix: "today" | "week") {
  const salesQuery = dashboardSalesSql(filters);
  const customersQuery = dashboardCustomersSql(filters);
  const [salesRows, customerRows] = await Promise.all([
    db.query<SalesRow>(salesQuery.text, salesQuery.params),
    db.query<CustomerRow>(customersQuery.text, customersQuery.params),
  ]);
  const sales = byGrain(salesRows, GRAINS);
  const totals = totalsOf(sales.total);
  const customers: Totals<CustomerRow> = totalsOf(customerRows);
  return {
    kpis: [
      ...prefixed(prefix, kpis(filters, [washes, revenue, revenuePerCar], totals)),
      ...prefixed(prefix, kpis(filters, CUSTOMER_METRICS, customers)),
    ],
    series: timeSeries(filters, sales.bucket, [{ ...washes, key: `${prefix}_washes` }]),
    sales,
    totals,
  };
}

async function run(db: Queryable, requested: ReportFilters) {
  const periods = dashboardPeriods(requested.site, requested.now);
  const [today, week, sites, freshness] = await Promise.all([
    section(db, periods.today, "today"),
    section(db, periods.week, "week"),
    reportSites(db, requested),
    freshnessTable(db, requested),
  ]);
  const siteTable = (key: string, label: string, filters: ReportFilters, part: typeof today) =>
    breakdownTable(
      filters,
      {
        key,
        label,
        dimensions: [{ key: "site", label: "Vestiging", value: (row) => row.site_name }],
        metrics: [washes, revenue, revenuePerCar],
        previous: ["washes"],
        changes: ["washes", "revenue"],
        include: sites,
      },
      part.sales.site,
      (row) => String(row.site_id),
      part.totals,
    );

  return envelope("dashboard", periods.today, {
    kpis: [...today.kpis, ...week.kpis],
    series: [...today.series, ...week.series],
    tables: [
      siteTable("sites_today", "Vandaag per vestiging", periods.today, today),
      siteTable("sites_week", "Deze week per vestiging", periods.week, week),
      freshness,
    ],
    extra: { week: { from: periods.week.current.from, to: periods.week.current.to } },
  });
}

export const dashboard: ReportModule = { id: "dashboard", run };
