import type { TargetValues } from "../../shared/admin/targets.ts";
import { addDays, type DateRange, daysBetween, endOfMonth } from "../../shared/reports/dates.ts";

// "On course for" (REPORT-DEFINITIONS §6): what the month will come to — the actual to date plus what is
// expected for the rest of the month — against the target. Pure: the figures come in, nothing is read.

/** A stretch of a month's figures; revenue excl. VAT, in cents. */
export interface MonthFigures {
  washes: number;
  revenueCents: number;
  newMembers: number;
}
export type MonthFigure = keyof MonthFigures;
export const MONTH_FIGURES: readonly MonthFigure[] = ["washes", "revenueCents", "newMembers"];

/** The stored target of each figure (the API's names). */
export const TARGET_OF: Record<MonthFigure, keyof TargetValues> = {
  washes: "washes",
  revenueCents: "revenueExVatCents",
  newMembers: "newMembers",
};

/**
 * Where `today` (a local Amsterdam date) cuts the month `YYYY-MM`: the actual is the complete days before
 * today, the rest is today to the month's end — today counts as expected until it is over, so a half-run day
 * is never taken for a whole one. Null where a part is empty: no actual before the month's first day, no rest
 * once the month is over.
 */
export function monthSplit(month: string, today: string) {
  const first = `${month}-01`;
  const last = endOfMonth(first);
  const actual: DateRange | null =
    today <= first ? null : { from: first, to: today > last ? last : addDays(today, -1) };
  const rest: DateRange | null = today > last ? null : { from: today < first ? first : today, to: last };
  return { first, last, daysInMonth: daysBetween(first, last) + 1, actual, rest };
}

export interface FigureCourse {
  actual: number;
  expectedRest: number;
  /** Actual to date + expected for the rest of the month. */
  projection: number;
  target: number | null;
  /** Projection ÷ target; null without a target, or with a target of 0. */
  share: number | null;
  /** "Op koers": projection ≥ target; null without a target. */
  onCourse: boolean | null;
}

export interface MonthCourse {
  month: string;
  daysInMonth: number;
  /** The complete days the actual covers. */
  daysElapsed: number;
  figures: Record<MonthFigure, FigureCourse>;
}

/**
 * Each figure's projection against its target. A month that is over has no rest: its projection is the
 * actual, whatever `expectedRest` says.
 */
export function monthCourse(input: {
  month: string;
  today: string;
  targets: TargetValues;
  actual: MonthFigures;
  expectedRest: MonthFigures;
}): MonthCourse {
  const split = monthSplit(input.month, input.today);
  const figure = (key: MonthFigure): FigureCourse => {
    const actual = input.actual[key];
    const expectedRest = split.rest ? input.expectedRest[key] : 0;
    const projection = actual + expectedRest;
    const target = input.targets[TARGET_OF[key]];
    return {
      actual,
      expectedRest,
      projection,
      target,
      share: target ? projection / target : null,
      onCourse: target === null ? null : projection >= target,
    };
  };
  return {
    month: input.month,
    daysInMonth: split.daysInMonth,
    daysElapsed: split.actual ? daysBetween(split.actual.from, split.actual.to) + 1 : 0,
    figures: {
      washes: figure("washes"),
      revenueCents: figure("revenueCents"),
      newMembers: figure("newMembers"),
    },
  };
}
