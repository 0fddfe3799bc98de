import { listValue } from "@duckdb/node-api";
import type { Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { endOfDay, startOfDay } from "../warehouse/time-zone.ts";

/** What annotations are asked for: inclusive local dates, their instants, and the chosen sites (none: all). */
export interface AnnotationScope {
  from: string;
  to: string;
  start: Date;
  /** Exclusive: the end of `to`. */
  end: Date;
  sites: { id: number; code: string; name: string }[];
}

/** The scope of a validated query; an unknown site code is a 422 on `site`. */
export async function annotationScope(
  db: Queryable,
  query: { from: string; to: string; site: string[] },
): Promise<AnnotationScope> {
  const sites = query.site.length
    ? await db.query<AnnotationScope["sites"][number]>(
        "SELECT id, code, name FROM sites WHERE code IN (SELECT unnest($1::VARCHAR[])) ORDER BY name",
        [listValue(query.site)],
      )
    : [];
  const unknown = query.site.filter((code) => !sites.some((site) => site.code === code));
  if (unknown.length) {
    const message = `Deze vestiging bestaat niet: ${unknown.join(", ")}.`;
    throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path: "site", message }]);
  }
  return { from: query.from, to: query.to, start: startOfDay(query.from), end: endOfDay(query.to), sites };
}
