import { addDays, mondayOf, startOfMonth } from "../../../shared/reports/dates.ts";
import type { Series } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { shareSoFar } from "../../forecast/hour-shares.ts";
import { siteForecasts } from "../../forecast/site-forecasts.ts";
import { keptHourShares } from "../../forecast/today.ts";
import { localDate } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import { asSites, type ReportSites } from "../sites.ts";

// Expected beside actual on a chart of washes (REPORT-DEFINITIONS §6): each bucket's expected washes of the
// chosen sites with a model, every day with its measured weather (model.ts expectedAtLevel at its own
// level), today only the share of it that should be in by now, and an hour its share of its day (today's
// weekday's hours). Days after today are not in a bucket: a period's buckets end now.

const BUCKET_OF = {
  day: (date: string) => date,
  week: mondayOf,
  month: startOfMonth,
} as const;

/**
 * The expected washes per bucket of the filters' period and granularity (keyed as the series' points), of
 * the chosen sites with a model; null when none has one, or under a programme or payment-method filter (the
 * model expects all washes).
 */
export async function expectedWashes(
  db: Queryable,
  filters: ReportFilters,
  sitesQuery: Promise<ReportSites>,
): Promise<Map<string, number> | null> {
  if (Object.keys(filters.dimensions).length > 0) return null;
  const today = localDate(filters.now);
  const sites = asSites(await sitesQuery);
  const all = await siteForecasts(db, sites, today, { backtest: false });
  const forecasts = all.filter((forecast) => forecast.days.length > 0);
  if (forecasts.length === 0) return null;
  // the chosen sites' usual day, as "Verwacht tot nu" spreads it (and kept with it)
  const shares = await keptHourShares(db, sites, today, all);
  const expectedOn = (date: string) =>
    forecasts.reduce((sum, forecast) => sum + (forecast.expectedAtLevel(date, date) ?? 0), 0);

  const expected = new Map<string, number>();
  if (filters.granularity === "hour") {
    // only today's hours: the shares are those of today's weekday
    const day = expectedOn(today);
    shares.forEach((share, hour) => {
      expected.set(`${today}T${String(hour).padStart(2, "0")}:00`, day * share);
    });
    return expected;
  }
  const bucketOf = BUCKET_OF[filters.granularity];
  const last = [filters.current.to, today].sort()[0];
  for (let date = filters.current.from; date <= last; date = addDays(date, 1)) {
    const part = date === today ? shareSoFar(shares, filters.now) : 1;
    const key = bucketOf(date);
    expected.set(key, (expected.get(key) ?? 0) + expectedOn(date) * part);
  }
  return expected;
}

/** A washes series with each point's expected washes (expectedWashes); unchanged without them. */
export const withExpected = (series: Series, expected: Map<string, number> | null): Series =>
  expected
    ? {
        ...series,
        points: series.points.map((point) => ({ ...point, expected: expected.get(point.x) ?? null })),
      }
    : series;
