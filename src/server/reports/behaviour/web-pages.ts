import type { ReportSql } from "../sql.ts";

// What the website reports mean by time on a page and by "followed a view", written once.

/** How many pages a table shows before the rest is summed into one row (search reaches every page). */
export const TOP_PAGES = 25;

/** A condition on web_sessions for the dimension filters: sessions from the channel, that started on the page. */
export function sessionFilter(
  sql: ReportSql,
  options: { page: boolean; alias?: string } = { page: true },
): string | undefined {
  const { page, channel } = sql.filters.dimensions;
  const column = (name: string) => (options.alias ? `${options.alias}.${name}` : name);
  const conditions: string[] = [];
  if (page && options.page) {
    sql.params.page = page;
    conditions.push(`${column("landing_path")} = $page`);
  }
  if (channel) {
    sql.params.channel = channel;
    conditions.push(`${column("channel")} = $channel`);
  }
  return conditions.length ? conditions.join(" AND ") : undefined;
}

/**
 * The most seconds one pageview counts for: a tab left open and visible overnight would otherwise outweigh a
 * day of real reading. Applied here, in the reports, so the stored engaged time stays what the tracker sent.
 */
export const PAGE_SECONDS_CAP = 30 * 60;

/**
 * The pageviews of `views` (a facts query tagged `win`) with:
 * - page_seconds: the engaged (visible) seconds the tracker reported for the view; without a report, the
 *   seconds until the session's next pageview; nothing for a session's last page without a report (its
 *   end is unknown). At most PAGE_SECONDS_CAP.
 * - is_exit: no later pageview of the session in the window.
 * Examples (REPORT-DEFINITIONS §3): visitor A 120 s + 20 s, visitor B 60 s → Σ 200 s ÷ 2 visitors = 100 s;
 * without reports, 60 s and 90 s to the next page → 75 s.
 */
export const pageSecondsSql = (views: string) => `SELECT *,
    -- least() skips NULLs: without a known time the page has none, not the cap
    CASE WHEN engaged_seconds IS NOT NULL OR next_at IS NOT NULL
      THEN least(coalesce(engaged_seconds, date_diff('second', viewed_at, next_at)), ${PAGE_SECONDS_CAP}) END AS page_seconds,
    next_at IS NULL AS is_exit
  FROM (
    SELECT *, lead(viewed_at) OVER (PARTITION BY win, session_id ORDER BY viewed_at) AS next_at
    FROM (${views})
  )`;

/**
 * Voucher claims and conversions that followed a view: per window, path and session, the events of that
 * session at or after its first view of the path (`event_no` identifies an event across paths). `views`
 * names a CTE of pageviews tagged `win`, with their session's `channel`.
 */
export const followedEventsSql = (views: string) => `SELECT f.win, f.path, f.channel, e.kind, e.event_no
  FROM (SELECT win, session_id, path, channel, min(viewed_at) AS first_at FROM ${views} GROUP BY ALL) f
  JOIN (
    SELECT session_id, occurred_at, kind, row_number() OVER () AS event_no FROM web_events
    WHERE kind IN ('voucher', 'conversion') AND session_id IN (SELECT session_id FROM ${views})
  ) e ON e.session_id = f.session_id AND e.occurred_at >= f.first_at`;
