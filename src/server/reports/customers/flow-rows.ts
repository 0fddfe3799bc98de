import type { Queryable } from "../../db/database.ts";
import { GAPS, gapHoursSql } from "../../warehouse/derived/customers/flow-daily.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql, type Windowed } from "../sql.ts";
import { gapHoursDaily, gapsDaily, hoursDaily } from "./flow-daily.ts";
import { previousVisit, visitFacts } from "./visits.ts";

// Flow's rows (users-flow.ts): arrivals per weekday and hour, visits per class of gap since the previous
// visit, and each window's median gap, from the daily sums where they can say and else from the visits.

export const GRAINS = ["total", "cell", "gap"] as const;

export interface FlowRow extends Windowed {
  grain: (typeof GRAINS)[number];
  weekday: number;
  hour: number;
  gap: string;
  visits: number;
  median_gap_days: number | null;
}

// visits: arrivals. weekday (1 = Monday) and hour: local time of the arrival, in the period only (the
// heatmap shows no comparison). gap: time between a visit and the customer's previous visit (at the chosen
// site, or any site), in whole hours; a first visit has none. median_gap_days: the median gap of the
// window's visits (the smallest whole hour that at least half of the gaps do not exceed), in days. Gaps are
// grouped per hour once; totals, classes and median come from those groups. (One pass with grouping sets
// for cells and gaps cost more: it grouped the comparison's cells too, and hashed every visit three times.)
// The cells are grouped on weekday and hour alone, whose small known ranges let DuckDB index a fixed
// table instead of hashing (with the window's name in the key it could not).
// For all sites or one site, the daily sums answer instead (usersFlowDailySql); this query answers a set of
// sites (the previous visit within a set is no column of a visit), and a median the sums cannot pin down.
export function usersFlowSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const previous = previousVisit(filters).at;
  const gapClass = `CASE ${GAPS.slice(0, -1)
    .map(([label, days]) => `WHEN gap_hours < ${days * 24} THEN '${label}'`)
    .join(" ")} ELSE '${GAPS[GAPS.length - 1][0]}' END`;
  const text = `WITH by_gap AS (
  SELECT win, ${gapHoursSql(previous)} AS gap_hours, count(*) AS visits
  FROM (${visitFacts(sql)})
  GROUP BY ALL
), gaps AS (
  SELECT win, gap_hours, visits, sum(visits) OVER (PARTITION BY win ORDER BY gap_hours) AS running,
    sum(visits) OVER (PARTITION BY win) AS gaps
  FROM by_gap WHERE gap_hours IS NOT NULL
), totals AS (
  SELECT win, sum(visits) AS visits FROM by_gap GROUP BY win
)
SELECT win, 'total' AS grain, NULL AS weekday, NULL AS hour, NULL AS gap, visits,
  (SELECT min(g.gap_hours) FROM gaps g WHERE g.win = s.win AND g.running * 2 >= g.gaps) / 24 AS median_gap_days
FROM totals s
UNION ALL
SELECT 'current', 'cell', isodow(visit_local) AS weekday, hour(visit_local) AS hour, NULL, count(*), NULL
FROM (${sql.facts("customer_visits", "visit_at")}) WHERE win = 'current' GROUP BY weekday, hour
UNION ALL
SELECT win, 'gap', NULL, NULL, ${gapClass}, sum(visits), NULL FROM gaps GROUP BY ALL`;
  return { text, params: sql.params };
}

/** A window's visits of one gap_days; of its unfinished last day per `hour` of the gap past it (else null). */
type GapDaysRow = Windowed & { grain: "gap_days"; gap_days: number; hour: number | null; visits: number };
type CellRow = Windowed & { grain: "cell"; weekday: number; hour: number; visits: number };
/** A window's visits of one gap_days on its whole days, per hour of the gap past it: hour_0 … hour_23. */
type GapHoursRow = Windowed & { gap_days: number } & Record<`hour_${number}`, number>;

/**
 * Flow's figures for all sites or one, from the daily sums (flow-daily.ts): per window the visits per
 * gap_days (-1: no previous visit; the unfinished last day's per hour too), and the period's arrivals per
 * weekday and hour.
 */
export function usersFlowDailySql(filters: ReportFilters) {
  // Flow has no buckets: whole days from the sums, whatever the granularity; the cells of the period only
  const sql = new ReportSql({ ...filters, granularity: "day" });
  const period = new ReportSql({ ...filters, granularity: "day", comparison: null });
  const text = `SELECT win, 'gap_days' AS grain, gap_days, hour, sum(visits) AS visits FROM (${gapsDaily(sql)})
GROUP BY win, gap_days, hour
UNION ALL BY NAME
SELECT 'current' AS win, 'cell' AS grain, isodow(day) AS weekday, hour, sum(visits) AS visits
FROM (${hoursDaily(period)}) GROUP BY weekday, hour`;
  return { text, params: { ...sql.params, ...period.params } };
}

/**
 * The hours of the gaps of the given gap_days (those holding each window's median) on the windows' whole
 * days; a second query, so that the table's scan reads only those days' rows.
 */
export function usersFlowGapHoursSql(filters: ReportFilters, days: number[]) {
  const sql = new ReportSql({ ...filters, granularity: "day" });
  return { text: gapHoursDaily(sql, days), params: sql.params };
}

/**
 * Where a window's median gap lies (the smallest whole hour that at least half of its gaps do not exceed,
 * as usersFlowSql), from its visits per gap_days: the gap_days that holds it and the gaps below that; null
 * without gaps.
 */
export function medianGapDay(rows: { gap_days: number; visits: number }[]) {
  const perDay = new Map<number, number>();
  for (const row of rows)
    if (row.gap_days >= 0) perDay.set(row.gap_days, (perDay.get(row.gap_days) ?? 0) + row.visits);
  const days = [...perDay].sort(([a], [b]) => a - b);
  const gaps = days.reduce((s, [, visits]) => s + visits, 0);
  let below = 0;
  for (const [gap_days, visits] of days) {
    if ((below + visits) * 2 >= gaps) return { gap_days, below, gaps };
    below += visits;
  }
  return null;
}

/**
 * The median gap in whole hours, from where it lies (medianGapDay) and that gap_days' visits per hour past
 * it (0–23); undefined when it lies beyond the first 24 hours of a class the sums do not split by hour.
 */
export function medianGapHours(median: { gap_days: number; below: number; gaps: number }, hours: number[]) {
  let below = median.below;
  for (let hour = 0; hour < 24; hour++) {
    below += hours[hour] ?? 0;
    if (below * 2 >= median.gaps) return median.gap_days * 24 + hour;
  }
  return undefined;
}

/** Flow's rows: from the daily sums where they can say, else from the visits (usersFlowSql). */
export async function flowRows(db: Queryable, filters: ReportFilters): Promise<FlowRow[]> {
  if (filters.sites.length < 2) {
    const rows = await fromDaily(db, filters);
    if (rows) return rows;
  }
  const flow = usersFlowSql(filters);
  return db.query<FlowRow>(flow.text, flow.params);
}

/** The rows of usersFlowSql from the daily sums; null when a median needs the visits themselves. */
async function fromDaily(db: Queryable, filters: ReportFilters): Promise<FlowRow[] | null> {
  const daily = usersFlowDailySql(filters);
  const rows = await db.query<GapDaysRow | CellRow>(daily.text, daily.params);
  const gapDays = rows.filter((row): row is GapDaysRow => row.grain === "gap_days");
  const windows = [...new Set(gapDays.map((row) => row.win))].map((win) => {
    const gaps = gapDays.filter((row) => row.win === win);
    return { win, gaps, median: medianGapDay(gaps) };
  });
  const days = windows.flatMap(({ median }) => (median ? [median.gap_days] : []));
  const hoursSql = days.length > 0 ? usersFlowGapHoursSql(filters, days) : null;
  const hourRows = hoursSql ? await db.query<GapHoursRow>(hoursSql.text, hoursSql.params) : [];

  const none = { weekday: 0, hour: 0, gap: "", median_gap_days: null };
  const flow: FlowRow[] = [];
  for (const { win, gaps, median } of windows) {
    let medianHours: number | null | undefined = null;
    if (median) {
      // the whole days' hours, and the unfinished day's
      const wholeDays = hourRows.find((row) => row.win === win && row.gap_days === median.gap_days);
      const hours = Array.from({ length: 24 }, (_, hour) => wholeDays?.[`hour_${hour}`] ?? 0);
      for (const row of gaps) {
        if (row.gap_days === median.gap_days && row.hour !== null && row.hour < 24)
          hours[row.hour] += row.visits;
      }
      medianHours = medianGapHours(median, hours);
      if (medianHours === undefined) return null;
    }
    const visits = gaps.reduce((s, row) => s + row.visits, 0);
    const median_gap_days = medianHours === null ? null : medianHours / 24;
    flow.push({ ...none, win, grain: "total", visits, median_gap_days });
    let from = 0;
    for (const [gap, days] of GAPS) {
      const inClass = gaps.filter((row) => row.gap_days >= from && row.gap_days < days);
      if (inClass.length > 0) {
        flow.push({ ...none, win, grain: "gap", gap, visits: inClass.reduce((s, row) => s + row.visits, 0) });
      }
      from = days;
    }
  }
  for (const row of rows) if (row.grain === "cell") flow.push({ ...none, ...row });
  return flow;
}
