import type { Queryable } from "../../../db/database.ts";

// The rows of web_page_sessions (migration 083): one per session and path, written by web-pages-sync.ts.

/**
 * The most seconds one pageview counts for: a tab left open and visible overnight would otherwise outweigh a
 * day of real reading. Applied in the derived web_page_sessions (below), so the stored engaged time
 * stays what the tracker sent.
 */
const PAGE_SECONDS_CAP = 30 * 60;

const firstOf = (partition: string, order = "") =>
  `row_number() OVER (PARTITION BY visitor_id, local_date${partition} ORDER BY ${order}started_at, session_id, path) = 1`;

/**
 * The "first of the visitor" flags, in the table's order: the first row of a visitor-day (in the order of
 * session start, session id and path) for the visitor, per path, channel, path and channel, and the first
 * with seconds per path and per path and channel. `shared`: by windows over the rows of visitor-days with
 * more sessions; `alone`: the same for a visitor-day of one session (row `r`), whose least path comes first
 * and each of whose paths is a partition of its own.
 */
const FIRST_FLAGS = {
  first_of_visitor: { shared: firstOf(""), alone: "r.path = r.least_path" },
  first_of_visitor_path: { shared: firstOf(", path"), alone: "true" },
  first_of_visitor_channel: { shared: firstOf(", channel"), alone: "r.path = r.least_path" },
  first_of_visitor_path_channel: { shared: firstOf(", path, channel"), alone: "true" },
  first_timed_of_visitor_path: {
    shared: `${firstOf(", path", "page_seconds IS NULL, ")} AND page_seconds IS NOT NULL`,
    alone: "r.page_seconds IS NOT NULL",
  },
  first_timed_of_visitor_path_channel: {
    shared: `${firstOf(", path, channel", "page_seconds IS NULL, ")} AND page_seconds IS NOT NULL`,
    alone: "r.page_seconds IS NOT NULL",
  },
};
const flags = Object.entries(FIRST_FLAGS);

/**
 * Inserts the rows of web_page_sessions for the sessions in `dirty` (session_id, local_date). Per pageview
 * (REPORT-DEFINITIONS §3, examples in reports/behaviour/web-pages.ts):
 * - seconds: the engaged (visible) seconds the tracker reported; without a report, the seconds until the
 *   session's next pageview; nothing for the session's last page without a report (its end is unknown).
 *   At most PAGE_SECONDS_CAP.
 * - exit: no later pageview in the session.
 * Most visitor-days hold one session, whose FIRST_FLAGS follow without ordering anything: only the rows of
 * visitor-days with more sessions go through the window sorts (six sorts of every row were most of a
 * rebuild's time at 10x).
 */
export async function insertPageSessions(tx: Queryable, dirty: string): Promise<void> {
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_page_paths AS
      WITH views AS (
        SELECT session_id, viewed_at, path, engaged_seconds, lead(viewed_at) OVER session AS next_at,
          -- the session's first page: the same window, so no second sort
          row_number() OVER session = 1 AS opens
        FROM pageviews WHERE session_id IN (SELECT session_id FROM ${dirty})
        -- path breaks a tie of two views at the same instant the same way every time
        WINDOW session AS (PARTITION BY session_id ORDER BY viewed_at, path)
      )
      SELECT session_id, path, count(*) AS pageviews, min(viewed_at) AS first_at,
        -- least() skips NULLs: without a known time the view has none, not the cap
        sum(CASE WHEN engaged_seconds IS NOT NULL OR next_at IS NOT NULL
          THEN least(coalesce(engaged_seconds, date_diff('second', viewed_at, next_at)), ${PAGE_SECONDS_CAP}) END)
          AS page_seconds,
        count_if(next_at IS NULL) AS exits, bool_or(opens) AS is_first
      FROM views GROUP BY session_id, path`,
  );
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_page_visits AS
      SELECT s.id AS session_id, s.started_at, d.local_date, s.visitor_id, s.channel, p.least_path
      FROM (SELECT session_id, min(path) AS least_path FROM web_page_paths GROUP BY session_id) p
      JOIN web_sessions s ON s.id = p.session_id JOIN ${dirty} d ON d.session_id = p.session_id`,
  );
  const rows = `SELECT p.session_id, v.started_at, v.local_date, v.visitor_id, v.channel, p.path, p.pageviews,
    p.page_seconds, p.exits, p.is_first, v.least_path
    FROM web_page_paths p JOIN web_page_visits v ON v.session_id = p.session_id`;
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_page_firsts AS
      WITH shared AS (
        SELECT visitor_id, local_date FROM web_page_visits GROUP BY ALL HAVING count(*) > 1
      )
      SELECT session_id, path, ${flags.map(([flag, { shared }]) => `${shared} AS ${flag}`).join(", ")}
      FROM (${rows}) SEMI JOIN shared USING (visitor_id, local_date)`,
  );
  await tx.run(
    `INSERT INTO web_page_sessions
      WITH credited AS (
        SELECT p.session_id, p.path, count(*) FILTER (WHERE e.kind = 'voucher') AS claims,
          count_if(e.kind = 'conversion') AS conversions
        FROM web_page_paths p JOIN web_events e ON e.session_id = p.session_id AND e.occurred_at >= p.first_at
        WHERE e.kind IN ('voucher', 'conversion') AND e.session_id IN (SELECT session_id FROM ${dirty})
        GROUP BY ALL
      )
      SELECT r.session_id, r.started_at, r.local_date, r.visitor_id, r.channel, r.path, r.pageviews,
        r.page_seconds, r.exits, r.is_first, coalesce(c.claims, 0), coalesce(c.conversions, 0),
        ${flags.map(([flag, { alone }]) => `coalesce(f.${flag}, ${alone})`).join(", ")}
      FROM (${rows}) r
      LEFT JOIN credited c ON c.session_id = r.session_id AND c.path = r.path
      LEFT JOIN web_page_firsts f ON f.session_id = r.session_id AND f.path = r.path
      ORDER BY r.started_at, r.session_id`,
  );
  for (const table of ["web_page_paths", "web_page_visits", "web_page_firsts"])
    await tx.run(`DROP TABLE ${table}`);
}
