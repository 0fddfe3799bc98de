import type { DuckDBValue } from "@duckdb/node-api";
import { eventSumsSql, washSumsSql, washWindows } from "../../warehouse/derived/memberships/wash-sums.ts";
import { siteCondition } from "../../warehouse/sites.ts";
import type { ReportFilters } from "../filters.ts";
import { type ChurnModel, churnChanceSql, churnParams } from "./churn-score.ts";

// The SQL of Abonnementen › Leden (REPORT-DEFINITIONS §5): who is active at an instant, with what the at-risk
// rule and the churn-risk score look at. A site filter narrows to the memberships sold at the chosen sites.

/** What the score weighs, per member at an instant, in this order (churn-score.ts takes them as numbers). */
export const FEATURES = [
  // months since the signup, on a log scale: the first months lose the most members
  "ln(1 + tenure_days / 30.44)",
  // an open decline: a decline with no charge after it yet
  "open_decline::INT",
  "declines_90",
  // washing less than before
  "ln(1 + days_since_wash)",
  "washes_30",
  "washes_90",
  "paused_before::INT",
  "online::INT",
  // the plan's monthly price excl. VAT, in euros
  "price_cents / 100",
] as const;

const DAY_MS = 86_400_000;
/** Members the list shows on screen; the CSV has them all. */
export const SHOWN_MEMBERS = 50;

/** The features as the DOUBLEs the score takes. */
const FEATURE_VALUES = FEATURES.map((feature) => `(${feature})::DOUBLE`);

export interface FeatureRow {
  member_id: string;
  /** The instant, in epoch milliseconds. */
  t_ms: number;
  /** 1: the membership ended within the month after the instant (only known once that month is over). */
  ended: 0 | 1;
  f: number[];
}

/**
 * Per instant `t` of `instants` (with the end of its month after, `until`) and member active at `t`: the
 * features and whether the membership ended in [t, until). `sample` keeps one member in n (by a hash of the
 * id, the same members at every instant) so that fitting on a large club stays quick.
 */
export function featuresSql(filters: ReportFilters, instants: { t: Date; until: Date }[], sample = 1) {
  const params: Record<string, DuckDBValue> = { sample };
  const site = siteCondition("s.site_id", filters.sites, params)[0] ?? "true";
  // The instant's look-backs worked out here: TIMESTAMPTZ arithmetic in SQL goes through the time-zone
  // library per row, and the joins below compare every event and wash of a member with them.
  const values = instants.map((instant, i) => {
    const back = (days: number) => new Date(instant.t.getTime() - days * DAY_MS).toISOString();
    Object.assign(params, {
      [`t_${i}`]: instant.t.toISOString(),
      [`until_${i}`]: instant.until.toISOString(),
      [`t30_${i}`]: back(30),
      [`t90_${i}`]: back(90),
      [`t365_${i}`]: back(365),
    });
    return `($t_${i}::TIMESTAMPTZ, $until_${i}::TIMESTAMPTZ, $t30_${i}::TIMESTAMPTZ, $t90_${i}::TIMESTAMPTZ, $t365_${i}::TIMESTAMPTZ)`;
  });
  const text = `WITH instants(t, until, t30, t90, t365) AS (VALUES ${values.join(", ")}),
  active AS (
    SELECT x.t, x.until, x.t30, x.t90, x.t365, s.member_id, any_value(s.plan_item_id) AS plan_item_id
    FROM instants x JOIN membership_spans s
      ON s.started_at <= x.t AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > x.t
    WHERE ${site} AND hash(s.member_id) % $sample = 0
    GROUP BY ALL
  ), events AS (
    -- each member's events up to the instant, summed once (a join, not a subquery per member and instant)
    SELECT a.member_id, a.t,
      max(e.occurred_at) FILTER (WHERE e.type = 'decline') AS declined_at,
      max(e.occurred_at) FILTER (WHERE e.type = 'charge') AS charged_at,
      count(*) FILTER (WHERE e.type = 'decline' AND e.occurred_at > a.t90) AS declines_90,
      count(*) FILTER (WHERE e.type = 'pause') > 0 AS paused_before
    FROM active a JOIN membership_events e ON e.member_id = a.member_id AND e.occurred_at <= a.t
    GROUP BY a.member_id, a.t
  ), washes AS (
    -- the year before the instant: a member unwashed for longer counts from then, or from the signup
    SELECT a.member_id, a.t, max(w.occurred_at) AS washed_at,
      count(*) FILTER (WHERE w.occurred_at > a.t30) AS washes_30,
      count(*) FILTER (WHERE w.occurred_at > a.t90) AS washes_90
    FROM active a JOIN membership_washes w ON w.member_id = a.member_id
      AND w.occurred_at <= a.t AND w.occurred_at > a.t365
    GROUP BY a.member_id, a.t
  ), measured AS (
    SELECT a.member_id, a.t, m.ended_at >= a.t AND m.ended_at < a.until AS ended,
      (epoch(a.t) - epoch(m.signed_up_at)) / 86400 AS tenure_days,
      coalesce(e.declined_at > coalesce(e.charged_at, '-infinity'::TIMESTAMPTZ), false) AS open_decline,
      coalesce(e.declines_90, 0) AS declines_90,
      (epoch(a.t) - epoch(coalesce(w.washed_at, greatest(m.signed_up_at, a.t365)))) / 86400 AS days_since_wash,
      coalesce(w.washes_30, 0) AS washes_30, coalesce(w.washes_90, 0) AS washes_90,
      coalesce(e.paused_before, false) AS paused_before,
      m.site_id IS NULL AS online,
      i.price_cents * 100.0 / (100 + i.vat_rate_percent) AS price_cents
    FROM active a JOIN membership_members m USING (member_id) JOIN items i ON i.id = a.plan_item_id
    LEFT JOIN events e ON e.member_id = a.member_id AND e.t = a.t
    LEFT JOIN washes w ON w.member_id = a.member_id AND w.t = a.t
  )
  SELECT member_id, epoch_ms(t) AS t_ms, ended::INT AS ended, [${FEATURE_VALUES.join(", ")}] AS f
  FROM measured ORDER BY t, member_id`;
  return { text, params };
}

/**
 * The members whose kept sums (wash-sums.ts) do not hold at `at` and so are worked out again (`washed`,
 * `happened`: subqueries of their ids), and where from (`washesOf`, `eventsOf`); `params` gains theirs.
 */
function workedOutAgain(at: Date, sumsAt: Date | null, params: Record<string, DuckDBValue>) {
  // A member's washes in the year before `at` and events up to it are those at the kept sums' instant unless
  // the member washed or had an event between the two instants, washed a year, 90 or 30 days before either or
  // declined 90 days before (without sums: all are worked out).
  const [from, to] = [Math.min, Math.max].map((pick) => pick(at.getTime(), (sumsAt ?? at).getTime()));
  const between = (table: string, key: string, days: number[]) =>
    days.map((day) => {
      params[`from_${key}${day}`] = new Date(from - day * DAY_MS).toISOString();
      params[`to_${key}${day}`] = new Date(to - day * DAY_MS).toISOString();
      return `SELECT member_id FROM ${table}
      WHERE occurred_at > $from_${key}${day}::TIMESTAMPTZ AND occurred_at <= $to_${key}${day}::TIMESTAMPTZ`;
    });
  const [washed, happened] = sumsAt
    ? [between("membership_washes", "w", [0, 30, 90, 365]), between("membership_events", "e", [0, 90])]
    : [["SELECT member_id FROM active"], ["SELECT member_id FROM active"]];
  // The washes of those members: the kept ones and those of the year before `at` outside the sums' year,
  // two stretches of time read without going through every member wash of the year
  const whose = "member_id IN (SELECT member_id FROM washed) AND member_id IN (SELECT member_id FROM active)";
  const raw = (key: string, after: number, until: number) => {
    params[`after_${key}`] = new Date(after).toISOString();
    params[`until_${key}`] = new Date(until).toISOString();
    return `SELECT member_id, occurred_at FROM membership_washes WHERE ${whose}
      AND occurred_at > $after_${key}::TIMESTAMPTZ AND occurred_at <= $until_${key}::TIMESTAMPTZ`;
  };
  const year = at.getTime() - 365 * DAY_MS;
  const washesOf = sumsAt
    ? `SELECT member_id, unnest(wash_times) AS occurred_at FROM membership_wash_sums WHERE ${whose}
      UNION ALL ${raw("before", year, Math.min(at.getTime(), sumsAt.getTime() - 365 * DAY_MS))}
      UNION ALL ${raw("since", Math.max(sumsAt.getTime(), year), at.getTime())}`
    : `SELECT member_id, occurred_at FROM membership_washes WHERE ${whose}`;
  // and the events of those with one: the kept ones and those since the sums' instant
  const eventsWhose =
    "member_id IN (SELECT member_id FROM happened) AND member_id IN (SELECT member_id FROM active)";
  const eventsOf = sumsAt
    ? `SELECT member_id, unnest(event_times) AS occurred_at, unnest(event_types) AS type FROM membership_event_sums
      WHERE ${eventsWhose}
      UNION ALL SELECT member_id, occurred_at, type FROM membership_events
      WHERE ${eventsWhose} AND occurred_at > $after_events::TIMESTAMPTZ`
    : `SELECT member_id, occurred_at, type FROM membership_events WHERE ${eventsWhose}`;
  if (sumsAt) params.after_events = sumsAt.toISOString();
  return { washed, happened, washesOf, eventsOf };
}

/**
 * The members active at instant `at` that the list shows, the riskiest SHOWN_MEMBERS of them unless the
 * table is asked for whole (`active`, `listed`, `at_risk`, `open_declines`: how many; one row with only those
 * when none is listed): those with an open decline, a gap more than twice their usual one, or a churn
 * score of `model` among the riskiest tenth (`top`). With what the list shows: where and on which plan, since
 * when, their first plate, an open decline (since when), their last wash and their usual gap: the median of
 * the days between their washes in the year before (with at least 4 washes); and what the score weighs (`f`,
 * as featuresSql has it), from the same sums. Only the listed leave the database: a large club's every
 * member cost more to hand over than to work out.
 */
export function activeMembersSql(
  filters: ReportFilters,
  at: Date,
  kept: { model: ChurnModel | null; sumsAt: Date | null },
) {
  const params: Record<string, DuckDBValue> = {
    shown: filters.table.all ? null : SHOWN_MEMBERS,
    ...churnParams(kept.model, FEATURE_VALUES.length),
    ...washWindows(at),
  };
  const { washed, happened, washesOf, eventsOf } = workedOutAgain(at, kept.sumsAt, params);
  const site = siteCondition("s.site_id", filters.sites, params)[0] ?? "true";
  const text = `WITH active AS (
    SELECT s.member_id, any_value(s.plan_item_id) AS plan_item_id FROM membership_spans s
    WHERE s.started_at <= $at::TIMESTAMPTZ AND coalesce(s.ended_at, 'infinity'::TIMESTAMPTZ) > $at::TIMESTAMPTZ AND ${site}
    GROUP BY ALL
  ), washed AS (
    ${washed.join("\n    UNION ")}
  ), usual AS (
    SELECT * FROM membership_wash_sums WHERE member_id NOT IN (SELECT member_id FROM washed)
    UNION ALL BY NAME
    ${washSumsSql(washesOf)}
  ), happened AS (
    ${happened.join("\n    UNION ")}
  ), events AS (
    SELECT * FROM membership_event_sums WHERE member_id NOT IN (SELECT member_id FROM happened)
    UNION ALL BY NAME
    ${eventSumsSql(eventsOf)}
  ), plates AS (
    SELECT member_id, min(plate) AS plate FROM membership_plates
    WHERE started_at <= $at::TIMESTAMPTZ AND coalesce(ended_at, 'infinity'::TIMESTAMPTZ) > $at::TIMESTAMPTZ
    GROUP BY member_id
  ), measured AS (
    SELECT a.member_id, p.plate, site.name AS site_name, plan.name AS plan_name, m.signed_up_at,
      coalesce(e.declined_at > coalesce(e.charged_at, '-infinity'::TIMESTAMPTZ), false) AS open_decline, e.declined_at,
      u.last_wash_at, coalesce(u.washes, 0) AS washes, u.median_gap,
      (epoch($at::TIMESTAMPTZ) - epoch(m.signed_up_at)) / 86400 AS tenure_days,
      coalesce(e.declines_90, 0) AS declines_90,
      -- the score counts a member unwashed for the whole year from then, or from the signup
      (epoch($at::TIMESTAMPTZ) - epoch(coalesce(u.last_wash_at, greatest(m.signed_up_at, $t365::TIMESTAMPTZ)))) / 86400
        AS days_since_wash,
      coalesce(u.washes_30, 0) AS washes_30, coalesce(u.washes_90, 0) AS washes_90,
      coalesce(e.paused_before, false) AS paused_before, m.site_id IS NULL AS online,
      plan.price_cents * 100.0 / (100 + plan.vat_rate_percent) AS price_cents
    FROM active a JOIN membership_members m USING (member_id)
    LEFT JOIN sites site ON site.id = m.site_id JOIN items plan ON plan.id = a.plan_item_id
    LEFT JOIN usual u USING (member_id) LEFT JOIN events e USING (member_id) LEFT JOIN plates p USING (member_id)
  ), scored AS (
    SELECT *, ${churnChanceSql(FEATURE_VALUES)} AS score,
      (epoch($at::TIMESTAMPTZ) - epoch(coalesce(last_wash_at, signed_up_at))) / 86400 AS days_unwashed,
      CASE WHEN washes >= 4 THEN median_gap END AS usual_gap
    FROM (SELECT *, [${FEATURE_VALUES.join(", ")}] AS f FROM measured)
  ), flagged AS (
    SELECT *, open_decline OR (usual_gap > 0 AND days_unwashed > 2 * usual_gap) AS at_risk FROM scored
  ), cut AS (
    -- the score of the last member of the riskiest tenth
    SELECT list_sort(list(score) FILTER (WHERE score IS NOT NULL), 'DESC')[greatest(1, ceil(count(score) / 10))::BIGINT]
      AS score
    FROM scored
  ), listed AS (
    SELECT s.*, coalesce(s.score >= cut.score, false) AS top FROM flagged s, cut
    WHERE s.at_risk OR s.score >= cut.score
  ), counted AS (
    -- the list shows the riskiest $shown (all with NULL): those scored at least the $shown-th score, ties and
    -- a hair below it included (the list ranks them by the score as worked out in JavaScript)
    SELECT (SELECT count(*) FROM active) AS active, count(*) AS listed,
      count(*) FILTER (WHERE at_risk) AS at_risk, count(*) FILTER (WHERE open_decline) AS open_declines,
      list_sort(list(score) FILTER (WHERE score IS NOT NULL), 'DESC')[$shown::BIGINT] * (1 - 1e-9) AS shown_from
    FROM listed
  )
  SELECT c.active, c.listed, c.at_risk, c.open_declines, l.member_id, l.plate, l.site_name, l.plan_name,
    l.signed_up_at::VARCHAR AS signed_up_at, CASE WHEN l.open_decline THEN l.declined_at::VARCHAR END AS open_decline_at,
    l.last_wash_at::VARCHAR AS last_wash_at, l.days_unwashed AS days_since_wash, l.washes, l.usual_gap, l.f, l.top
  FROM counted c LEFT JOIN listed l ON c.shown_from IS NULL OR l.score >= c.shown_from
  ORDER BY l.member_id`;
  return { text, params };
}
