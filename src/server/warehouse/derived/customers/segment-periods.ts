import type { PeriodPreset } from "../../../../shared/reports/filters.ts";
import { comparisonShift, resolvePeriod } from "../../../../shared/reports/period.ts";
import type { TimeWindow } from "../../buckets.ts";
import { comparisonWindow, periodWindow } from "../../period-windows.ts";
import { localDate, startOfDay } from "../../time-zone.ts";

// The periods whose segment migration is kept (segment-counts.ts), and their windows as segment_periods
// holds them: where each window's complete days end, and the class a first visit stands for.

const HOUR_US = 3_600_000_000;

/** The presets kept: those that end today or yesterday and are picked most; the default among them. */
export const KEPT_PERIODS = [
  "last-7-days",
  "last-30-days",
  "this-month",
  "this-year",
] as const satisfies readonly PeriodPreset[];

export type KeptPeriod = (typeof KEPT_PERIODS)[number];

/** The instants of segment_periods: each window's start and the start of its last, unfinished day. */
export interface Split {
  comparison_start: Date;
  comparison_split: Date;
  current_start: Date;
  current_split: Date;
}

/** The start of the local day `window` ends on (its end, when that is a midnight), not before its start. */
const splitOf = (window: TimeWindow) =>
  new Date(Math.max(window.start.getTime(), startOfDay(localDate(window.end)).getTime()));

/** The split of a period (`current`) and the one just before it (`comparison`), as the migration compares them. */
export function splitFor(windows: { current: TimeWindow; comparison: TimeWindow | null }): Split {
  const { current, comparison } = windows;
  if (!comparison) throw new Error("the segment migration has no previous period");
  return {
    comparison_start: comparison.start,
    comparison_split: splitOf(comparison),
    current_start: current.start,
    current_split: splitOf(current),
  };
}

/** The split of `preset` at `now` and the period before it, all sites. */
export function keptSplit(preset: KeptPeriod, now: Date): Split {
  const range = resolvePeriod({ period: preset }, localDate(now));
  const current = periodWindow(range, now);
  const shift = comparisonShift(range, "previous");
  return splitFor({ current, comparison: shift && comparisonWindow(current, shift) });
}

export const isKept = (preset: string): preset is KeptPeriod =>
  (KEPT_PERIODS as readonly string[]).includes(preset);

export const iso = (split: Split) =>
  Object.fromEntries(Object.entries(split).map(([key, value]) => [key, value.toISOString()]));

/**
 * A first visit as the instant that stands for it in segment_histogram, which the segments (reports/customers/segments.ts)
 * compare with the period's start, the comparison's start and the comparison's end. The end moves through
 * the comparison's last day (it is cut at the time of day of now), so a first visit within that day (25
 * hours cover a day with a clock change) stays as it is; any other stands for its class: the period's start
 * from there on, just before it after that day, the comparison's start from there on, just before it
 * before. `at(column)`: the SQL of that column of segment_periods (a table's, or a request's parameter).
 */
export const firstVisitClass = (first: string, at: (column: keyof Split) => string) => {
  const us = (column: keyof Split, plus: number) => `make_timestamptz(epoch_us(${at(column)}) + ${plus})`;
  return `CASE WHEN ${first} >= ${at("current_start")} THEN ${at("current_start")}
    WHEN ${first} >= ${us("comparison_split", 25 * HOUR_US)} THEN ${us("current_start", -1)}
    WHEN ${first} >= ${at("comparison_split")} THEN ${first}
    WHEN ${first} >= ${at("comparison_start")} THEN ${at("comparison_start")}
    ELSE ${us("comparison_start", -1)} END`;
};
