import { comparisonShift } from "../../../shared/reports/period.ts";
import { visitCounts } from "../../warehouse/derived/customers/segment-counts.ts";
import { filtersFor, type ReportFilters } from "../filters.ts";
import { ReportSql } from "../sql.ts";

// The segment migration of Flow: which kind of customer each plate was in the previous period (the same
// number of days just before the period, whatever comparison was chosen) and which kind it is now.
//
// segment of a customer in a period, by its visits there (at the chosen sites, if any; see visits.ts):
//   nieuw        its first visit ever lies in the period;
//   vast         at least 2 visits and on average at least one every 14 days;
//   regelmatig   at least 2 visits and on average at least one every 45 days;
//   incidenteel  the rest: one visit, or fewer than one every 45 days;
//   verloren     no visit in the period, but one before it (in the period before, for the right side).
// Plates seen in neither period are left out; one whose first visit comes after the previous period starts
// from "nog geen klant".

export const SEGMENTS = ["nieuw", "incidenteel", "regelmatig", "vast", "verloren"] as const;
export type Segment = (typeof SEGMENTS)[number] | "nog-geen-klant";

export const SEGMENT_LABELS: Record<Segment, string> = {
  "nog-geen-klant": "Nog geen klant",
  nieuw: "Nieuw",
  incidenteel: "Incidenteel",
  regelmatig: "Regelmatig",
  vast: "Vast",
  verloren: "Verloren",
};

const VAST_DAYS = 14;
const REGULAR_DAYS = 45;

export interface MigrationRow {
  from_segment: Segment;
  to_segment: Segment;
  plates: number;
}

/** The period and the one just before it, as the windows `current` and `comparison`. */
export function migrationFilters(filters: ReportFilters): ReportFilters {
  if (filters.compare === "previous") return filters;
  const range = { preset: filters.preset, from: filters.current.from, to: filters.current.to };
  return filtersFor({ ...filters, range, compare: "previous", shift: comparisonShift(range, "previous") });
}

export function migrationSql(filters: ReportFilters) {
  const sql = new ReportSql(migrationFilters(filters));
  const perCustomer = visitCounts(sql.facts("customer_visits", "visit_at"));
  return { text: migrationFrom(sql, perCustomer), params: sql.params };
}

/**
 * The migration rows from `perCustomer`: each customer seen in either window with its first visit and its
 * visits in the comparison (`previous_visits`) and in the period (`current_visits`). `sql` holds the
 * windows of migrationFilters; the segments use their `$…_start` and `$comparison_end` parameters.
 * `weighted`: each row of `perCustomer` stands for `plates` customers (negative: taken off), not one.
 * `with`: common table expressions `perCustomer` reads, ending in a comma. `having`: a condition for any
 * row to come out at all.
 */
export function migrationFrom(
  sql: ReportSql,
  perCustomer: string,
  options: { weighted?: boolean; with?: string; having?: string } = {},
): string {
  const { weighted = false } = options;
  const having = [...(weighted ? ["sum(plates) <> 0"] : []), ...(options.having ? [options.having] : [])];
  const days = (win: "current" | "comparison") => {
    const window = sql.filters[win];
    return window ? (window.end.getTime() - window.start.getTime()) / 86_400_000 : 0;
  };
  const segment = (win: "current" | "comparison", visits: string) => {
    // visits are whole, so "at least days / 14" is "at least its ceiling": an integer literal keeps the
    // comparison on integers (a fraction made DuckDB cast every customer's count to DECIMAL)
    const at = (min: number) => Math.ceil(Math.max(2, days(win) / min));
    return `CASE WHEN first_visit_at >= $${win}_start::TIMESTAMPTZ THEN 'nieuw'
      WHEN ${visits} >= ${at(VAST_DAYS)} THEN 'vast' WHEN ${visits} >= ${at(REGULAR_DAYS)} THEN 'regelmatig'
      ELSE 'incidenteel' END`;
  };
  return `WITH ${options.with ?? ""}per_customer AS (
  ${perCustomer}
)
SELECT
  CASE WHEN previous_visits > 0 THEN ${segment("comparison", "previous_visits")}
    WHEN first_visit_at >= $comparison_end::TIMESTAMPTZ THEN 'nog-geen-klant' ELSE 'verloren' END AS from_segment,
  CASE WHEN current_visits > 0 THEN ${segment("current", "current_visits")} ELSE 'verloren' END AS to_segment,
  ${weighted ? "sum(plates)::BIGINT" : "count(*)"} AS plates
FROM per_customer GROUP BY ALL${having.length > 0 ? ` HAVING ${having.join(" AND ")}` : ""}`;
}

/** Sankey nodes (each segment once on either side) and the links between them, largest first. */
export function migrationFlow(filters: ReportFilters, rows: MigrationRow[]) {
  const { current, comparison } = migrationFilters(filters);
  const used = (side: "from" | "to") =>
    (["nog-geen-klant", ...SEGMENTS] as Segment[]).filter((segment) =>
      rows.some((row) => (side === "from" ? row.from_segment : row.to_segment) === segment),
    );
  return {
    previous: comparison && { from: comparison.from, to: comparison.to },
    current: { from: current.from, to: current.to },
    nodes: [
      ...used("from").map((segment) => ({
        id: `from:${segment}`,
        side: "from",
        label: SEGMENT_LABELS[segment],
      })),
      ...used("to").map((segment) => ({ id: `to:${segment}`, side: "to", label: SEGMENT_LABELS[segment] })),
    ],
    links: rows
      .map((row) => ({ from: `from:${row.from_segment}`, to: `to:${row.to_segment}`, plates: row.plates }))
      // ties in a fixed order, not the query's
      .sort((a, b) => b.plates - a.plates || a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
  };
}
