import type { DuckDBValue } from "@duckdb/node-api";
import type { ReportsIndex } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { type Site, siteCondition } from "../warehouse/sites.ts";
import type { ReportFilters } from "./filters.ts";

// Where the reports look sites up: the sites a per-site table lists, where they are (the map), and the
// list the filter bar offers. The site filter's codes become sites in src/server/warehouse/sites.ts.

/**
 * The sites a per-site table lists even on a day without facts (a till that sends nothing is news): the
 * chosen sites, or every active one. Shaped like the rows of the report queries (`site_id`, `site_name`),
 * with where they are.
 */
export function reportSites(db: Queryable, filters: Pick<ReportFilters, "sites">) {
  const params: Record<string, DuckDBValue> = {};
  const chosen = siteCondition("id", filters.sites, params);
  return db.query<{ site_id: number; site_name: string; site_code: string; lat: number; lon: number }>(
    `SELECT id AS site_id, name AS site_name, code AS site_code, lat, lon FROM sites WHERE ${chosen[0] ?? "active"} ORDER BY name`,
    params,
  );
}

export type ReportSites = Awaited<ReturnType<typeof reportSites>>;

/** The report's sites as the warehouse names them (the forecast, the site condition). */
export const asSites = (rows: ReportSites): Site[] =>
  rows.map((row) => ({ id: row.site_id, code: row.site_code, name: row.site_name }));

/** Every site for the filter bar: open ones first, closed ones marked. */
export const siteList = (db: Queryable) =>
  db.query<ReportsIndex["sites"][number]>(
    "SELECT code, name, city, active FROM sites ORDER BY active DESC, name",
  );
