import { formatMonth, formatNumber } from "../../shared/format.ts";
import type { Kpi } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { intervalAndWeather, onCourse, todayForecast } from "../forecast/today.ts";
import { localDate } from "../warehouse/time-zone.ts";
import { registeredKpi } from "./envelope.ts";
import type { ReportFilters } from "./filters.ts";
import { forecastRest } from "./forecast/expected-rest.ts";
import { targetProgress } from "./forecast/target-progress.ts";
import { targetRows, targetTotals } from "./forecast/targets-table.ts";
import { ratio } from "./metrics.ts";
import { asSites, type ReportSites } from "./sites.ts";

// The dashboard's "Verwacht vandaag" (REPORT-DEFINITIONS §6): today's expected washes of the chosen sites
// with the interval and the weather forecast, and what should be in by now against what is. The model's
// fits are kept per site and day (forecast/site-forecasts.ts), so after the day's first request this is a
// few reads of the daily and hourly sums.

const empty = "Te weinig geschiedenis om te verwachten";

/**
 * The tiles, keyed as the dashboard's today figures, for `sites` (the dashboard's own list of them);
 * `actualSoFar` is today's washes so far.
 */
export async function expectedKpis(
  db: Queryable,
  filters: ReportFilters,
  sitesQuery: Promise<ReportSites>,
  actualSoFar: Promise<number>,
): Promise<Kpi[]> {
  const sites = await sitesQuery;
  const today = await todayForecast(db, asSites(sites), filters.now);
  const tile = (key: string, value: number | null, detail: string | null): Kpi => ({
    ...registeredKpi(key, value),
    key: `today_${key}`,
    ...(value === null ? { empty } : {}),
    ...(detail ? { detail } : {}),
  });
  return [
    tile("expected_washes", today && Math.round(today.expected), today && intervalAndWeather(today)),
    tile(
      "expected_so_far",
      today && Math.round(today.expectedSoFar),
      today && onCourse(today, await actualSoFar),
    ),
  ];
}

/**
 * "Doel deze maand": whether the chosen sites' washes are on course for this month's targets (the month to
 * date plus the forecast of the rest, over the sites that have a target; REPORT-DEFINITIONS §6).
 */
export async function monthTargetKpi(
  db: Queryable,
  filters: ReportFilters,
  sitesQuery: Promise<ReportSites>,
): Promise<Kpi> {
  const today = localDate(filters.now);
  const month = today.slice(0, 7);
  const siteIds = (await sitesQuery).map((site) => site.site_id);
  const progress = await targetProgress(
    db,
    { month, today, siteIds, wanted: ["washes"], targetedOnly: true },
    forecastRest(db, filters.now, ["washes"]),
  );
  const total = targetTotals(targetRows(progress));
  const [target, projected] = [total.targets.washes, total.targeted.washes];
  const share = ratio(projected, target);
  return {
    ...registeredKpi("target_share_washes", share),
    ...(share === null
      ? { empty: "Geen doel voor deze maand (Instellingen › Doelen)" }
      : {
          detail: `Verwacht ${formatNumber(projected)} van ${formatNumber(target ?? 0)} wassen in ${formatMonth(month)}: ${
            share >= 1 ? "op koers" : "niet op koers"
          }`,
        }),
  };
}
