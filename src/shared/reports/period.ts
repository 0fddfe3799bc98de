import {
  addDays,
  addMonths,
  type DateRange,
  daysBetween,
  endOfMonth,
  isEndOfMonth,
  startOfMonth,
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
 * Deze maand, Dit jaar) end today; Laatste 7/30 dagen are the complete days before today, so they compare
 * fairly with the complete days before them.
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
      case "last-7-days":
        return { from: addDays(today, -7), to: yesterday };
      case "last-30-days":
        return { from: addDays(today, -30), to: yesterday };
      case "this-month":
        return { from: startOfMonth(today), to: today };
      case "last-month":
        return { from: startOfMonth(addMonths(today, -1)), to: endOfMonth(addMonths(today, -1)) };
      case "this-year":
        return { from: `${today.slice(0, 4)}-01-01`, to: today };
      case "custom":
        return { from: query.from ?? today, to: query.to ?? today };
    }
  })();
  return { preset, ...range };
}

/**
 * How the comparison period lies against the period. "Vorige periode" of a month (or the month to date) is
 * the month before, of the year to date the year before; of any other period the same number of days just
 * before it. "Vorig jaar" is the same dates a year earlier.
 */
export function comparisonShift(period: ResolvedPeriod, compare: Comparison): Shift | null {
  if (compare === "none") return null;
  if (compare === "year" || period.preset === "this-year") return { unit: "year", amount: -1 };
  if (period.preset === "this-month" || period.preset === "last-month") return { unit: "month", amount: -1 };
  return { unit: "day", amount: -(daysBetween(period.from, period.to) + 1) };
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
