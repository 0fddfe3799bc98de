import type { DuckDBValue } from "@duckdb/node-api";
import { addMonths, endOfMonth, monthsBetween, startOfMonth } from "../../../shared/reports/dates.ts";
import { bucketSql } from "../../warehouse/buckets.ts";
import { COHORT_FLAGS } from "../../warehouse/derived/customers/cohorts-daily.ts";
import { siteCondition } from "../../warehouse/sites.ts";
import { endOfDay, localDate, startOfDay } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";

// The monthly cohort retention matrix of Nieuw / Terugkerend: the customers whose first visit ever fell in
// a month (a cohort), and which share of them came again in each following month. It covers the twelve
// months up to the end of the period, whatever the period's length, so that there is something to compare.

export const COHORT_MONTHS = 12;

/** One cohort: the month of the first visit, its size, and per month since (0 = that month) the share back. */
export interface CohortRow {
  /** First day of the cohort's month, `2026-01-01`. */
  month: string;
  plates: number;
  /** Index k: the month k months after the cohort's; null for months that have not happened yet. */
  retention: ({ plates: number; share: number | null } | null)[];
}

export interface CohortMatrix {
  months: number;
  rows: CohortRow[];
}

interface CellRow {
  cohort: string;
  month: string;
  plates: number;
}

function cohortRange(filters: ReportFilters) {
  const last = startOfMonth(filters.current.to);
  const first = addMonths(last, 1 - COHORT_MONTHS);
  const end = new Date(Math.min(endOfDay(endOfMonth(last)).getTime(), filters.now.getTime()));
  return { first, last, start: startOfDay(first), end };
}

// cohort: the local month of a customer's first visit ever (with sites chosen: customers whose first visit
// ever was at one of them). A cell counts the cohort's customers with a visit in a month (at the chosen
// sites): for all sites or one, their first visit of that month (within the scope, visits.ts), summed per
// day (cohorts-daily.ts), so that each customer counts once; with several sites, whose previous visit within
// the set no visit knows, the distinct customers of the visits. Month 0 is the whole cohort.
export function cohortSql(filters: ReportFilters) {
  const range = cohortRange(filters);
  const params: Record<string, DuckDBValue> = { cohort_end: range.end.toISOString() };
  if (filters.sites.length > 1) {
    params.cohort_start = range.start.toISOString();
    return { text: setCohortSql(filters, params), params };
  }
  // whole days from the sums, the unfinished last day (when the range runs to now) from the visits
  const rest = localDate(range.end);
  params.cohort_first = range.first;
  params.cohort_rest = rest;
  params.cohort_rest_start = startOfDay(rest).toISOString();
  const site = siteCondition("site_id", filters.sites, params).map((condition) => `AND ${condition}`);
  const sum = filters.sites.length === 0 ? "first_month" : "home_first_month";
  const text = `SELECT cohort::TIMESTAMP AS cohort, date_trunc('month', day)::TIMESTAMP AS month, sum(${sum}) AS plates
FROM (
  SELECT day, cohort, ${sum} FROM customer_cohorts_daily
  WHERE day >= $cohort_first::DATE AND day < $cohort_rest::DATE ${site.join(" ")}
  UNION ALL
  SELECT day, cohort, ${sum} FROM (
    SELECT ${COHORT_FLAGS} FROM customer_visits
    WHERE visit_at >= $cohort_rest_start::TIMESTAMPTZ AND visit_at < $cohort_end::TIMESTAMPTZ ${site.join(" ")}
  )
)
WHERE cohort >= $cohort_first::DATE AND ${sum} > 0
GROUP BY ALL`;
  return { text, params };
}

function setCohortSql(filters: ReportFilters, params: Record<string, DuckDBValue>) {
  const site = [
    ...siteCondition("site_id", filters.sites, params),
    ...siteCondition("first_site_id", filters.sites, params),
  ].map((condition) => `AND ${condition}`);
  const month = (column: string) => bucketSql("month", column);
  return `SELECT ${month("first_visit_local")} AS cohort, ${month("visit_local")} AS month,
  count(DISTINCT customer_id) AS plates
FROM customer_visits
WHERE visit_at >= $cohort_start::TIMESTAMPTZ AND visit_at < $cohort_end::TIMESTAMPTZ
  AND first_visit_at >= $cohort_start::TIMESTAMPTZ ${site.join(" ")}
GROUP BY ALL`;
}

/** Cells → one row per cohort month, oldest first, with shares of the cohort's size. */
export function cohortMatrix(filters: ReportFilters, cells: CellRow[]): CohortMatrix {
  const range = cohortRange(filters);
  const count = new Map(
    cells.map((cell) => [`${cell.cohort.slice(0, 7)} ${cell.month.slice(0, 7)}`, cell.plates]),
  );
  const rows = Array.from({ length: COHORT_MONTHS }, (_, i) => {
    const month = addMonths(range.first, i);
    const plates = count.get(`${month.slice(0, 7)} ${month.slice(0, 7)}`) ?? 0;
    const retention = Array.from({ length: COHORT_MONTHS }, (_, k) => {
      const later = addMonths(month, k);
      if (monthsBetween(later, range.last) < 0) return null;
      const back = count.get(`${month.slice(0, 7)} ${later.slice(0, 7)}`) ?? 0;
      return { plates: back, share: ratio(back, plates) };
    });
    return { month, plates, retention };
  });
  return { months: COHORT_MONTHS, rows };
}
