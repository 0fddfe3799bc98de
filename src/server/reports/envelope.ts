import type {
  Cell,
  Column,
  Direction,
  Kpi,
  ReportEnvelope,
  Series,
  Table,
  TableRow,
  Unit,
} from "../../shared/reports/envelope.ts";
import { bucketKey, bucketPosition, bucketsOf } from "./buckets.ts";
import type { ReportFilters } from "./filters.ts";
import { change } from "./metrics.ts";
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
  value: (row: R | undefined) => number | null;
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
    site: filters.site && { code: filters.site.code, name: filters.site.name },
    ...body,
  };
}

export function kpis<R>(filters: ReportFilters, metrics: Metric<R>[], totals: Totals<R>): Kpi[] {
  return metrics.map(({ value, ...metric }) => ({
    ...metric,
    value: value(totals.current),
    previous: filters.comparison ? value(totals.comparison) : null,
  }));
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

export interface BreakdownTable<R> {
  key: string;
  label: string;
  /** The columns naming a row (site, payment method, item), read from the row of either window. */
  dimensions: (Omit<Column, "type"> & { type?: Column["type"]; value: (row: R) => Cell })[];
  metrics: Metric<R>[];
  /** Metric keys that get the comparison period's value beside them. */
  previous?: string[];
  /** Metric keys that get their relative change against the comparison period. */
  changes?: string[];
  /** Rows to show even without facts (every site): enough of a row for `dimensions` and `keyOf`. */
  include?: Partial<R>[];
  /** How the comparison columns name the comparison period (`gisteren`); default from the filters. */
  comparisonLabel?: string;
}

const COMPARISON_WORDS = { previous: "vorige periode", year: "vorig jaar" } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A table of one row per dimension value (rows of both windows, `keyOf` says which value a row is for),
 * sorted on the first metric, with the totals row. A value present only in the comparison period still
 * gets a row, so what stopped selling shows up; so does every row of `include`, facts or not.
 */
export function breakdownTable<R extends Windowed>(
  filters: ReportFilters,
  def: BreakdownTable<R>,
  rows: R[],
  keyOf: (row: R) => string,
  totals: Totals<R>,
): Table {
  const compared = filters.comparison && filters.compare !== "none" ? filters.compare : null;
  const previous = compared ? metricsOf(def, def.previous) : [];
  const changes = compared ? metricsOf(def, def.changes) : [];
  const word = def.comparisonLabel ?? (compared ? COMPARISON_WORDS[compared] : "");
  // With one compared figure its columns sit right beside it and need no name of their own.
  const single = new Set([...previous, ...changes].map((m) => m.key)).size === 1;
  const columns: Column[] = [
    ...def.dimensions.map(({ value: _value, ...column }) => ({ type: "text" as const, ...column })),
    ...def.metrics.flatMap(({ key, label, unit, good, hint }) => {
      const out: Column[] = [{ key, label, type: unit, ...(good && { good }), ...(hint && { hint }) }];
      if (previous.some((m) => m.key === key)) {
        out.push({
          key: `${key}_previous`,
          label: single ? capitalised(word) : `${label} ${word}`,
          type: unit,
        });
      }
      if (changes.some((m) => m.key === key)) {
        out.push({
          key: `${key}_change`,
          label: single ? "Verschil" : `Verschil ${label.toLowerCase()}`,
          type: "percent",
          change: true,
          good: good ?? "up",
        });
      }
      return out;
    }),
  ];

  const groups = new Map<string, Totals<R> & { names?: R }>();
  for (const row of def.include ?? []) groups.set(keyOf(row as R), { names: row as R });
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, { ...groups.get(key), [row.win]: row });
  }
  const line = (group: Totals<R>, names: TableRow): TableRow => {
    const out: TableRow = { ...names };
    for (const metric of def.metrics) out[metric.key] = metric.value(group.current);
    for (const metric of previous) out[`${metric.key}_previous`] = metric.value(group.comparison);
    for (const metric of changes) {
      out[`${metric.key}_change`] = change(metric.value(group.current), metric.value(group.comparison));
    }
    return out;
  };
  const first = def.metrics[0];
  const tableRows = [...groups.values()]
    .map((group) => {
      const any = (group.current ?? group.comparison ?? group.names) as R;
      return line(group, Object.fromEntries(def.dimensions.map((d) => [d.key, d.value(any)])));
    })
    .sort(
      (a, b) =>
        Number(b[first.key] ?? -Infinity) - Number(a[first.key] ?? -Infinity) ||
        String(a[def.dimensions[0].key]).localeCompare(String(b[def.dimensions[0].key]), "nl"),
    );
  const totalsNames = Object.fromEntries(def.dimensions.map((d, i) => [d.key, i === 0 ? "Totaal" : null]));
  return { key: def.key, label: def.label, columns, rows: tableRows, totals: line(totals, totalsNames) };
}

const metricsOf = <R>(def: BreakdownTable<R>, keys: string[] = []) =>
  def.metrics.filter((metric) => keys.includes(metric.key));
