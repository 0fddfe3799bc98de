import { type DuckDBValue, listValue } from "@duckdb/node-api";
import type { Queryable } from "../db/database.ts";

// Sites by their codes: the one place where the codes a request names (a report's site filter, the
// annotations' `site`, a note's site) become sites, and what is said about a code without one.

export interface Site {
  id: number;
  code: string;
  name: string;
}

/** The sites of these codes, by name; a code without a site is missing from the answer. */
export function findSites(db: Queryable, codes: readonly string[]): Promise<Site[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.query<Site>(
    "SELECT id, code, name FROM sites WHERE code IN (SELECT unnest($1::VARCHAR[])) ORDER BY name",
    [listValue([...codes])],
  );
}

/** What to say on the field when some of the codes named no site (in the order asked); null when all did. */
export function unknownSites(codes: readonly string[], sites: readonly Site[]): string | null {
  const missing = codes.filter((code) => !sites.some((site) => site.code === code));
  if (missing.length === 0) return null;
  return `Onbekende vestiging${missing.length > 1 ? "en" : ""}: ${missing.join(", ")}.`;
}

/**
 * THE site filter as SQL: `column = $site_id` for one site, `column IN ($site_id_0, …)` for several, nothing
 * for all. Every query narrowing to the chosen sites says it this way, so one site and a set mean the same.
 */
export function siteCondition(
  column: string,
  sites: readonly Site[],
  params: Record<string, DuckDBValue>,
): string[] {
  if (sites.length === 0) return [];
  if (sites.length === 1) {
    params.site_id = sites[0].id;
    return [`${column} = $site_id`];
  }
  const names = sites.map((site, i) => {
    params[`site_id_${i}`] = site.id;
    return `$site_id_${i}`;
  });
  return [`${column} IN (${names.join(", ")})`];
}
