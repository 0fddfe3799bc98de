import type { Queryable } from "../db/database.ts";
import { localTimeSql } from "../warehouse/buckets.ts";
import { syncCustomerVisits } from "../warehouse/derived/customers/visits-sync.ts";

// The raw counts of the experiments report, for every phase of every experiment in one pass over the
// events (REPORT-DEFINITIONS §4). Definitions, once:
// - Unit: a visitor-day (visitor ids rotate daily): a visitor id and the Amsterdam date of the exposure.
//   The unit belongs to the variant of its first exposure within the phase [start, end).
// - A unit exposed to more than one variant is left out and counted ('#multiple'); a unit exposed only to
//   a variant the experiment does not have is left out and counted ('#unknown').
// - Goal events (conversion, voucher claim) count only on the unit's day, at or after its first exposure
//   and before the phase ends: a purchase before the exposure was not caused by it.
// - converted: units with ≥ 1 conversion; revenue: Σ conversion revenue of the unit, capped at the pooled
//   99th percentile of the units that bought (the same cap for every arm; zeros are left out of the
//   percentile, or a 3 % conversion rate would cap almost every purchase).
// - bounced: the session of the first exposure was a bounce (one pageview, no interactive event).
// - Journey: vouchers claimed by the unit, redeemed at a till within 30 days of the claim (redemptions), and
//   of those the redemptions by a plate on its first visit ever — no read of the plate before 30 minutes
//   ahead of the redeeming transaction (first_washes).

export interface PhaseDayRow {
  experiment: string;
  phase: number;
  /** Amsterdam date, YYYY-MM-DD. */
  day: string;
  /** A variant key, or '#multiple' / '#unknown' for units left out. */
  variant: string;
  units: number;
  converted: number;
  conversions: number;
  /** Σ capped revenue per unit and Σ of its squares, in cents. */
  revenue: number;
  revenue_squares: number;
  claimed: number;
  bounced: number;
  redemptions: number;
  first_washes: number;
  /** The phase's revenue cap in cents; null when nobody bought. */
  cap: number | null;
}

/**
 * The SQL for the phases that started within [start, end). Local days come from the shared offset helper
 * (buckets.ts), not from timezone() per row, which is ~10× slower.
 */
export function experimentCountsSql(start: Date, end: Date): string {
  const localDay = (column: string) => `CAST(${localTimeSql(column, [{ start, end }])} AS DATE)`;
  return `
WITH phases AS (
  SELECT e.id AS experiment_id, e.key AS experiment, p.phase, p.started_at AS starts,
    coalesce(p.ended_at, $now::TIMESTAMPTZ) AS ends
  FROM experiments e JOIN experiment_phases p ON p.experiment_id = e.id
  WHERE p.started_at IS NOT NULL
),
exposures AS (
  SELECT p.experiment_id, p.phase, w.visitor_id, w.session_id, w.occurred_at,
    w.variant_key, ${localDay("w.occurred_at")} AS day
  FROM web_events w JOIN phases p
    ON w.experiment_key = p.experiment AND w.occurred_at >= p.starts AND w.occurred_at < p.ends
  WHERE w.kind = 'experiment'
),
-- unit_id: an integer key, so the joins below compare one number instead of four columns
units AS MATERIALIZED (
  SELECT row_number() OVER () AS unit_id, x.*, p.experiment, p.ends FROM (
    SELECT experiment_id, phase, visitor_id, day, min(occurred_at) AS first_at,
      arg_min(session_id, occurred_at) AS session_id, arg_min(variant_key, occurred_at) AS variant,
      -- several variants: min and max differ (cheaper than count(DISTINCT …) per group)
      min(variant_key) <> max(variant_key) AS multiple
    FROM exposures GROUP BY experiment_id, phase, visitor_id, day
  ) x JOIN phases p USING (experiment_id, phase)
),
events AS MATERIALIZED (
  SELECT u.unit_id, g.kind, g.revenue_cents, g.voucher_code, g.occurred_at
  FROM units u JOIN web_events g
    ON g.visitor_id = u.visitor_id AND g.occurred_at >= u.first_at AND g.occurred_at < u.ends
  WHERE NOT u.multiple AND g.kind IN ('conversion', 'voucher')
    AND ${localDay("g.occurred_at")} = u.day
),
unit_events AS (
  SELECT unit_id,
    count(*) FILTER (WHERE kind = 'conversion') AS conversions,
    coalesce(sum(revenue_cents) FILTER (WHERE kind = 'conversion'), 0) AS revenue,
    count(*) FILTER (WHERE kind = 'voucher') AS claims
  FROM events GROUP BY unit_id
),
unit_redemptions AS (
  SELECT e.unit_id, count(*) AS redemptions,
    count(*) FILTER (WHERE t.plate IS NOT NULL
      AND (f.first_visit_at IS NULL OR f.first_visit_at >= t.occurred_at - INTERVAL 30 MINUTE)) AS first_washes
  FROM events e
    JOIN vouchers v ON v.code = e.voucher_code
    JOIN transactions t ON t.id = v.redeemed_transaction_id AND t.occurred_at <= e.occurred_at + INTERVAL 30 DAY
      -- redemptions follow the claim: the range lets DuckDB skip older row groups
      AND t.occurred_at >= $since::TIMESTAMPTZ
    LEFT JOIN customers f ON f.plate = t.plate
  WHERE e.kind = 'voucher'
  GROUP BY e.unit_id
),
per_unit AS MATERIALIZED (
  SELECT u.experiment, u.phase, u.day,
    CASE WHEN u.multiple THEN '#multiple' WHEN v.key IS NULL THEN '#unknown' ELSE u.variant END AS variant,
    coalesce(s.is_bounce, false) AS bounced, coalesce(ev.conversions, 0) AS conversions,
    coalesce(ev.revenue, 0) AS revenue, coalesce(ev.claims, 0) AS claims,
    coalesce(r.redemptions, 0) AS redemptions, coalesce(r.first_washes, 0) AS first_washes
  FROM units u
    LEFT JOIN experiment_variants v ON v.experiment_id = u.experiment_id AND v.key = u.variant
    LEFT JOIN unit_events ev USING (unit_id)
    LEFT JOIN unit_redemptions r USING (unit_id)
    LEFT JOIN web_sessions s ON s.id = u.session_id
      AND s.started_at >= $since::TIMESTAMPTZ - INTERVAL 1 DAY
),
caps AS (
  SELECT experiment, phase, quantile_cont(revenue, 0.99) FILTER (WHERE revenue > 0) AS cap
  FROM per_unit WHERE variant NOT LIKE '#%' GROUP BY ALL
)
SELECT p.experiment, p.phase, strftime(p.day, '%Y-%m-%d') AS day, p.variant,
  count(*) AS units,
  count(*) FILTER (WHERE p.conversions > 0) AS converted,
  sum(p.conversions) AS conversions,
  sum(least(p.revenue, coalesce(c.cap, p.revenue))) AS revenue,
  sum(least(p.revenue, coalesce(c.cap, p.revenue)) ^ 2) AS revenue_squares,
  count(*) FILTER (WHERE p.claims > 0) AS claimed,
  count(*) FILTER (WHERE p.bounced) AS bounced,
  sum(p.redemptions) AS redemptions,
  sum(p.first_washes) AS first_washes,
  any_value(c.cap) AS cap
FROM per_unit p LEFT JOIN caps c USING (experiment, phase)
GROUP BY ALL
ORDER BY p.experiment, p.phase, day, p.variant`;
}

/** How long counts may lag the newest events: experiment decisions are daily, a minute is invisible. */
export const COUNTS_MAX_AGE_MS = 60_000;

interface CachedCounts {
  definitions: string;
  facts: string;
  at: number;
  rows: PhaseDayRow[];
}

const cache = new WeakMap<Queryable, CachedCounts>();

/**
 * Counts per experiment, phase, day and variant, for the phases that started at or after `since`
 * (the customers brought up to date first). The pass over the events is the expensive part, and its
 * answer only changes with the facts: it is reused while no event, redemption or read arrived, or for at
 * most a minute while they arrive; a change to an experiment (start, weights, stop) is seen at once.
 */
export async function experimentCounts(db: Queryable, since: Date, now: Date): Promise<PhaseDayRow[]> {
  const [state] = await db.query<{ definitions: string; facts: string }>(
    `SELECT
    (SELECT coalesce(sum(version), 0) FROM experiments) || '/' || (SELECT count(*) FROM experiment_phases)
      || '/' || $since AS definitions,
    (SELECT count(*) FROM web_events) || '/' || (SELECT count(*) FROM vouchers WHERE redeemed_at IS NOT NULL)
      || '/' || (SELECT count(*) FROM plate_reads) AS facts`,
    { since: since.toISOString() },
  );
  const cached = cache.get(db);
  const fresh =
    cached &&
    cached.definitions === state.definitions &&
    (cached.facts === state.facts || now.getTime() - cached.at < COUNTS_MAX_AGE_MS);
  if (cached && fresh) return cached.rows;
  await syncCustomerVisits(db);
  const rows = await db.query<PhaseDayRow>(experimentCountsSql(since, now), {
    now: now.toISOString(),
    since: since.toISOString(),
  });
  cache.set(db, { ...state, at: now.getTime(), rows });
  return rows;
}
