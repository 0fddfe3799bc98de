import { metricDefinition } from "../../shared/metrics/registry.ts";
import type { Column, Direction, Kpi, ReportEnvelope, Series, Unit } from "../../shared/reports/envelope.ts";
import { bucketKey, bucketPosition, bucketsOf } from "../warehouse/buckets.ts";
import type { ReportFilters } from "./filters.ts";
import { type Figure, ratio, sum } from "./metrics.ts";
import type { Windowed, WindowName } from "./sql.ts";

/**
 * A figure a report shows, declared once and used for its KPI tile, its series and its table columns.
 * `value` derives it from one aggregated SQL row (undefined: no facts at all in that group).
 */
export interface Metric<R> {
  key: string;
  label: string;
  unit: Unit;
  good?: Direction;
  hint?: string;
  /** Why the value can be null where the data is there (reach over several days); shown then. */
  empty?: string;
  value: (row: R | undefined) => number | null;
}

/**
 * A registered figure (src/shared/metrics) derived from one row: its label, unit, direction and hint come
 * from the registry by `key` (a registry key or one of its aliases, which is then the envelope key).
 */
export function metric<R>(
  key: string,
  value: Metric<R>["value"],
  options: { empty?: string; good?: Direction; note?: string } = {},
): Metric<R> {
  const definition = metricDefinition(key);
  const good = options.good ?? definition.good;
  return {
    key,
    label: definition.label,
    unit: definition.unit,
    ...(good && { good }),
    // a note says what the definition's words stand for in this answer (which dates "the previous period" are)
    hint: options.note ? `${definition.definition} ${options.note}` : definition.definition,
    ...(options.empty && { empty: options.empty }),
    value,
  };
}

/** A KPI worked out outside a Metric (from a table of moves, say): registered like every other figure. */
export function registeredKpi(
  key: string,
  value: number | null,
  options: { previous?: number | null; note?: string } = {},
): Kpi {
  const { value: _value, ...figure } = metric(key, () => value, options);
  return { ...figure, value, previous: options.previous ?? null };
}

/** The column of a registered figure in a table built by hand (not from Metrics). */
export function metricColumn(key: string): Column {
  const { label, unit, good, hint } = metric(key, () => null);
  return { key, label, type: unit, ...(good && { good }), ...(hint && { hint }) };
}

/** One aggregate row per window (the `(win)` grouping set). */
export type Totals<R> = Partial<Record<WindowName, R>>;

export function totalsOf<R extends Windowed>(rows: R[]): Totals<R> {
  return Object.fromEntries(rows.map((row) => [row.win, row]));
}

export function envelope(
  report: string,
  filters: ReportFilters,
  body: Pick<ReportEnvelope, "kpis" | "series" | "tables"> & { extra?: unknown },
): ReportEnvelope {
  const { current, comparison } = filters;
  return {
    report,
    period: {
      preset: filters.preset,
      from: current.from,
      to: current.to,
      granularity: filters.granularity,
      start: current.start.toISOString(),
      end: current.end.toISOString(),
    },
    comparison:
      comparison && filters.compare !== "none"
        ? {
            mode: filters.compare,
            from: comparison.from,
            to: comparison.to,
            start: comparison.start.toISOString(),
            end: comparison.end.toISOString(),
          }
        : null,
    sites: filters.sites.map(({ code, name }) => ({ code, name })),
    dimensions: filters.dimensions,
    ...body,
  };
}

export function kpis<R>(filters: ReportFilters, metrics: Metric<R>[], totals: Totals<R>): Kpi[] {
  return metrics.map(({ value, empty, ...metric }) => {
    const current = value(totals.current);
    return {
      ...metric,
      value: current,
      previous: filters.comparison ? value(totals.comparison) : null,
      ...(current === null && empty && totals.current ? { empty } : {}),
    };
  });
}

/**
 * Time series over every bucket of the period (empty buckets included), each point carrying the
 * comparison period's value at the same position. Rows: one per window and bucket (`bucket` as returned
 * by ReportSql.bucket).
 */
export function timeSeries<R extends Windowed & { bucket: string }>(
  filters: ReportFilters,
  rows: R[],
  metrics: Metric<R>[],
): Series[] {
  const { granularity, current, comparison } = filters;
  const rowsOf = (win: WindowName) =>
    new Map(rows.filter((row) => row.win === win).map((row) => [bucketKey(row.bucket, granularity), row]));
  const [currentRows, comparisonRows] = [rowsOf("current"), rowsOf("comparison")];
  const comparisonAt = new Map(
    comparison
      ? bucketsOf(comparison, granularity).map((x) => [bucketPosition(x, comparison, granularity), x])
      : [],
  );
  const buckets = bucketsOf(current, granularity);
  return metrics.map((metric) => ({
    key: metric.key,
    label: metric.label,
    unit: metric.unit,
    axis: "time",
    granularity,
    points: buckets.map((x) => {
      if (!comparison) return { x, value: metric.value(currentRows.get(x)) };
      const px = comparisonAt.get(bucketPosition(x, current, granularity));
      return px === undefined
        ? { x, value: metric.value(currentRows.get(x)), previous: null }
        : { x, value: metric.value(currentRows.get(x)), previous: metric.value(comparisonRows.get(px)), px };
    }),
  }));
}

/** A series over named categories (hours of the day, weekdays) with the comparison beside each. */
export function categorySeries<R extends Windowed>(
  filters: ReportFilters,
  categories: { x: string; matches: (row: R) => boolean }[],
  rows: R[],
  metric: Metric<R>,
): Series {
  const find = (win: WindowName, matches: (row: R) => boolean) =>
    rows.find((row) => row.win === win && matches(row));
  return {
    key: metric.key,
    label: metric.label,
    unit: metric.unit,
    axis: "category",
    points: categories.map(({ x, matches }) => ({
      x,
      value: metric.value(find("current", matches)),
      ...(filters.comparison && { previous: metric.value(find("comparison", matches)) }),
    })),
  };
}

/** A row's share of the period's total of one summed field, as the registered share `key`. */
export function shareOf<R>(field: keyof R & string, totals: Totals<R>, key: string): Metric<R> {
  return metric(key, (row) => ratio(sum(row?.[field] as Figure), totals.current?.[field] as Figure));
}
