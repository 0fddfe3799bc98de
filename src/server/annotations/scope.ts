import type { Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { findSites, type Site, unknownSites } from "../warehouse/sites.ts";
import { endOfDay, startOfDay } from "../warehouse/time-zone.ts";

/** What annotations are asked for: inclusive local dates, their instants, and the chosen sites (none: all). */
export interface AnnotationScope {
  from: string;
  to: string;
  start: Date;
  /** Exclusive: the end of `to`. */
  end: Date;
  sites: Site[];
}

/** The scope of a validated query; an unknown site code is a 422 on `site`. */
export async function annotationScope(
  db: Queryable,
  query: { from: string; to: string; site: string[] },
): Promise<AnnotationScope> {
  const sites = await findSites(db, query.site);
  const message = unknownSites(query.site, sites);
  if (message) {
    throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path: "site", message }]);
  }
  return { from: query.from, to: query.to, start: startOfDay(query.from), end: endOfDay(query.to), sites };
}
