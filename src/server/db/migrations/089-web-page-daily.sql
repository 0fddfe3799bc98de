-- Website › All Pages summed per local (Europe/Amsterdam) day of the session's start, path and channel, so that
-- a year reads tens of thousands of rows instead of every session's pages. Every column is a sum (a flag
-- counted as 0 or 1) of web_page_sessions, so any set of days adds up to what those sessions give. Written
-- only by src/server/reports/behaviour/web-pages-sync.ts in the same transaction as web_page_sessions (the
-- days of the sessions it works out again are summed again); it can be rebuilt from web_page_sessions.
CREATE TABLE web_page_daily (
  day DATE NOT NULL,
  path VARCHAR NOT NULL,
  channel VARCHAR NOT NULL,
  pageviews BIGINT NOT NULL,
  -- rows of web_page_sessions: sessions that showed the path, and those that showed it first
  sessions BIGINT NOT NULL,
  first_sessions BIGINT NOT NULL,
  -- null when no view of the path that day has a known time
  page_seconds BIGINT,
  exits BIGINT NOT NULL,
  -- claims and conversions after a view of the path, and those of the sessions that showed it first
  claims BIGINT NOT NULL,
  first_claims BIGINT NOT NULL,
  conversions BIGINT NOT NULL,
  first_conversions BIGINT NOT NULL,
  -- the rows flagged first of their visitor that day: in all, per path, per channel, per both; and among
  -- those with a known time, per path and per path and channel
  visitors BIGINT NOT NULL,
  visitors_path BIGINT NOT NULL,
  visitors_channel BIGINT NOT NULL,
  visitors_path_channel BIGINT NOT NULL,
  timed_visitors_path BIGINT NOT NULL,
  timed_visitors_path_channel BIGINT NOT NULL
);

-- The existing sessions have no daily sums yet: the next sync works them out again from all facts.
DELETE FROM web_page_sessions;
UPDATE web_page_sync SET sessions = 0, pageviews = 0, events = 0, engaged = 0;
