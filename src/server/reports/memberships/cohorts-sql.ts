import { addMonths, startOfMonth } from "../../../shared/reports/dates.ts";
import { localDate } from "../../warehouse/time-zone.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql } from "../sql.ts";

// The SQL of Abonnementen › Cohorten (REPORT-DEFINITIONS §5): the members who signed up in each month of the
// 24 up to the end of the period (a cohort per month; two years, so that a year's retention and value have
// cohorts to go on), with, k = 0 … 12 months later, how many of them
// were still active at the end of month m + k and what they had paid (excl. VAT) in their first k months.

export const COHORT_MONTHS = 24;
/** The last k a cohort is followed to. */
export const MAX_K = 12;

const LOCAL = (column: string) => `timezone('Europe/Amsterdam', ${column})`;
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
  sql.params.end = filters.current.end.toISOString();
  sql.params.now = filters.now.toISOString();
  const text = `WITH cohort AS (
    SELECT m.member_id, date_trunc('month', ${LOCAL("m.signed_up_at")})::DATE AS month,
      coalesce(m.channel, CASE WHEN m.site_id IS NULL THEN 'online' ELSE 'site' END) AS channel,
      coalesce(p.name, m.voucher_code) AS promotion
    FROM membership_members m
    LEFT JOIN vouchers v ON v.code = m.voucher_code LEFT JOIN promotions p ON p.id = v.promotion_id
    WHERE m.signed_up_at >= ${monthStart("$first_month::DATE", "0")} AND m.signed_up_at < $end::TIMESTAMPTZ AND ${site}
  ), paid AS (
    -- charges per member and month since its cohort's month
    SELECT c.member_id, datediff('month', c.month, ${LOCAL("e.occurred_at")}::DATE) AS since,
      sum(e.amount_cents * 100.0 / (100 + i.vat_rate_percent)) AS cents
    FROM cohort c JOIN membership_events e ON e.member_id = c.member_id AND e.type = 'charge'
    JOIN membership_members m ON m.member_id = c.member_id JOIN items i ON i.id = m.plan_item_id
    GROUP BY ALL
  ), bounds AS (
    -- the months' bounds once per month and k, not per member: time-zone arithmetic is slow per row
    SELECT month, k, ${monthStart("month", "k + 1")} AS month_end, ${monthStart("month", "k")} AS paid_until
    FROM (SELECT DISTINCT month FROM cohort), range(0, ${MAX_K + 1}) t(k)
  ), cells AS (
    SELECT c.*, b.k, b.month_end, b.paid_until FROM cohort c JOIN bounds b USING (month)
  ), measured AS (
    -- a member's active stretches do not overlap: at most one covers the end of month m + k
    SELECT x.member_id, x.month, x.channel, x.promotion, x.k, x.month_end, x.paid_until,
      any_value(s.member_id) IS NOT NULL AS retained,
      (SELECT coalesce(sum(p.cents), 0) FROM paid p WHERE p.member_id = x.member_id AND p.since >= 0 AND p.since < x.k)
        AS paid_cents
    FROM cells x LEFT JOIN membership_spans s ON s.member_id = x.member_id
      AND s.started_at <= x.month_end AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > x.month_end
    GROUP BY ALL
  )
  SELECT strftime(month, '%Y-%m-%d') AS month, channel, promotion, k,
    month_end <= $now::TIMESTAMPTZ AS ended, paid_until <= $now::TIMESTAMPTZ AS paid_for,
    count(*) AS members, count_if(retained) AS retained, sum(paid_cents) AS paid_cents
  FROM measured
  GROUP BY ALL
  ORDER BY month, channel, promotion, k`;
  return { text, params: sql.params };
}
