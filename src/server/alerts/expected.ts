import type { DuckDBValue } from "@duckdb/node-api";
import type { AdminAlertRule } from "../../shared/admin/alerts.ts";
import { USUAL_MINIMUM } from "../../shared/admin/alerts.ts";
import { formatNumber } from "../../shared/format.ts";
import type { Database, Queryable } from "../db/database.ts";
import { courseOf, todayForecast } from "../forecast/today.ts";
import { SALES_SUMS_DECLARED } from "../warehouse/derived/transactions/sales-rollup.ts";
import { itemKindIs } from "../warehouse/item-kinds.ts";
import { readAtOneMoment } from "../warehouse/read-at-one-moment.ts";
import { type Site, siteCondition } from "../warehouse/sites.ts";
import { instantOf, localDate } from "../warehouse/time-zone.ts";
import type { Observation } from "./observation.ts";
import { judgedHour } from "./usual.ts";

// "Minder wassen dan verwacht" (EXPECTED_DEFINITION in src/shared/admin/alerts.ts): today's washes up to
// the current whole hour against the forecast's interval over the hours gone by, with the dashboard's
// course (forecast/today.ts). Whole hours, as "usual" counts them, so the count is the hourly sums'.

/** The rule's sites: its one site, or every active site for the chain. */
const sitesOf = (db: Queryable, siteId: number | null) =>
  db.query<Site>(
    "SELECT id, code, name FROM sites WHERE ($1::INTEGER IS NULL AND active) OR id = $1 ORDER BY name",
    [siteId],
  );

/** Washes sold at `sites` from local midnight up to `until`. */
async function washesUntil(db: Queryable, sites: readonly Site[], until: Date): Promise<number> {
  const params: Record<string, DuckDBValue> = {
    from: instantOf(localDate(until)).toISOString(),
    until: until.toISOString(),
  };
  const chosen = siteCondition("site_id", sites, params)[0] ?? "true";
  const [row] = await db.query<{ washes: number }>(
    `SELECT coalesce(sum(quantity), 0) AS washes FROM item_sales_hourly
     WHERE hour_start >= $from::TIMESTAMPTZ AND hour_start < $until::TIMESTAMPTZ AND ${chosen}
       AND ${itemKindIs("programma")}`,
    params,
  );
  return Number(row.washes);
}

export async function washesBelowExpected(
  db: Database,
  rule: AdminAlertRule,
  now: Date,
): Promise<Observation[]> {
  const judged = judgedHour(now);
  if (!judged) return [];
  const { hour, until: wholeHour } = judged;
  const { value } = await readAtOneMoment(db, [SALES_SUMS_DECLARED], async (tx) => {
    const sites = await sitesOf(tx, rule.siteId);
    const forecast = await todayForecast(tx, sites, wholeHour);
    return forecast && { forecast, actual: await washesUntil(tx, sites, wholeHour) };
  });
  if (!value || value.forecast.expectedSoFar < USUAL_MINIMUM) return [];
  const { forecast, actual } = value;
  const share = forecast.expectedSoFar / forecast.expected;
  return [
    {
      subject: rule.siteId === null ? "chain" : `site:${rule.siteId}`,
      label: rule.siteName ?? "Hele keten",
      breached: courseOf(forecast, actual) === "behind",
      detail:
        `Vandaag tot ${hour}:00 uur ${formatNumber(actual)} wassen; verwacht ${formatNumber(forecast.expectedSoFar)} ` +
        `(ondergrens ${formatNumber(forecast.low * share)}).`,
    },
  ];
}
