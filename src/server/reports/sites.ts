import type { ReportsIndex } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import type { ReportFilters } from "./filters.ts";

// The one place the reports look sites up: the site filter's code, the sites a per-site table lists,
// where they are (the map), and the list the filter bar offers.

export interface Site {
  id: number;
  code: string;
  name: string;
}

/** The site of a site filter's code, or null when there is none. */
export async function findSite(db: Queryable, code: string): Promise<Site | null> {
  const [row] = await db.query<Site>("SELECT id, code, name FROM sites WHERE code = $1", [code]);
  return row ?? null;
}

/**
 * The sites a per-site table lists even on a day without facts (a till that sends nothing is news): the
 * chosen site, or every active one. Shaped like the rows of the report queries (`site_id`, `site_name`),
 * with where they are.
 */
export function reportSites(db: Queryable, filters: Pick<ReportFilters, "site">) {
  return db.query<{ site_id: number; site_name: string; lat: number; lon: number }>(
    `SELECT id AS site_id, name AS site_name, lat, lon FROM sites WHERE ${filters.site ? "id = $1" : "active"} ORDER BY name`,
    filters.site ? [filters.site.id] : [],
  );
}

/** Every site for the filter bar: open ones first, closed ones marked. */
export const siteList = (db: Queryable) =>
  db.query<ReportsIndex["sites"][number]>(
    "SELECT code, name, city, active FROM sites ORDER BY active DESC, name",
  );
