import { type DuckDBValue, listValue } from "@duckdb/node-api";
import type { ReportsIndex } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import type { ReportFilters } from "./filters.ts";
import { siteCondition } from "./sql.ts";

// The one place the reports look sites up: the site filter's code, the sites a per-site table lists,
// where they are (the map), and the list the filter bar offers.

export interface Site {
  id: number;
  code: string;
  name: string;
}

/** The sites of a site filter's codes, by name; a code without a site is missing from the answer. */
export function findSites(db: Queryable, codes: string[]): Promise<Site[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.query<Site>(
    "SELECT id, code, name FROM sites WHERE code IN (SELECT unnest($1::VARCHAR[])) ORDER BY name",
    [listValue(codes)],
  );
}

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

/** Every site for the filter bar: open ones first, closed ones marked. */
export const siteList = (db: Queryable) =>
  db.query<ReportsIndex["sites"][number]>(
    "SELECT code, name, city, active FROM sites ORDER BY active DESC, name",
  );
