import type { Queryable } from "../../../db/database.ts";
import { type DerivedTables, declareDerived, syncDerived } from "../../additive-sync.ts";
import { localTimeSql } from "../../buckets.ts";
import { insertPageSessions } from "./web-page-sessions.ts";

// Keeps web_page_sessions (migration 083) up to date with the facts. Every session something arrived for —
// the session itself, a pageview (also a late one, or one older than the pages already stored), a claim or
// conversion, or engaged time written onto a stored pageview — is worked out again from all its facts,
// together with the other sessions of its visitor that day (whose "first of the visitor" flags may move),
// so late and out-of-order facts give what a rebuild gives. A rebuild (every count 0) takes every session in
// bulk instead, without looking for what changed.
// web_page_daily (migration 089) follows in the same transaction: every local day of a session worked out
// again is summed again from web_page_sessions, so it always equals a sum of the whole table.
// web_landing_daily (migration 084) too: every local day of a session that arrived, changed (the collector
// UPDATEs a stored session and logs its id in web_session_updates) or got an event is summed again from the
// facts. A session's start, landing page and channel never change, so its day and row stay where they are.

/** Brings web_page_sessions up to date with the facts. */
export const syncWebPages = (db: Queryable) => syncDerived(db, WEB_PAGES);

/** The tables and bookkeeping of this sync: what emptyDerived empties for a rebuild. */
export const WEB_PAGES: DerivedTables = {
  state: "web_page_sync",
  facts: {
    sessions: "web_sessions",
    pageviews: "pageviews",
    events: "web_events",
    engaged: "pageview_engaged_updates",
    session_updates: "web_session_updates",
  },
  tables: ["web_page_sessions", "web_page_daily", "web_landing_daily"],
  add: async (tx, from) => {
    const [span] = await tx.query<{ first: string | null; last: string | null }>(
      "SELECT min(started_at)::VARCHAR AS first, max(started_at)::VARCHAR AS last FROM web_sessions",
    );
    if (span.first === null || span.last === null) return;
    const window = {
      from: "",
      to: "",
      start: new Date(span.first),
      end: new Date(new Date(span.last).getTime() + 86_400_000),
    };
    const localDate = (column: string) => `${localTimeSql(column, [window])}::DATE`;
    if (Object.values(from).every((taken) => taken === 0)) return addEverySession(tx, localDate);
    await tx.run(
      `CREATE OR REPLACE TEMP TABLE web_page_touched AS
          SELECT id AS session_id FROM web_sessions WHERE rowid >= $sessions
          UNION SELECT session_id FROM pageviews WHERE rowid >= $pageviews
          UNION SELECT session_id FROM web_events WHERE rowid >= $events AND kind IN ('voucher', 'conversion')
          UNION SELECT session_id FROM pageview_engaged_updates WHERE rowid >= $engaged`,
      { sessions: from.sessions, pageviews: from.pageviews, events: from.events, engaged: from.engaged },
    );
    // The sessions of every visitor-day with a touched session.
    await tx.run(
      `CREATE OR REPLACE TEMP TABLE web_page_dirty AS
          WITH days AS (
            SELECT DISTINCT visitor_id, ${localDate("started_at")} AS local_date FROM web_sessions
            WHERE id IN (SELECT session_id FROM web_page_touched)
          )
          SELECT id AS session_id, local_date FROM (
            SELECT id, visitor_id, ${localDate("started_at")} AS local_date FROM web_sessions
            WHERE visitor_id IN (SELECT visitor_id FROM days)
          ) SEMI JOIN days USING (visitor_id, local_date)`,
    );
    // Their days as stored and as they are now: both are summed again.
    await tx.run(
      `CREATE OR REPLACE TEMP TABLE web_page_days AS
          SELECT local_date FROM web_page_sessions WHERE session_id IN (SELECT session_id FROM web_page_dirty)
          UNION SELECT local_date FROM web_page_dirty`,
    );
    await tx.run("DELETE FROM web_page_sessions WHERE session_id IN (SELECT session_id FROM web_page_dirty)");
    await insertPageSessions(tx, "web_page_dirty");
    await tx.run("DELETE FROM web_page_daily WHERE day IN (SELECT local_date FROM web_page_days)");
    await sumPageDays(tx, "WHERE local_date IN (SELECT local_date FROM web_page_days)");
    await sumLandingDays(tx, from, localDate);
    await tx.run("DROP TABLE web_page_touched");
    await tx.run("DROP TABLE web_page_dirty");
    await tx.run("DROP TABLE web_page_days");
  },
};

/**
 * Nothing taken in yet: every session in bulk, without looking for what changed or which days to sum again
 * (emptied first, so that the sums equal a rebuild whatever the tables held).
 */
async function addEverySession(tx: Queryable, localDate: (column: string) => string): Promise<void> {
  for (const table of WEB_PAGES.tables) await tx.run(`DELETE FROM ${table}`);
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_page_dirty AS
      SELECT id AS session_id, ${localDate("started_at")} AS local_date FROM web_sessions`,
  );
  await insertPageSessions(tx, "web_page_dirty");
  await tx.run("DROP TABLE web_page_dirty");
  await sumPageDays(tx, "");
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_landing_sessions AS
      SELECT ${localDate("started_at")} AS day, ${landingSessionTerms} FROM web_sessions`,
  );
  await sumLandingSessions(tx);
}

/** Sums the rows of web_page_sessions that `where` keeps into web_page_daily. */
const sumPageDays = (tx: Queryable, where: string) =>
  tx.run(
    `INSERT INTO web_page_daily
      SELECT local_date AS day, path, channel, ${PAGE_DAY_SUMS.map((column) => `sum(${column})::BIGINT`).join(", ")}
      FROM (SELECT local_date, ${pageDayRows} FROM web_page_sessions ${where})
      GROUP BY ALL ORDER BY day`,
  );

/** Sums every local day of a touched or updated session again into web_landing_daily. */
async function sumLandingDays(
  tx: Queryable,
  from: Record<string, number>,
  localDate: (column: string) => string,
) {
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_landing_days AS
      WITH touched AS (
        SELECT started_at FROM web_sessions WHERE id IN (
          SELECT session_id FROM web_page_touched
          UNION SELECT session_id FROM web_session_updates WHERE rowid >= $session_updates)
      )
      -- a local day lies within a day of any instant in it: bounds that let the scan skip the other days.
      -- Not min(…) OVER (): DuckDB 1.5.5's parallel window over a few rows now and then fails with an internal
      -- error that invalidates the whole database (duckdb/duckdb#25713); an aggregate joined on does not.
      SELECT DISTINCT ${localDate("started_at")} AS local_date, bounds.low, bounds.high
      FROM touched, (
        SELECT min(started_at) - INTERVAL 2 DAY AS low, max(started_at) + INTERVAL 2 DAY AS high FROM touched
      ) bounds`,
    { session_updates: from.session_updates },
  );
  await tx.run("DELETE FROM web_landing_daily WHERE day IN (SELECT local_date FROM web_landing_days)");
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE web_landing_sessions AS
      SELECT ${localDate("started_at")} AS day, ${landingSessionTerms} FROM web_sessions
      WHERE started_at >= (SELECT min(low) FROM web_landing_days)
        AND started_at <= (SELECT max(high) FROM web_landing_days)
        AND ${localDate("started_at")} IN (SELECT local_date FROM web_landing_days)`,
  );
  await sumLandingSessions(tx);
  await tx.run("DROP TABLE web_landing_days");
}

/** Sums the sessions of web_landing_sessions (day, landingSessionTerms) into web_landing_daily. */
async function sumLandingSessions(tx: Queryable): Promise<void> {
  await tx.run(
    `INSERT INTO web_landing_daily
      SELECT day, landing_path, channel, ${landingSums}
      FROM (${landingTermsSql("web_landing_sessions", ["day", "landing_path", "channel"])})
      GROUP BY ALL ORDER BY day`,
  );
  await tx.run("DROP TABLE web_landing_sessions");
}

/** The sums of web_landing_daily after its day, landing page and channel, in the table's order. */
export const LANDING_DAY_SUMS = [
  "sessions",
  "bounces",
  "duration_seconds",
  "pageviews",
  "conversions",
  "converting_sessions",
  "revenue_cents",
  "claims",
] as const;

/** Every sum of web_landing_daily over rows of landingTermsSql (a cell without events has none of theirs). */
export const landingSums = LANDING_DAY_SUMS.map(
  (column) => `coalesce(sum(${column}), 0)::BIGINT AS ${column}`,
).join(", ");

/**
 * The columns of web_sessions as the session terms of web_landing_daily's sums: session_id, started_at,
 * landing_path, channel, then sessions, bounces (one pageview, no interactive event), duration_seconds (a
 * bounce lasts 0 s) and pageviews. The daily sums add these up, and a report reading the unfinished day adds
 * up the same terms (the events' terms come from landingTermsSql).
 */
export const landingSessionTerms = `id AS session_id, started_at, landing_path, channel, 1 AS sessions,
  is_bounce::INTEGER AS bounces, CASE WHEN is_bounce THEN 0 ELSE duration_seconds END AS duration_seconds, pageviews`;

/**
 * The rows of the relation `sessions` (one per session, with session_id and the columns `keys`), followed by
 * their events' terms (landingEventTermsSql). Rows without a session_id (whole days' sums) are passed through.
 */
export const landingTermsSql = (sessions: string, keys: string[]) => `SELECT * FROM ${sessions}
  UNION ALL BY NAME
  ${landingEventTermsSql(sessions, keys)}`;

/**
 * A row per session of the relation `sessions` with conversion or voucher events: `keys` and the terms
 * conversions, converting_sessions (0 or 1), revenue_cents (of the conversions, incl. VAT as the website
 * reports it) and claims. Every event of the session counts. Only events of ids in the range of the sessions'
 * ids are grouped: ids rise with time, so a stretch of a few days' sessions has a narrow range (a caller with
 * sessions far apart in time passes each stretch on its own).
 */
export const landingEventTermsSql = (sessions: string, keys: string[]) => `SELECT ${keys
  .map((key) => `s.${key}`)
  .join(", ")}, e.conversions, (e.conversions > 0)::INTEGER AS converting_sessions, e.revenue_cents, e.claims
  FROM ${sessions} s JOIN (
    SELECT session_id, count(*) FILTER (WHERE kind = 'conversion') AS conversions,
      coalesce(sum(revenue_cents) FILTER (WHERE kind = 'conversion'), 0) AS revenue_cents,
      count(*) FILTER (WHERE kind = 'voucher') AS claims
    FROM web_events
    WHERE kind IN ('conversion', 'voucher')
      AND session_id BETWEEN (SELECT min(session_id) FROM ${sessions}) AND (SELECT max(session_id) FROM ${sessions})
    GROUP BY session_id
  ) e ON e.session_id = s.session_id`;

/** The sums of web_page_daily after its day, path and channel, in the table's order. */
const PAGE_DAY_SUMS = [
  "pageviews",
  "sessions",
  "first_sessions",
  "page_seconds",
  "exits",
  "claims",
  "first_claims",
  "conversions",
  "first_conversions",
  "visitors",
  "visitors_path",
  "visitors_channel",
  "visitors_path_channel",
  "timed_visitors_path",
  "timed_visitors_path_channel",
] as const;

/**
 * The columns of web_page_sessions as the terms of web_page_daily's sums (path, channel, then PAGE_DAY_SUMS):
 * the daily sums add these up, and a report reading the unfinished day adds up the same terms.
 */
export const pageDayRows = `path, channel, pageviews, 1 AS sessions, is_first::INTEGER AS first_sessions,
  page_seconds, exits, claims, CASE WHEN is_first THEN claims ELSE 0 END AS first_claims, conversions,
  CASE WHEN is_first THEN conversions ELSE 0 END AS first_conversions, first_of_visitor::INTEGER AS visitors,
  first_of_visitor_path::INTEGER AS visitors_path, first_of_visitor_channel::INTEGER AS visitors_channel,
  first_of_visitor_path_channel::INTEGER AS visitors_path_channel,
  first_timed_of_visitor_path::INTEGER AS timed_visitors_path,
  first_timed_of_visitor_path_channel::INTEGER AS timed_visitors_path_channel`;

/** The website's pages and landing pages per session and per day: no plate. */
export const WEB_PAGES_DECLARED = declareDerived(WEB_PAGES, syncWebPages, {
  name: "websitepagina's per sessie en per dag",
  plateColumns: {},
  erase: null,
});
