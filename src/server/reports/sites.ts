import type { Queryable } from "../db/database.ts";
import type { ReportFilters } from "./filters.ts";

/**
 * The sites a per-site table lists even on a day without facts (a till that sends nothing is news): the
 * chosen site, or every active one. Shaped like the rows of the report queries (`site_id`, `site_name`).
 */
export async function reportSites(db: Queryable, filters: ReportFilters) {
  if (filters.site) return [{ site_id: filters.site.id, site_name: filters.site.name }];
  return db.query<{ site_id: number; site_name: string }>(
    "SELECT id AS site_id, name AS site_name FROM sites WHERE active ORDER BY name",
  );
}
