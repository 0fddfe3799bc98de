import type { Queryable } from "../../db/database.ts";
import { visitCounts } from "../../warehouse/derived/customers/segment-counts.ts";
import { firstVisitClass, isKept, iso, splitFor } from "../../warehouse/derived/customers/segment-periods.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql } from "../sql.ts";
import { type MigrationRow, migrationFilters, migrationFrom, migrationSql } from "./segments.ts";

// Flow's segment migration without grouping the windows' visits per customer on every request. The tables
// of migration 100 keep, per preset period that ends at or near today and per scope (all sites, each site),
// each customer's visits in the complete days of both windows (segment_counts), and those counts summed per
// class of customer (segment_histogram: a few thousand rows). A request reads the histogram of its scope,
// takes off the few customers with a visit in a window's last, unfinished day (today; for "Dit jaar" also
// the same day last year, up to the same time) and adds them back with those visits, read from
// customer_visits. It classifies with the same SQL as the query over all visits (segments.ts
// migrationFrom), so the rows are the same either way.
//
// The counts are kept by warehouse/derived/customers/segment-counts.ts.

/**
 * Flow's migration rows for a request, and whether they came from the kept counts: they do when those were
 * counted for the request's windows (a kept period, all sites or one, the customers numbered as now), else
 * (no row) they are grouped over all visits (migrationSql).
 */
export async function readMigration(db: Queryable, filters: ReportFilters) {
  if (isKept(filters.preset) && filters.sites.length <= 1) {
    const kept = keptMigrationSql(filters);
    const rows = await db.query<MigrationRow>(kept.text, kept.params);
    if (rows.length > 0) return { rows, kept: true };
  }
  const all = migrationSql(filters);
  return { rows: await db.query<MigrationRow>(all.text, all.params), kept: false };
}

/**
 * Whether the kept counts are of the request's windows, with the customers numbered as in customer_visits:
 * a condition in the very query that reads them, so that a rebuild committed in between cannot slip by.
 */
const KEPT_FOR_REQUEST = `EXISTS (SELECT 1 FROM segment_periods p, segment_counts_sync s, customer_visits_sync v
    WHERE p.period = $period AND p.comparison_start = $comparison_start::TIMESTAMPTZ
      AND p.comparison_split = $comparison_split::TIMESTAMPTZ AND p.current_start = $current_start::TIMESTAMPTZ
      AND p.current_split = $current_split::TIMESTAMPTZ AND s.visits_rebuilds = v.rebuilds)`;

/**
 * The migration from segment_histogram of the request's scope. The customers with a visit in a window's
 * last day (from its split to its end) are few: each is taken off as the histogram has it and added with
 * those visits. When every window ends at a midnight there are none, and the histogram is read alone.
 */
export function keptMigrationSql(filters: ReportFilters) {
  const split = splitFor(migrationFilters(filters));
  const sql = new ReportSql(migrationFilters(filters));
  const { current, comparison } = sql.filters;
  Object.assign(sql.params, { period: filters.preset, scope: filters.sites[0]?.id ?? 0, ...iso(split) });
  const histogram = `SELECT first_visit_at, previous_visits, current_visits, plates FROM segment_histogram
    WHERE period = $period AND site_id = $scope`;
  const unfinished =
    split.current_split.getTime() < current.end.getTime() ||
    (comparison !== null && split.comparison_split.getTime() < comparison.end.getTime());
  if (!unfinished) {
    sql.params.comparison_end = comparison?.end.toISOString() ?? null;
    const text = migrationFrom(sql, histogram, { weighted: true, having: KEPT_FOR_REQUEST });
    return { text, params: sql.params };
  }
  const lastDays = sql.facts("customer_visits", "visit_at", {
    select: () => "customer_id, first_visit_at",
    where: (name) => `visit_at >= $${name}_split::TIMESTAMPTZ`,
  });
  const perCustomer = `${histogram}
  UNION ALL
  SELECT ${firstVisitClass("first_visit_at", (column) => `$${column}::TIMESTAMPTZ`)}, previous_visits, current_visits, -1
  FROM last_days_kept WHERE previous_visits IS NOT NULL
  UNION ALL
  SELECT coalesce(last_first_visit_at, first_visit_at), coalesce(previous_visits, 0) + last_previous_visits,
    coalesce(current_visits, 0) + last_current_visits, 1
  FROM last_days_kept`;
  // The last days' customers with their kept counts, if any. The counts are looked up with IN: a join let
  // DuckDB hash the scope's counts (all its customers) to probe them with the few.
  const lastDaysKept = `last_days AS MATERIALIZED (
  ${visitCounts(lastDays)}
), last_days_kept AS MATERIALIZED (
  SELECT l.customer_id, k.first_visit_at, k.previous_visits, k.current_visits,
    l.first_visit_at AS last_first_visit_at, l.previous_visits AS last_previous_visits,
    l.current_visits AS last_current_visits
  FROM last_days l LEFT JOIN (
    SELECT customer_id, first_visit_at, previous_visits, current_visits FROM segment_counts
    WHERE period = $period AND site_id = $scope AND customer_id IN (SELECT customer_id FROM last_days)
  ) k USING (customer_id)
), `;
  const text = migrationFrom(sql, perCustomer, {
    weighted: true,
    with: lastDaysKept,
    having: KEPT_FOR_REQUEST,
  });
  return { text, params: sql.params };
}
