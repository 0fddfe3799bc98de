import {
  addDays,
  addMonths,
  type DateRange,
  daysBetween,
  endOfMonth,
  isEndOfMonth,
  mondayOf,
  sameIsoWeekLastYearDays,
  startOfMonth,
  startOfQuarter,
} from "./dates.ts";
import { type Comparison, DEFAULT_PRESET, type PeriodPreset, type ReportQuery } from "./filters.ts";

/** How a comparison period is found: the same calendar stretch, moved back by whole days, months or years. */
export interface Shift {
  unit: "day" | "month" | "year";
  amount: number;
}

export interface ResolvedPeriod extends DateRange {
  preset: PeriodPreset;
}

/**
 * The local dates of a report period. `today` is the local date now. Presets that run to date (Vandaag,
 * Deze week, Deze maand, Dit kwartaal, Dit jaar) end today; Laatste 7/30 dagen are the complete days before
 * today, so they compare fairly with the complete days before them. Weeks are ISO weeks, Monday to Sunday.
 */
export function resolvePeriod(
  query: Pick<ReportQuery, "period" | "from" | "to">,
  today: string,
): ResolvedPeriod {
  const preset: PeriodPreset = query.period ?? (query.from || query.to ? "custom" : DEFAULT_PRESET);
  const yesterday = addDays(today, -1);
  const range: DateRange = (() => {
    switch (preset) {
      case "today":
        return { from: today, to: today };
      case "yesterday":
        return { from: yesterday, to: yesterday };
      case "this-week":
        return { from: mondayOf(today), to: today };
      case "last-week":
        return { from: addDays(mondayOf(today), -7), to: addDays(mondayOf(today), -1) };
      case "last-7-days":
        return { from: addDays(today, -7), to: yesterday };
      case "last-30-days":
        return { from: addDays(today, -30), to: yesterday };
      case "this-month":
        return { from: startOfMonth(today), to: today };
      case "last-month":
        return { from: startOfMonth(addMonths(today, -1)), to: endOfMonth(addMonths(today, -1)) };
      case "this-quarter":
        return { from: startOfQuarter(today), to: today };
      case "last-quarter": {
        const from = startOfQuarter(addMonths(startOfQuarter(today), -3));
        return { from, to: endOfMonth(addMonths(from, 2)) };
      }
      case "this-year":
        return { from: `${today.slice(0, 4)}-01-01`, to: today };
      case "last-year":
        return { from: `${+today.slice(0, 4) - 1}-01-01`, to: `${+today.slice(0, 4) - 1}-12-31` };
      case "custom":
        return { from: query.from ?? today, to: query.to ?? today };
    }
  })();
  return { preset, ...range };
}

/**
 * How the comparison period lies against the period. "Vorige periode" of a week (or the week to date) is
 * the week before, of a month the month before, of a quarter the quarter before, of a year the year
 * before; of any other period the same number of days just before it. "Vorig jaar" is the same dates a
 * year earlier, except for a week: the same ISO week a year earlier, Monday to Monday, so weekdays line up.
 */
export function comparisonShift(period: ResolvedPeriod, compare: Comparison): Shift | null {
  if (compare === "none") return null;
  const week = period.preset === "this-week" || period.preset === "last-week";
  if (compare === "year") {
    return week
      ? { unit: "day", amount: sameIsoWeekLastYearDays(period.from) }
      : { unit: "year", amount: -1 };
  }
  switch (period.preset) {
    case "this-week":
    case "last-week":
      return { unit: "day", amount: -7 };
    case "this-month":
    case "last-month":
      return { unit: "month", amount: -1 };
    case "this-quarter":
    case "last-quarter":
      return { unit: "month", amount: -3 };
    case "this-year":
    case "last-year":
      return { unit: "year", amount: -1 };
    default:
      return { unit: "day", amount: -(daysBetween(period.from, period.to) + 1) };
  }
}

/** Moves a local date by a shift (31 March − 1 month = 28/29 February). */
export function shiftDate(date: string, shift: Shift): string {
  if (shift.unit === "day") return addDays(date, shift.amount);
  return addMonths(date, shift.unit === "month" ? shift.amount : shift.amount * 12);
}

/** Moves a period; one that ends on a month's last day keeps doing so (all of February ↔ all of January). */
export function shiftRange(range: DateRange, shift: Shift): DateRange {
  const to = shiftDate(range.to, shift);
  return {
    from: shiftDate(range.from, shift),
    to: shift.unit !== "day" && isEndOfMonth(range.to) ? endOfMonth(to) : to,
  };
}
