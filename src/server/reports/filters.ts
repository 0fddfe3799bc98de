import type { DateRange } from "../../shared/reports/dates.ts";
import {
  type Comparison,
  defaultGranularity,
  type Granularity,
  granularityAllowed,
  MAX_HOUR_DAYS,
  type PeriodPreset,
  reportQuerySchema,
} from "../../shared/reports/filters.ts";
import {
  comparisonShift,
  resolvePeriod,
  type Shift,
  shiftDate,
  shiftRange,
} from "../../shared/reports/period.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError, validationError } from "../http/errors.ts";
import type { TimeWindow } from "./buckets.ts";
import { endOfDay, instantOf, localDate, localDateTime, startOfDay } from "./time-zone.ts";

/** A report request, parsed and resolved: what every query module receives. */
export interface ReportFilters {
  preset: PeriodPreset;
  compare: Comparison;
  granularity: Granularity;
  current: TimeWindow;
  /** Null when no comparison was asked for. */
  comparison: TimeWindow | null;
  site: { id: number; code: string; name: string } | null;
  /** The moment the request was answered; windows never reach past it. */
  now: Date;
}

/** Query string → filters. Bad values: 422 with the field path (`from`, `granularity`, `site`). */
export async function parseReportFilters(
  query: Record<string, string | undefined>,
  db: Queryable,
  now: Date,
): Promise<ReportFilters> {
  const parsed = reportQuerySchema.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  const { compare, site: siteCode } = parsed.data;

  const period = resolvePeriod(parsed.data, localDate(now));
  const granularity = parsed.data.granularity ?? defaultGranularity(period);
  if (!granularityAllowed(granularity, period)) {
    throw fieldError(
      "granularity",
      `Per uur kan alleen bij een periode van hoogstens ${MAX_HOUR_DAYS} dagen.`,
    );
  }
  let site: ReportFilters["site"] = null;
  if (siteCode) {
    const [row] = await db.query<{ id: number; code: string; name: string }>(
      "SELECT id, code, name FROM sites WHERE code = $1",
      [siteCode],
    );
    if (!row) throw fieldError("site", "Deze vestiging bestaat niet.");
    site = row;
  }
  return filtersFor({
    preset: period.preset,
    range: period,
    compare,
    shift: comparisonShift(period, compare),
    granularity,
    site,
    now,
  });
}

const fieldError = (path: string, message: string) =>
  new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path, message }]);

/** Resolved choices → the windows a query reads. Also for reports with fixed periods (the dashboard). */
export function filtersFor(choice: {
  preset: PeriodPreset;
  range: DateRange;
  compare: Comparison;
  shift: Shift | null;
  granularity: Granularity;
  site: ReportFilters["site"];
  now: Date;
}): ReportFilters {
  const current = windowOf(choice.range, choice.now);
  return {
    preset: choice.preset,
    compare: choice.shift ? choice.compare : "none",
    granularity: choice.granularity,
    current,
    comparison: choice.shift ? comparisonWindow(current, choice.shift) : null,
    site: choice.site,
    now: choice.now,
  };
}

function windowOf(range: DateRange, now: Date): TimeWindow {
  const start = startOfDay(range.from);
  const end = new Date(Math.max(start.getTime(), Math.min(endOfDay(range.to).getTime(), now.getTime())));
  return { from: range.from, to: range.to, start, end };
}

/**
 * The comparison period covers the same stretch as the period: when the period is cut off at now (Vandaag,
 * Deze maand), the comparison is cut off at the same local time on the corresponding day, so a morning is
 * never compared with a whole day.
 */
function comparisonWindow(current: TimeWindow, shift: Shift): TimeWindow {
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
