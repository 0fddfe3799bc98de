import { addDays } from "../../../shared/reports/dates.ts";
import { localDate } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql, type WindowName } from "../sql.ts";

// The SQL of Abonnementen › Overzicht (REPORT-DEFINITIONS §5), over each membership's course (member-state.ts)
// and the membership events. A site filter narrows to the memberships sold at the chosen sites (their `site`);
// memberships sold online or in the app then drop out. Money is excl. VAT at the plan's rate. A "day" is a
// local day in Europe/Amsterdam; windows end at now when the period runs to now.

/** A plan's monthly price excl. VAT, in cents, of items `i`. */
const MONTHLY_EX_VAT = "i.price_cents * 100.0 / (100 + i.vat_rate_percent)";

/** The site filter on a membership's site column ("true" for all sites). */
const siteOf = (sql: ReportSql, column: string) => sql.siteCondition(column)[0] ?? "true";

/** The request's windows with their bounds as parameters: start, end (instants), first and last local day. */
function windows(sql: ReportSql): string {
  return sql.windows
    .map(([name, window]) => {
      sql.params[`${name}_start`] = window.start.toISOString();
      sql.params[`${name}_end`] = window.end.toISOString();
      sql.params[`${name}_from`] = window.from;
      // the last day the window reaches: today when it runs to now
      sql.params[`${name}_last`] = localDate(new Date(window.end.getTime() - 1));
      return `SELECT '${name}' AS win, $${name}_start::TIMESTAMPTZ AS win_start, $${name}_end::TIMESTAMPTZ AS win_end,
        $${name}_from::DATE AS win_from, $${name}_last::DATE AS win_last`;
    })
    .join(" UNION ALL ");
}

/**
 * Per window and local day: active members and MRR at the day's end (active at instant t: a stretch with
 * started_at ≤ t < ended_at), new members (signups) and ended ones, voluntary and involuntary.
 * Active members are counted from the stretches' starts and ends per day, added up over the days: a
 * stretch counts from the first day whose end is at or after its start, until the first whose end is at or
 * after its end.
 */
export function membersDailySql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const site = siteOf(sql, "site_id");
  // Only the days of the windows are shown: a start or end before the first one counts on the day before it
  // (adding up to the same running total) without working out its local day, ~250 ns a row through ICU.
  const first = sql.windows.reduce(
    (min, [, window]) => (window.start < min.start ? window : min),
    filters.current,
  );
  sql.params.first_start = first.start.toISOString();
  sql.params.day_before = addDays(first.from, -1);
  const dayOf = (instant: string) =>
    `CASE WHEN ${instant} < $first_start::TIMESTAMPTZ THEN $day_before::DATE ELSE ${sql.local(instant)}::DATE END`;
  const text = `WITH windows AS (${windows(sql)}),
  spans AS (
    SELECT s.started_at, s.ended_at, ${MONTHLY_EX_VAT} AS mrr
    FROM membership_spans s JOIN items i ON i.id = s.plan_item_id WHERE ${siteOf(sql, "s.site_id")}
  ), marks AS (
    SELECT ${dayOf("started_at - INTERVAL 1 MICROSECOND")} AS day, 1 AS members, mrr FROM spans
    UNION ALL
    SELECT ${dayOf("ended_at - INTERVAL 1 MICROSECOND")}, -1, -mrr FROM spans WHERE ended_at IS NOT NULL
  ), days AS (
    SELECT win, unnest(generate_series(win_from, win_last, INTERVAL 1 DAY))::DATE AS day FROM windows
  ), running AS (
    SELECT day, sum(sum(members)) OVER (ORDER BY day) AS active, sum(sum(mrr)) OVER (ORDER BY day) AS mrr_cents
    FROM (SELECT day, members, mrr FROM marks UNION ALL SELECT day, 0, 0 FROM days)
    GROUP BY day
  ), moves AS (
    SELECT day, sum(new) AS new, sum(ended_member) AS ended_member, sum(ended_system) AS ended_system FROM (
      SELECT ${dayOf("signed_up_at")} AS day, 1 AS new, 0 AS ended_member, 0 AS ended_system
      FROM membership_members WHERE ${site}
      UNION ALL
      SELECT ${dayOf("ended_at")}, 0, (ended_by = 'member')::INT, (ended_by = 'system')::INT
      FROM membership_members WHERE ended_at IS NOT NULL AND ${site}
    ) GROUP BY day
  )
  SELECT d.win, d.day::VARCHAR AS day, ${sql.bucket("d.day::TIMESTAMP")} AS bucket, r.active, r.mrr_cents, coalesce(m.new, 0) AS new,
    coalesce(m.ended_member, 0) AS ended_member, coalesce(m.ended_system, 0) AS ended_system
  FROM days d JOIN running r USING (day) LEFT JOIN moves m USING (day)
  ORDER BY d.win, d.day`;
  return { text, params: sql.params };
}

/**
 * Per window, per site of sale and per plan (and in total): active members and MRR at the window's end,
 * new members (by the plan they signed up on) and ended ones (by their plan at the end).
 */
export function membersAtEndSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH windows AS (${windows(sql)}), facts AS (
    SELECT w.win, s.site_id, s.plan_item_id, 1 AS active, ${MONTHLY_EX_VAT} AS mrr_cents, 0 AS new, 0 AS ended,
      0 AS ended_member, 0 AS ended_system
    FROM windows w JOIN membership_spans s ON s.started_at <= w.win_end AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > w.win_end
    JOIN items i ON i.id = s.plan_item_id
    WHERE ${siteOf(sql, "s.site_id")}
    UNION ALL
    SELECT w.win, m.site_id, m.signup_plan_item_id, 0, 0, 1, 0, 0, 0
    FROM windows w JOIN membership_members m ON m.signed_up_at >= w.win_start AND m.signed_up_at < w.win_end
    WHERE ${siteOf(sql, "m.site_id")}
    UNION ALL
    SELECT w.win, m.site_id, m.plan_item_id, 0, 0, 0, 1, (m.ended_by = 'member')::INT, (m.ended_by = 'system')::INT
    FROM windows w JOIN membership_members m ON m.ended_at >= w.win_start AND m.ended_at < w.win_end
    WHERE ${siteOf(sql, "m.site_id")}
  )
  SELECT win, CASE WHEN grouping(site_id) = 0 THEN 'site' WHEN grouping(plan_item_id) = 0 THEN 'plan' ELSE 'total' END AS grain,
    site_id, plan_item_id, sum(active) AS active, sum(mrr_cents) AS mrr_cents, sum(new) AS new, sum(ended) AS ended,
    sum(ended_member) AS ended_member, sum(ended_system) AS ended_system
  FROM facts GROUP BY GROUPING SETS ((win), (win, site_id), (win, plan_item_id))`;
  return { text, params: sql.params };
}

/** The whole calendar months of each window, with their first instant and the first of the next month. */
export interface ChurnMonth {
  win: WindowName;
  month: string;
  start: Date;
  end: Date;
}

/**
 * Per window and whole month: the members active at the month's first instant, and of those, the ones whose
 * membership ended within the month, voluntarily (`member`) and involuntarily (`system`).
 */
export function churnMonthsSql(filters: ReportFilters, months: ChurnMonth[]) {
  const sql = new ReportSql(filters);
  const site = siteOf(sql, "s.site_id");
  const values = months.map((month, i) => {
    sql.params[`month_${i}_start`] = month.start.toISOString();
    sql.params[`month_${i}_end`] = month.end.toISOString();
    return `('${month.win}', '${month.month}', $month_${i}_start::TIMESTAMPTZ, $month_${i}_end::TIMESTAMPTZ)`;
  });
  if (values.length === 0) return null;
  // A member's active stretches do not overlap, so stretches covering the month's first instant are members:
  // counted per month over all stretches (started by then minus ended by then) without pairing each month
  // with each stretch; the leavers, a few per month, are paired with their own stretches.
  const text = `WITH months(win, month, m_start, m_end) AS (VALUES ${values.join(", ")}),
  spans AS (SELECT s.member_id, s.started_at, s.ended_at FROM membership_spans s WHERE ${site}),
  starting AS (
    SELECT mo.win, mo.month,
      count(*) FILTER (WHERE s.started_at <= mo.m_start) - count(*) FILTER (WHERE s.ended_at <= mo.m_start) AS active_start
    FROM months mo, spans s GROUP BY mo.win, mo.month
  ), leavers AS MATERIALIZED (
    -- first the few leavers per month, then their stretches: joined the other way round, every stretch
    -- active at a month's start is paired with that month first (~3× slower at 10× the demo chain)
    SELECT mo.win, mo.month, mo.m_start, m.member_id, m.ended_by
    FROM months mo JOIN membership_members m ON m.ended_at >= mo.m_start AND m.ended_at < mo.m_end
  ), leaving AS (
    SELECT l.win, l.month, count(*) FILTER (WHERE l.ended_by = 'member') AS ended_member,
      count(*) FILTER (WHERE l.ended_by = 'system') AS ended_system
    FROM leavers l JOIN spans s ON s.member_id = l.member_id
      AND s.started_at <= l.m_start AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > l.m_start
    GROUP BY l.win, l.month
  )
  SELECT st.win, st.month, st.active_start, coalesce(l.ended_member, 0) AS ended_member,
    coalesce(l.ended_system, 0) AS ended_system
  FROM starting st LEFT JOIN leaving l USING (win, month)
  WHERE st.active_start > 0
  ORDER BY st.win, st.month`;
  return { text, params: sql.params };
}

/**
 * Per window: the charges collected, excl. VAT at the member's plan's rate (membership_charges keeps each
 * with its member's plan and site); the declines (`declined`); the declines whose 14 days are complete (day
 * 14 after the decline's local day is over) and of those the recovered ones (the member's first charge after
 * the decline at most 14 local days later, kept per decline in membership_declines).
 */
export function moneySql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  sql.params.today = localDate(filters.now);
  const charges = sql.facts("membership_charges", "occurred_at", { site: null });
  const declines = sql.facts("membership_declines", "occurred_at", { site: null });
  const day = (column: string) => `${sql.local(column)}::DATE`;
  const text = `WITH declines AS (${declines})
  SELECT win, sum(amount_cents * 100.0 / (100 + coalesce(i.vat_rate_percent, 21))) AS charged_cents,
    0 AS declined, 0 AS declines, 0 AS recovered
  FROM (${charges}) c LEFT JOIN items i ON i.id = c.plan_item_id WHERE ${siteOf(sql, "c.site_id")} GROUP BY win
  UNION ALL
  SELECT win, 0, count(*), count(*) FILTER (WHERE complete),
    count(*) FILTER (WHERE complete AND recovered_at IS NOT NULL AND ${day("recovered_at")} - local_day <= 14)
  FROM (SELECT *, ${day("occurred_at")} AS local_day, local_day + 15 <= $today::DATE AS complete FROM declines) d
    LEFT JOIN membership_members m USING (member_id)
  WHERE ${siteOf(sql, "m.site_id")}
  GROUP BY win`;
  return { text, params: sql.params };
}

/**
 * Per window, site of the wash and site of the membership: washes (sales with a wash programme) and of them
 * the free ones (a voucher paid all), the member washes (membership_washes) apart from the rest, from the
 * daily sums of both. `member_site` is null for the rest and for members sold online.
 */
export function washesSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  // whole days from the daily sums, a window's unfinished last day from the rows, in the same shape
  const days = sql.daily(
    "programme_visits_daily",
    "(SELECT site_id, occurred_at, free, 1 AS washes FROM programme_visits)",
  );
  const members = sql.daily(
    "membership_washes_daily",
    "(SELECT site_id, member_site_id, occurred_at, free, 1 AS washes FROM membership_washes)",
    "occurred_at",
    null,
  );
  const text = `WITH totals AS (
    SELECT win, site_id, sum(washes) AS washes, coalesce(sum(washes) FILTER (WHERE free), 0) AS free
    FROM (${days}) GROUP BY ALL
  ), members AS (
    SELECT win, site_id, member_site_id, sum(washes) AS washes, coalesce(sum(washes) FILTER (WHERE free), 0) AS free
    FROM (${members}) GROUP BY ALL
  ), member_totals AS (
    SELECT win, site_id, sum(washes) AS washes, sum(free) AS free FROM members GROUP BY ALL
  )
  SELECT win, site_id AS wash_site, member_site_id AS member_site, true AS member, washes, free FROM members
  UNION ALL
  SELECT t.win, t.site_id, NULL, false, t.washes - coalesce(m.washes, 0), t.free - coalesce(m.free, 0)
  FROM totals t LEFT JOIN member_totals m USING (win, site_id)`;
  return { text, params: sql.params };
}
