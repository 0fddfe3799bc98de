import type { DateRange } from "../../shared/reports/dates.ts";
import { type Shift, shiftDate, shiftRange } from "../../shared/reports/period.ts";
import type { TimeWindow } from "./buckets.ts";
import { endOfDay, instantOf, localDateTime, startOfDay } from "./time-zone.ts";

// The stretch of time a period of days stands for, in Amsterdam, and the stretch it is compared with: what a
// report reads (reports/filters.ts), and the windows whose counts a derived table keeps (segment-periods.ts).

/** The local days of `range` as instants, cut off at `now`. */
export function periodWindow(range: DateRange, now: Date): TimeWindow {
  const start = startOfDay(range.from);
  const end = new Date(Math.max(start.getTime(), Math.min(endOfDay(range.to).getTime(), now.getTime())));
  return { from: range.from, to: range.to, start, end };
}

/**
 * The comparison period covers the same stretch as the period: when the period is cut off at now (Vandaag,
 * Deze maand), the comparison is cut off at the same local time on the corresponding day, so a morning is
 * never compared with a whole day.
 */
export function comparisonWindow(current: TimeWindow, shift: Shift): TimeWindow {
  const range = shiftRange(current, shift);
  const start = startOfDay(range.from);
  let end = endOfDay(range.to);
  if (current.end.getTime() < endOfDay(current.to).getTime()) {
    const [date, time] = localDateTime(current.end).split("T");
    const cut = instantOf(shiftDate(date, shift), time);
    if (cut < end) end = new Date(Math.max(cut.getTime(), start.getTime()));
  }
  return { ...range, start, end };
}
