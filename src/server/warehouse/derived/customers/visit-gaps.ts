import type { KeyedDailySums } from "./keyed-daily-sums.ts";

// Daily histograms of the days between visits (migration 104, customer_visit_gaps_daily), from which Nieuw /
// Terugkerend over a window that no calendar period holds (Laatste 30 dagen) is read instead of the window's
// visits (reports/customers/visit-gaps.ts).
//
// A visit on local day d is the customer's first in a window from day W on exactly when its previous visit
// lies before W: more than d − W days back. Its customer is new in the window when its first visit ever lies
// on W or later: at most d − W days back. Both follow from the visit's own row, so they sum per day and site;
// for a window of at most GAP_DAYS days, d − W < GAP_DAYS, so gaps from GAP_DAYS on need no telling apart.

export const GAP_DAYS = 31;
/** The gap of a visit without a previous one. */
export const NO_PREVIOUS_GAP = GAP_DAYS + 1;

const daysBack = (earlier: string) => `least(visit_local::DATE - ${earlier}::DATE, ${GAP_DAYS})`;
// (least() passes over a NULL)
const gapOf = (previous: string) =>
  `CASE WHEN ${previous} IS NULL THEN ${NO_PREVIOUS_GAP} ELSE ${daysBack(previous)} END`;

/**
 * Up to three rows per visit of customer_visits matching `where`, one per histogram it counts in (the third
 * only for a customer's first visit at the site), from one scan.
 */
export const gapRows = (where: string, select = "") => `SELECT * FROM (
    SELECT ${select}visit_local::DATE AS day, site_id,
      unnest([${gapOf("previous_visit_local")}, ${gapOf("previous_site_visit_local")},
        CASE WHEN previous_site_visit_local IS NULL THEN ${daysBack("first_visit_local")} END]) AS gap,
      unnest([1, 0, 0]) AS visits, unnest([0, 1, 0]) AS site_visits, unnest([0, 0, 1]) AS site_first_visits
    FROM customer_visits WHERE ${where}
  ) WHERE gap IS NOT NULL`;

export const VISIT_GAPS_DAILY: KeyedDailySums = {
  table: "customer_visit_gaps_daily",
  keys: ["gap"],
  sums: ["visits", "site_visits", "site_first_visits"],
  rows: (where) => gapRows(where),
};
