import { addDays } from "../../../shared/reports/dates.ts";
import type { Queryable } from "../../db/database.ts";
import { type SiteForecast, siteForecasts } from "../../forecast/site-forecasts.ts";
import { MONTH_FIGURES, type MonthFigure, type MonthFigures } from "../../targets/on-course.ts";
import type { Site } from "../../warehouse/sites.ts";
import { localDate, startOfDay } from "../../warehouse/time-zone.ts";
import { actualBySite, type ExpectedRest } from "./target-progress.ts";

// What a site is expected to do for the rest of a month, for "op koers voor" (REPORT-DEFINITIONS §6): the
// forecast's washes for each day left (beyond its 14 days, the model over the weather of that time of
// year), and revenue excl. VAT and new members at the site's own rate per wash over the RATE_DAYS before
// today: the forecast models washes; what a wash brings in is the site's recent habit.

/** The days before today whose revenue and new members per wash the rest of the month is expected at. */
export const RATE_DAYS = 56;

/** An ExpectedRest from the forecast made on the local day of `now`, of the figures `wanted` (others: 0). */
export function forecastRest(
  db: Queryable,
  now: Date,
  wanted: readonly MonthFigure[] = MONTH_FIGURES,
): ExpectedRest {
  const today = localDate(now);
  let inputs: Promise<{ forecasts: Map<number, SiteForecast>; recent: Map<number, MonthFigures> }> | null =
    null;
  const inputsOnce = () => {
    inputs ??= (async () => {
      const sites = await db.query<Site>("SELECT id, code, name FROM sites ORDER BY id");
      const range = { from: addDays(today, -RATE_DAYS), to: addDays(today, -1) };
      const perWash = wanted.filter((figure) => figure !== "washes");
      const recent = perWash.length
        ? await actualBySite(db, sites, range, startOfDay(today), perWash)
        : new Map<number, MonthFigures>();
      // every site's forecast at once: one read of the inputs' versions, the fits kept (site-forecasts.ts)
      const forecasts = await siteForecasts(db, sites, today, { backtest: false });
      return { forecasts: new Map(forecasts.map((forecast) => [forecast.siteId, forecast])), recent };
    })();
    return inputs;
  };
  return async (siteId, from, to) => {
    const { forecasts, recent } = await inputsOnce();
    const forecast = forecasts.get(siteId);
    let washes = 0;
    for (let date = from < today ? today : from; date <= to; date = addDays(date, 1)) {
      washes += forecast?.expected(date) ?? 0;
    }
    const habit = recent.get(siteId);
    const perWash = (amount: number) => (habit && habit.washes > 0 ? (washes * amount) / habit.washes : 0);
    return {
      washes,
      revenueCents: perWash(habit?.revenueCents ?? 0),
      newMembers: perWash(habit?.newMembers ?? 0),
    };
  };
}
