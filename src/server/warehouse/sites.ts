import { listValue } from "@duckdb/node-api";
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
