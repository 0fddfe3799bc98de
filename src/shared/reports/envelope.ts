import type { DateRange } from "./dates.ts";
import type { DimensionFilters, DimensionKey } from "./dimensions.ts";
import type { Comparison, Granularity, PeriodPreset } from "./filters.ts";

// The one answer of every report endpoint, `GET /api/reports/<id>` (DESIGN section 5). The server fills it,
// the web app draws it from a report's declaration; neither side writes these types twice.

/**
 * How a number is shown: count `1.234`; eur_cents `€ 12,34` (integer cents); percent, a fraction shown as
 * `25,3%` (0.253); seconds `4 m 07 s`; ratio, a plain decimal such as visits per plate or ROAS (`1,8`).
 */
export type Unit = "count" | "eur_cents" | "percent" | "seconds" | "ratio";

/** Whether a rise is good news (revenue), bad news (costs, no-reads) or neither; colours the change. */
export type Direction = "up" | "down" | "neutral";

export interface ReportPeriod extends DateRange {
  preset: PeriodPreset;
  granularity: Granularity;
  /** The instants the figures cover: local midnight of `from` up to the end of `to` or now, if earlier. */
  start: string;
  end: string;
}

export interface ReportComparison extends DateRange {
  mode: Exclude<Comparison, "none">;
  /** Covers the same stretch as the period: a period that runs to now is compared up to the same moment. */
  start: string;
  end: string;
}

export interface Kpi {
  key: string;
  label: string;
  value: number | null;
  /** The same figure over the comparison period; null without comparison or when it cannot be computed. */
  previous: number | null;
  unit: Unit;
  good?: Direction;
  /** How the figure is defined, in a sentence an operator understands. */
  hint?: string;
  /** Why the figure is empty ("–") when it is: shown on the tile, where nobody has to hover to learn it. */
  empty?: string;
  /** A line under the figure that says more about it: an interval, how the day runs. */
  detail?: string;
  /**
   * The figure is itself a change against a fixed moment (a year earlier, weather-corrected): shown with its
   * sign and coloured, without the period comparison's line (`previous` is null).
   */
  isChange?: true;
}

export interface SeriesPoint {
  /** Time series: the local start of the bucket (`2026-03-29`, `2026-03-29T14:00`); otherwise a category. */
  x: string;
  value: number | null;
  /** The comparison period's value at the same position (same day of the period, same hour of that day). */
  previous?: number | null;
  /** The comparison bucket's own start, for tooltips. */
  px?: string;
  /**
   * Washes series only: what the forecast model expected for the bucket (REPORT-DEFINITIONS §6), up to now
   * for the bucket now runs in; null where there is no model, absent on other series.
   */
  expected?: number | null;
}

export interface Series {
  key: string;
  label: string;
  unit: Unit;
  /** `time`: points are buckets of `granularity`; `category`: named points (hours of the day). */
  axis: "time" | "category";
  granularity?: Granularity;
  points: SeriesPoint[];
}

export type ColumnType = Unit | "text" | "datetime";

export interface Column {
  key: string;
  label: string;
  type: ColumnType;
  /** A relative change against the comparison period (`+12,3%`), coloured by `good`. */
  change?: boolean;
  good?: Direction;
  hint?: string;
  /** The cell leads on: to `report` (an id of the catalogue) with this row's values as its filters. */
  link?: ColumnLink;
  /**
   * The cells are personal data of this kind: the server masks them for roles that may not see them whole
   * (src/server/reports/protect-envelope.ts) and audits every whole view.
   */
  personal?: "plate";
}

/**
 * Where a table cell leads: the report `report` with the current period, comparison and granularity, and
 * the dimension filters taken from the row (dimension key → the key of the column holding its value).
 */
export interface ColumnLink {
  /** The report the link opens; absent: the same report (a site's row opens the report for that site). */
  report?: string;
  /** Filter → the column holding its value: a dimension, or `site` (a site's code). */
  filters: Partial<Record<DimensionKey | "site", string>>;
}

export type Cell = string | number | null;
export type TableRow = Record<string, Cell>;

export interface Table {
  key: string;
  label: string;
  columns: Column[];
  rows: TableRow[];
  /** The whole period; ratios here are computed over the totals, not summed or averaged per row. */
  totals: TableRow | null;
  /**
   * A long table is ranked and cut on the server: `rows` are the top `shown` of `total` rows (after the
   * search), `rest` sums the others. `rows=all` in the query asks for every row (the CSV export).
   */
  cut?: { shown: number; total: number; rest: TableRow | null };
  /** The table can be narrowed with `search` (matching any of its naming columns). */
  searchable?: boolean;
}

export interface ReportSite {
  code: string;
  name: string;
}

export interface ReportEnvelope {
  report: string;
  period: ReportPeriod;
  comparison: ReportComparison | null;
  /** The sites the figures are limited to; empty for all sites. */
  sites: ReportSite[];
  /** The dimension filters the figures are limited to (campaign, page …), as applied. */
  dimensions: DimensionFilters;
  kpis: Kpi[];
  series: Series[];
  tables: Table[];
  /** Report-specific data for bespoke views: sankey nodes/links, heatmap cells, map regions, experiments. */
  extra?: unknown;
  /**
   * Present when the figures come from sums that were not brought up to date with every fact at the request
   * (a flood of new facts, left to the background refresher): the moment they were ("bijgewerkt tot").
   */
  syncedUpTo?: string;
}

/** `GET /api/reports`: what the filter bar offers. */
export interface ReportsIndex {
  reports: string[];
  sites: (ReportSite & { city: string; active: boolean })[];
  /** The wash programmes the programme filter offers (items of kind programma), open ones first. */
  programmes: { code: string; name: string; active: boolean }[];
}
