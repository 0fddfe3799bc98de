import type { DuckDBValue } from "@duckdb/node-api";
import { USUAL_WEEKS } from "../../shared/admin/alerts.ts";
import { addDays } from "../../shared/reports/dates.ts";
import type { BuiltSql, Queryable } from "../db/database.ts";
import { itemKindIs } from "../warehouse/item-kinds.ts";
import type { Site } from "../warehouse/sites.ts";
import { siteCondition } from "../warehouse/sites.ts";
import { instantOf, localDateTime } from "../warehouse/time-zone.ts";

// How a day's washes usually spread over its hours: the share of each local hour on the same weekday over
// the last 8 weeks (the weeks "usual" looks back on), from the hourly sums. The expected day times the share
// of the hours gone by is what should have been washed by now ("op koers"), and per hour, for staffing.

// washes per UTC hour (an Amsterdam hour is always a whole UTC hour) of the 8 weeks before today
export function hourlyWashesSql(sites: readonly Site[], today: string): BuiltSql {
  const params: Record<string, DuckDBValue> = {
    from: instantOf(addDays(today, -7 * USUAL_WEEKS)).toISOString(),
    until: instantOf(today).toISOString(),
  };
  const chosen = siteCondition("site_id", sites, params)[0] ?? "true";
  const text = `SELECT hour_start, sum(quantity)::DOUBLE AS washes FROM item_sales_hourly
WHERE hour_start >= $from::TIMESTAMPTZ AND hour_start < $until::TIMESTAMPTZ AND ${chosen}
  AND ${itemKindIs("programma")}
GROUP BY ALL`;
  return { text, params };
}

/** The share of each local hour (0–23) of the day's washes on today's weekday; all zero without history. */
export async function hourShares(db: Queryable, sites: readonly Site[], today: string): Promise<number[]> {
  const { text, params } = hourlyWashesSql(sites, today);
  const rows = await db.query<{ hour_start: string; washes: number }>(text, params);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const perHour = new Array<number>(24).fill(0);
  for (const row of rows) {
    const local = localDateTime(new Date(row.hour_start));
    if (new Date(`${local.slice(0, 10)}T12:00:00Z`).getUTCDay() !== weekday) continue;
    perHour[Number(local.slice(11, 13))] += Number(row.washes);
  }
  const total = perHour.reduce((sum, washes) => sum + washes, 0);
  return perHour.map((washes) => (total > 0 ? washes / total : 0));
}

/** The share of the day gone by at `now`: the whole hours before it, and the part of the current one. */
export function shareSoFar(shares: number[], now: Date): number {
  const clock = localDateTime(now);
  const hour = Number(clock.slice(11, 13));
  const minutes = Number(clock.slice(14, 16)) + Number(clock.slice(17, 19)) / 60;
  return shares.slice(0, hour).reduce((sum, share) => sum + share, 0) + (shares[hour] * minutes) / 60;
}
