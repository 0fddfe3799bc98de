import { siteCondition } from "../../warehouse/sites.ts";
import { type Metric, metric } from "../envelope.ts";
import { sum } from "../metrics.ts";
import type { ReportSql } from "../sql.ts";

// What every KLANTEN report means by a customer and a visit, and the SQL fragments that say it, once.
//
// customer: a normalised plate (no-reads are nobody).
// visit: a customer's arrival at a site; reads of the plate at the site at most 30 minutes apart are one
//   visit (visits-sync.ts works them out into customer_visits, one row per visit, at its first read).
// scope: with sites chosen, the figures look at those sites' visits only; "the previous visit" is then the
//   customer's previous visit at one of those sites. Without any, at any site.
// new: the customer's first visit ever, at any site of the chain, falls in the period (or bucket);
//   returning: seen before it. So with a site chosen, "new" is new to the chain, not to the site.

/**
 * The visits of both windows (`win`), at the chosen sites if any. With several sites, their `win`,
 * `customer_id`, `site_id`, `visit_at` and `visit_local`, each with the previous visit within the set
 * (`previous_set_visit_at`, `…_local`): for a query that needs how long ago the previous visit was (Flow's
 * gaps). Whether a visit is a customer's first of its window or bucket is cheaper to know: firstVisitFacts.
 */
export function visitFacts(sql: ReportSql) {
  const facts = sql.facts("customer_visits", "visit_at");
  if (sql.filters.sites.length < 2) return facts;
  // Most visits say it themselves: the previous visit at any site was at this site (or there is none), so
  // it is also the previous one within the set. Only the others look up the latest earlier visit at one of
  // the set's sites, among their own customers' visits; a window over the set's whole history cost more.
  // The facts are read twice rather than kept: a kept copy of every column of a year cost more than a scan.
  const [sites] = siteCondition("site_id", sql.filters.sites, sql.params);
  const columns = "win, customer_id, site_id, visit_at, visit_local";
  return `WITH unsure AS MATERIALIZED (
    SELECT ${columns} FROM (${facts}) WHERE previous_visit_at IS DISTINCT FROM previous_site_visit_at
  ), earlier AS (
    SELECT customer_id, visit_at, visit_local FROM customer_visits
    WHERE ${sites} AND visit_at < $current_end::TIMESTAMPTZ AND customer_id IN (SELECT customer_id FROM unsure)
  )
  SELECT ${columns}, previous_visit_at AS previous_set_visit_at, previous_visit_local AS previous_set_visit_local
  FROM (${facts}) WHERE previous_visit_at IS NOT DISTINCT FROM previous_site_visit_at
  UNION ALL
  SELECT u.*, e.visit_at AS previous_set_visit_at, e.visit_local AS previous_set_visit_local
  FROM unsure u ASOF LEFT JOIN earlier e ON e.customer_id = u.customer_id AND e.visit_at < u.visit_at`;
}

/**
 * The visits of both windows with their `bucket` (visitBucket) and `win_start` (windowStart), for
 * firstVisitOf. With several sites, also whether each is the customer's first within the set of its window
 * (`set_first_window`) and of its bucket (`set_first_bucket`). Most visits say so themselves: none before
 * it at any site since the start (first), or one at its own site (not first). Only a visit whose previous
 * visit was at another site since then needs the previous visit within the set: worked out for those
 * customers alone (~4% of a year's visits at two sites), where a window over all the set's visits cost
 * seconds.
 */
export function firstVisitFacts(sql: ReportSql) {
  const facts = `SELECT *, ${visitBucket(sql)} AS bucket, ${windowStart(sql)} AS win_start
    FROM (${sql.facts("customer_visits", "visit_at")})`;
  if (sql.filters.sites.length < 2) return facts;
  const bucketStart = sql.bucketStart("bucket");
  return `WITH set_visits AS (
    SELECT *,
      CASE WHEN previous_visit_at IS NULL OR previous_visit_at < win_start THEN true
        WHEN previous_site_visit_at >= win_start THEN false END AS sure_window,
      CASE WHEN previous_visit_local IS NULL OR previous_visit_local < ${bucketStart} THEN true
        WHEN previous_site_visit_local >= ${bucketStart} THEN false END AS sure_bucket
    FROM (${facts})
  ), unsure AS MATERIALIZED (
    SELECT DISTINCT win, customer_id FROM set_visits WHERE sure_window IS NULL OR sure_bucket IS NULL
  ), previous_in_set AS (
    SELECT win, customer_id, site_id, visit_at, lag(visit_at) OVER earlier AS previous_at,
      lag(visit_local) OVER earlier AS previous_local
    FROM set_visits SEMI JOIN unsure USING (win, customer_id)
    WINDOW earlier AS (PARTITION BY win, customer_id ORDER BY visit_at)
  )
  SELECT v.*,
    coalesce(sure_window, p.previous_at IS NULL OR p.previous_at < v.win_start) AS set_first_window,
    coalesce(sure_bucket, p.previous_local IS NULL OR p.previous_local < ${bucketStart}) AS set_first_bucket
  FROM set_visits v LEFT JOIN previous_in_set p USING (win, customer_id, site_id, visit_at)`;
}

/** The sites a figure is limited to (ReportFilters' `sites`, or one site's id); none: all sites. */
export type VisitScope = { sites: readonly { id: number }[] };

/** The customer's previous visit within the scope: its instant and its local time (columns). */
export function previousVisit(filters: VisitScope) {
  if (filters.sites.length === 0) return { at: "previous_visit_at", local: "previous_visit_local" };
  if (filters.sites.length === 1) return { at: "previous_site_visit_at", local: "previous_site_visit_local" };
  return { at: "previous_set_visit_at", local: "previous_set_visit_local" };
}

/** The bucket (local start, the request's granularity) of a visit row. */
export const visitBucket = (sql: ReportSql) => sql.bucket("visit_local");

/** SQL: the start (TIMESTAMPTZ) of the window a fact row belongs to, from its `win`. */
export const windowStart = (sql: ReportSql) =>
  `CASE win ${sql.windows.map(([name]) => `WHEN '${name}' THEN $${name}_start::TIMESTAMPTZ`).join(" ")} END`;

/**
 * SQL condition on a visit row of no site or one site (customer_visits): the customer's previous visit
 * within the scope lies before `start` or there is none, so this is the customer's first visit since then.
 * Counting such rows of a window that starts at `start` counts its distinct customers (unique plates).
 */
export function firstVisitSince(filters: VisitScope, start: string) {
  const previous = previousVisit(filters);
  return `(${previous.at} IS NULL OR ${previous.at} < ${start})`;
}

/** SQL condition on a visit row: the customer is new since `start` (first visit ever, at any site). */
export const newSince = (start: string) => `first_visit_at >= ${start}`;

/**
 * SQL conditions on a visit row: it is the customer's first visit (within the scope) of the window, and of
 * its bucket (`bucket`: the row's bucket start from visitBucket, clipped to the window by bucketStart).
 * Counting such rows counts distinct customers in one pass, without DISTINCT. `start`: the window start,
 * or a column holding windowStart once per row when several conditions need it (the CASE is then worked
 * out once, not per condition).
 */
export function firstVisitOf(sql: ReportSql, bucket = "bucket", start = windowStart(sql)) {
  // within a set, on the rows of firstVisitFacts
  if (sql.filters.sites.length > 1) return { window: "set_first_window", bucket: "set_first_bucket" };
  const previous = previousVisit(sql.filters);
  return {
    window: firstVisitSince(sql.filters, start),
    // a getter: the clipped start adds parameters, which a query that does not use it must not carry
    get bucket() {
      return `(${previous.local} IS NULL OR ${previous.local} < ${sql.bucketStart(bucket)})`;
    },
  };
}

/** SQL conditions: the customer's first visit ever lies in the window, or in the visit's (clipped) bucket. */
export function newCustomerOf(sql: ReportSql, bucket = "bucket", start = windowStart(sql)) {
  return {
    window: newSince(start),
    // the first visit is never after this one, so it is in the bucket when it is not before its start
    get bucket() {
      return `first_visit_local >= ${sql.bucketStart(bucket)}`;
    },
  };
}

/** visits: arrivals of customers, as defined above. */
export const visitsMetric = <R extends { visits: number }>(): Metric<R> =>
  metric("visits", (row) => sum(row?.visits));

/** plates: distinct customers who came; per bar: distinct within that hour, day, week or month. */
export const platesMetric = <R extends { plates: number }>(): Metric<R> =>
  metric("plates", (row) => sum(row?.plates));
