import { gapsOf, HOUR_COLUMNS } from "../../warehouse/derived/customers/flow-daily.ts";
import type { ReportSql } from "../sql.ts";

// Flow's figures from its daily sums (customer_flow_gaps_daily, customer_flow_hours_daily, kept by
// warehouse/derived/customers/flow-daily.ts).

/**
 * The visits of both windows as gap sums: `win`, `day`, `site_id`, `gap_days`, `visits`, and for the
 * unfinished last day, read from customer_visits itself (ReportSql.daily), each visit's `hour` (of its gap
 * past gap_days × 24; null on the table's whole days). The gap to the previous visit at the site (one site
 * chosen) or at any site.
 */
export function gapsDaily(sql: ReportSql): string {
  const atSite = sql.filters.sites.length === 1;
  return sql.daily(
    `(SELECT day, site_id, gap_days, visits FROM customer_flow_gaps_daily WHERE at_site = ${atSite})`,
    `(SELECT visit_at, day, site_id, gap_days, 1 AS visits, hour FROM (${gapsOf(atSite)}))`,
    "visit_at",
  );
}

/**
 * The whole days of both windows' gaps of the given gap_days, with their hours summed (`win`, `gap_days`,
 * `hour_0` … `hour_23`). The unfinished last day's hours come with gapsDaily; its branch here is empty,
 * which spares planning the visits' gaps a second time.
 */
export function gapHoursDaily(sql: ReportSql, days: number[]): string {
  const atSite = sql.filters.sites.length === 1;
  const rows = sql.daily(
    `(SELECT day, site_id, gap_days, ${HOUR_COLUMNS.join(", ")} FROM customer_flow_gaps_daily
      WHERE at_site = ${atSite} AND gap_days IN (${days.map(Math.trunc).join(", ")}))`,
    "(SELECT NULL::TIMESTAMPTZ AS visit_at, NULL::INTEGER AS site_id WHERE false)",
    "visit_at",
  );
  return `SELECT win, gap_days, ${HOUR_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(", ")}
  FROM (${rows}) GROUP BY win, gap_days`;
}

/** The arrivals of the windows as hour sums (`win`, `day`, `site_id`, `hour`, `visits`), as gapsDaily. */
export function hoursDaily(sql: ReportSql): string {
  return sql.daily(
    "customer_flow_hours_daily",
    "(SELECT visit_at, visit_local::DATE AS day, site_id, hour(visit_local) AS hour, 1 AS visits FROM customer_visits)",
    "visit_at",
  );
}
