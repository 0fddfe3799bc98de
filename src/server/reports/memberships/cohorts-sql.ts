import { addMonths, startOfMonth } from "../../../shared/reports/dates.ts";
import { localTimeSql } from "../../warehouse/buckets.ts";
import { localDate, startOfDay } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql } from "../sql.ts";

// The SQL of Abonnementen › Cohorten (REPORT-DEFINITIONS §5): the members who signed up in each month of the
// 24 up to the end of the period (a cohort per month; two years, so that a year's retention and value have
// cohorts to go on), with, k = 0 … 12 months later, how many of them
// were still active at the end of month m + k and what they had paid (excl. VAT) in their first k months.

export const COHORT_MONTHS = 24;
/** The last k a cohort is followed to. */
export const MAX_K = 12;

/** The first instant of the local month `months` after the month of DATE `month`. */
const monthStart = (month: string, months: string) =>
  `timezone('Europe/Amsterdam', (${month} + to_months(${months}))::TIMESTAMP)`;

/** The first day of the cohorts' first month: 23 months before the month of the period's last day. */
export function firstCohortMonth(filters: ReportFilters): string {
  const last = localDate(new Date(filters.current.end.getTime() - 1));
  return addMonths(startOfMonth(last), -(COHORT_MONTHS - 1));
}

/**
 * Per cohort month, channel of sale, promotion (by the signup's voucher code; null without one) and k:
 * `members` (the cohort part's size), `retained` (active at the first instant of month m + k + 1) and
 * `paid_cents` (charges excl. VAT at the plan's rate, in months m … m + k − 1); `ended`: month m + k is over
 * (its retention is known), `paid_for`: months m … m + k − 1 are (its value is).
 */
export function cohortsSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const site = sql.siteCondition("m.site_id")[0] ?? "true";
  sql.params.first_month = firstCohortMonth(filters);
  // the signups and charges read lie between the first cohort's start and now
  const local = (column: string) =>
    localTimeSql(column, [{ start: startOfDay(sql.params.first_month as string), end: filters.now }]);
  sql.params.end = filters.current.end.toISOString();
  sql.params.now = filters.now.toISOString();
  const text = `WITH cohort AS (
    SELECT m.member_id, date_trunc('month', ${local("m.signed_up_at")})::DATE AS month,
      coalesce(m.channel, CASE WHEN m.site_id IS NULL THEN 'online' ELSE 'site' END) AS channel,
      coalesce(p.name, m.voucher_code) AS promotion, i.vat_rate_percent
    FROM membership_members m JOIN items i ON i.id = m.plan_item_id
    LEFT JOIN vouchers v ON v.code = m.voucher_code LEFT JOIN promotions p ON p.id = v.promotion_id
    WHERE m.signed_up_at >= ${monthStart("$first_month::DATE", "0")} AND m.signed_up_at < $end::TIMESTAMPTZ AND ${site}
  ), groups AS (
    SELECT month, channel, promotion, count(*) AS members FROM cohort GROUP BY ALL
  ), paid AS (
    -- charges per cohort part and month since its cohort's month
    SELECT c.month, c.channel, c.promotion, datediff('month', c.month, ${local("e.occurred_at")}::DATE) AS since,
      sum(e.amount_cents * 100.0 / (100 + c.vat_rate_percent)) AS cents
    FROM cohort c JOIN membership_events e ON e.member_id = c.member_id AND e.type = 'charge'
    GROUP BY ALL
  ), bounds AS (
    -- the months' bounds once per month and k, not per member: time-zone arithmetic is slow per row
    SELECT month, k, ${monthStart("month", "k + 1")} AS month_end, ${monthStart("month", "k")} AS paid_until
    FROM (SELECT DISTINCT month FROM cohort), range(0, ${MAX_K + 1}) t(k)
  ), retained AS (
    -- a member's active stretches do not overlap: at most one covers the end of month m + k
    SELECT c.month, c.channel, c.promotion, b.k, count(*) AS retained
    FROM cohort c JOIN bounds b USING (month) JOIN membership_spans s ON s.member_id = c.member_id
      AND s.started_at <= b.month_end AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > b.month_end
    GROUP BY ALL
  ), paid_before AS (
    -- what a part paid in its first k months: its months since m below k, summed per part, not per member
    SELECT p.month, p.channel, p.promotion, b.k, sum(p.cents) FILTER (WHERE p.since >= 0 AND p.since < b.k) AS cents
    FROM paid p JOIN bounds b USING (month)
    GROUP BY ALL
  )
  SELECT strftime(g.month, '%Y-%m-%d') AS month, g.channel, g.promotion, b.k,
    b.month_end <= $now::TIMESTAMPTZ AS ended, b.paid_until <= $now::TIMESTAMPTZ AS paid_for,
    g.members, coalesce(r.retained, 0) AS retained, coalesce(pb.cents, 0) AS paid_cents
  FROM groups g JOIN bounds b USING (month)
  LEFT JOIN retained r ON r.month = g.month AND r.channel = g.channel
    AND r.promotion IS NOT DISTINCT FROM g.promotion AND r.k = b.k
  LEFT JOIN paid_before pb ON pb.month = g.month AND pb.channel = g.channel
    AND pb.promotion IS NOT DISTINCT FROM g.promotion AND pb.k = b.k
  ORDER BY g.month, g.channel, g.promotion, b.k`;
  return { text, params: sql.params };
}
