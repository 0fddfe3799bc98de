import type { Annotation } from "../../shared/annotations/annotations.ts";
import { holidaysBetween } from "../../shared/annotations/holidays.ts";
import type { Queryable } from "../db/database.ts";
import { dataGaps } from "./data-gaps.ts";
import { notesIn } from "./notes.ts";
import type { AnnotationScope } from "./scope.ts";
import { weatherDays } from "./weather-days.ts";

// Everything a chart marks for a period and sites: public holidays, promotions starting and ending, data
// gaps, notable weather and notes, in date order.

const chainWide = (kind: Annotation["kind"], date: string, text: string): Annotation => ({
  kind,
  date,
  from: null,
  to: null,
  site: null,
  text,
  id: null,
  createdBy: null,
});

/**
 * Promotions whose first or last valid day lies in the period. Promotions are chain-wide (they have no
 * site), so they are marked whatever the site filter. A promotion without an end date only starts.
 */
async function promotionDates(db: Queryable, scope: AnnotationScope): Promise<Annotation[]> {
  const rows = await db.query<{ name: string; valid_from: string; valid_to: string | null }>(
    `SELECT name, valid_from::VARCHAR AS valid_from, valid_to::VARCHAR AS valid_to FROM promotions
     WHERE valid_from BETWEEN $1::DATE AND $2::DATE OR valid_to BETWEEN $1::DATE AND $2::DATE
     ORDER BY valid_from, name`,
    [scope.from, scope.to],
  );
  const inPeriod = (date: string | null): date is string => !!date && date >= scope.from && date <= scope.to;
  return rows.flatMap((row) => [
    ...(inPeriod(row.valid_from)
      ? [chainWide("promotion-start", row.valid_from, `Start actie ${row.name}`)]
      : []),
    ...(inPeriod(row.valid_to)
      ? [chainWide("promotion-end", row.valid_to, `Laatste dag actie ${row.name}`)]
      : []),
  ]);
}

export async function annotationsFor(
  db: Queryable,
  scope: AnnotationScope,
  now: Date,
): Promise<Annotation[]> {
  const holidays = holidaysBetween(scope.from, scope.to).map((h) => chainWide("holiday", h.date, h.name));
  const [promotions, gaps, weather, notes] = await Promise.all([
    promotionDates(db, scope),
    dataGaps(db, scope, now),
    weatherDays(db, scope),
    notesIn(db, scope),
  ]);
  // Stable sort: within a date, holidays, promotions, gaps, weather, then notes.
  return [...holidays, ...promotions, ...gaps, ...weather, ...notes].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}
