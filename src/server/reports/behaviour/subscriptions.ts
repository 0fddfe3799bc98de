import type { ReportSql } from "../sql.ts";

// Subscriptions, from their payments: a sale of a subscription item (monthly, online) with the plate it is
// for (subscription_payments, kept by programme-visits-sync.ts: list syncProgrammeVisits in the report's syncs).
// A subscription ("spell") is a run of payments of one plate at most 35 days apart; it starts at its first
// payment and ends one month after its last, once that moment has passed with no new payment.
// Counted per site of the payment when a site is chosen. The spells of every site together and of each site
// alone are kept in subscription_spells (migration 088) by the same sync; a choice of several sites works
// them out from the payments per request.

/** 35 days in microseconds: TIMESTAMPTZ arithmetic goes through ICU, per row far slower than integers. */
const GAP_US = 35 * 86_400_000_000;
const PAID_PERIOD = "INTERVAL 1 MONTH";

/**
 * The spells (site_id, plate, started_at, paid_until) of `payments`, a relation of (site_id, plate,
 * occurred_at): per site_id as given (null: one scope of its own), per plate.
 */
export function spellsSql(payments: string): string {
  return `WITH timed AS (
    SELECT site_id, plate, occurred_at, epoch_us(occurred_at) AS t FROM (${payments})
  ), numbered AS (
    -- a payment more than GAP after the plate's previous one starts a new spell
    SELECT site_id, plate, occurred_at,
      sum(CASE WHEN t - prior <= ${GAP_US} THEN 0 ELSE 1 END) OVER (PARTITION BY site_id, plate ORDER BY t) AS spell
    FROM (SELECT *, lag(t) OVER (PARTITION BY site_id, plate ORDER BY t) AS prior FROM timed)
  )
  SELECT site_id, plate, min(occurred_at) AS started_at, max(occurred_at) + ${PAID_PERIOD} AS paid_until
  FROM numbered GROUP BY site_id, plate, spell`;
}

/**
 * The rows of subscription_spells for the plates in `plates` (a table with a plate column), both scopes:
 * all sites (site_id null) and each site alone.
 */
export const storedSpellsSql = (plates: string) =>
  spellsSql(`SELECT site_id, plate, occurred_at FROM subscription_payments WHERE plate IN (SELECT plate FROM ${plates})
    UNION ALL SELECT NULL, plate, occurred_at FROM subscription_payments WHERE plate IN (SELECT plate FROM ${plates})`);

/** The spells of the request's sites: stored for all sites and for one, worked out for several. */
function requestSpells(sql: ReportSql): string {
  const [site] = sql.siteCondition("site_id");
  if (sql.filters.sites.length <= 1) {
    return `SELECT started_at, paid_until FROM subscription_spells WHERE ${site ?? "site_id IS NULL"}`;
  }
  return `SELECT started_at, paid_until FROM (${spellsSql(
    `SELECT NULL::INTEGER AS site_id, plate, occurred_at FROM subscription_payments WHERE ${site}`,
  )})`;
}

/**
 * Per window (`win`) and per calendar month of the window (cut to the window): started and ended (spells
 * that started, or ended, within the window), active_end (running at the window's end), and for churn
 * active_starts (running at the month part's start) and churned (of those, ended within the part).
 * Needs `$now`.
 */
export function subscriptionSpellsSql(sql: ReportSql): string {
  for (const [name, window] of sql.windows) {
    sql.params[`${name}_start`] = window.start.toISOString();
    sql.params[`${name}_end`] = window.end.toISOString();
    sql.params[`${name}_from`] = window.from;
    sql.params[`${name}_to`] = window.to;
  }
  const windows = sql.windows
    .map(
      ([name]) => `SELECT '${name}' AS win, $${name}_start::TIMESTAMPTZ AS win_start,
      $${name}_end::TIMESTAMPTZ AS win_end, $${name}_from::DATE AS win_from, $${name}_to::DATE AS win_to`,
    )
    .join("\n    UNION ALL ");
  return `WITH spells AS (
    SELECT started_at, CASE WHEN paid_until <= $now::TIMESTAMPTZ THEN paid_until END AS ended_at
    FROM (${requestSpells(sql)})
  ), windows AS (
    ${windows}
  ), parts AS (
    -- each calendar month of a window, cut to the window
    SELECT win, greatest(win_start, timezone('Europe/Amsterdam', m::TIMESTAMP)) AS part_start,
      least(win_end, timezone('Europe/Amsterdam', (m + INTERVAL 1 MONTH)::TIMESTAMP)) AS part_end
    FROM windows, generate_series(date_trunc('month', win_from)::TIMESTAMP, win_to::TIMESTAMP, INTERVAL 1 MONTH) g(m)
  )
  SELECT w.win,
    count_if(e.started_at >= w.win_start AND e.started_at < w.win_end) AS started,
    count_if(e.ended_at >= w.win_start AND e.ended_at < w.win_end) AS ended,
    count_if(e.started_at < w.win_end AND (e.ended_at IS NULL OR e.ended_at >= w.win_end)) AS active_end,
    0 AS active_starts, 0 AS churned
  FROM windows w, spells e GROUP BY w.win
  UNION ALL
  SELECT p.win, 0, 0, 0,
    count_if(e.started_at < p.part_start AND (e.ended_at IS NULL OR e.ended_at >= p.part_start)) AS active_starts,
    count_if(e.started_at < p.part_start AND e.ended_at >= p.part_start AND e.ended_at < p.part_end) AS churned
  FROM parts p, spells e GROUP BY p.win`;
}
