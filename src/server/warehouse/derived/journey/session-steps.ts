import { excludingVatSql } from "./definitions.ts";

// The journey sync's steps on the website's side (journey-sync.ts runs them, then plate-steps.ts's).

const utm = (column: string) => `nullif(lower(trim(${column})), '')`;

/**
 * The steps on the website's side: the sessions of visitor-days with a new session, their attribution, the
 * claims and conversions to look at again, and the daily sums of the days that changed.
 */
export function sessionSteps(localDate: (column: string) => string, sessionsSince: string): string[] {
  return [
    // Visitor-days with a new session.
    `CREATE OR REPLACE TEMP TABLE journey_days AS
      SELECT DISTINCT visitor_id, ${localDate("started_at")} AS local_date FROM web_sessions WHERE rowid >= $sessions`,
    `DELETE FROM journey_sessions j
      WHERE j.started_at >= ${sessionsSince} AND EXISTS (SELECT 1 FROM journey_days d WHERE d.visitor_id = j.visitor_id AND d.local_date = j.local_date)`,
    // Attribution: a Direct session takes the channel and UTM fields of the visitor's last non-direct
    // session that started earlier the same day (visitor ids rotate daily, so a day is all we can see). A
    // visitor-day of one session (nearly all) has none: only the others go through the window's sort.
    `INSERT INTO journey_sessions
      WITH scoped AS (
        SELECT * FROM (
          SELECT id, visitor_id, ${localDate("started_at")} AS local_date, started_at, channel,
            ${utm("utm_source")} AS source, ${utm("utm_campaign")} AS campaign, ${utm("utm_term")} AS term,
            ${utm("utm_content")} AS content
          FROM web_sessions WHERE started_at >= ${sessionsSince} AND visitor_id IN (SELECT visitor_id FROM journey_days)
        ) SEMI JOIN journey_days USING (visitor_id, local_date)
      ), shared AS (
        SELECT * FROM scoped SEMI JOIN (
          SELECT visitor_id, local_date FROM scoped GROUP BY ALL HAVING count(*) > 1
        ) USING (visitor_id, local_date)
      ), sourced AS (
        SELECT *, CASE WHEN channel = 'Direct' THEN last_value(CASE WHEN channel <> 'Direct' THEN id END IGNORE NULLS)
          OVER (PARTITION BY visitor_id, local_date ORDER BY started_at, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
          END AS source_id
        FROM shared
      )
      SELECT d.id, d.visitor_id, d.local_date, d.started_at, coalesce(o.channel, d.channel), d.source_id,
        CASE WHEN o.id IS NULL THEN d.source ELSE o.source END,
        CASE WHEN o.id IS NULL THEN d.campaign ELSE o.campaign END,
        CASE WHEN o.id IS NULL THEN d.term ELSE o.term END,
        CASE WHEN o.id IS NULL THEN d.content ELSE o.content END
      FROM sourced d LEFT JOIN shared o ON o.id = d.source_id
      UNION ALL
      SELECT id, visitor_id, local_date, started_at, channel, NULL, source, campaign, term, content
      FROM scoped ANTI JOIN shared USING (id)`,
    // Claims and conversions that are new, or whose session's attribution was just worked out again.
    `CREATE OR REPLACE TEMP TABLE journey_events AS
      SELECT kind, session_id, occurred_at, voucher_code, revenue_cents FROM web_events
      WHERE kind IN ('voucher', 'conversion') AND (rowid >= $events OR session_id IN (
        SELECT session_id FROM journey_sessions SEMI JOIN journey_days USING (visitor_id, local_date)
        WHERE started_at >= ${sessionsSince}))`,
    // Days whose sums changed: those of the visitor-days above and of sessions with new events.
    `CREATE OR REPLACE TEMP TABLE journey_dates AS
      SELECT DISTINCT local_date FROM journey_days
      UNION SELECT DISTINCT j.local_date FROM journey_sessions j
        WHERE j.session_id IN (SELECT session_id FROM web_events WHERE rowid >= $events)`,
    "DELETE FROM journey_daily WHERE local_date IN (SELECT local_date FROM journey_dates)",
    `INSERT INTO journey_daily
      WITH events AS (
        SELECT session_id, count(*) FILTER (WHERE kind = 'conversion') AS conversions,
          sum(${excludingVatSql("coalesce(revenue_cents, 0)")}) FILTER (WHERE kind = 'conversion') AS revenue,
          count(*) FILTER (WHERE kind = 'voucher') AS claims
        FROM web_events WHERE kind IN ('conversion', 'voucher') AND session_id IN (
          SELECT session_id FROM journey_sessions
          WHERE started_at >= ${sessionsSince} AND local_date IN (SELECT local_date FROM journey_dates))
        GROUP BY session_id
      )
      SELECT j.local_date, j.channel, j.source, j.campaign, j.term, j.content, count(*), sum(w.is_bounce::INTEGER),
        coalesce(sum(e.conversions), 0), count(*) FILTER (WHERE e.conversions > 0), coalesce(sum(e.revenue), 0),
        coalesce(sum(e.claims), 0)
      FROM journey_sessions j JOIN web_sessions w ON w.id = j.session_id LEFT JOIN events e ON e.session_id = j.session_id
      WHERE j.started_at >= ${sessionsSince} AND w.started_at >= ${sessionsSince}
        AND j.local_date IN (SELECT local_date FROM journey_dates)
      GROUP BY ALL`,
  ];
}
