-- The collector UPDATEs a stored session (its end, exit page, pageviews, interactive events, duration and
-- bounce: src/server/tracking/store.ts), which the row counts of web-pages-sync cannot see: it appends the id
-- of every such session here, as pageview_engaged_updates does for engaged time.
CREATE TABLE web_session_updates (
  session_id BIGINT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
ALTER TABLE web_page_sync ADD COLUMN session_updates BIGINT DEFAULT 0;

-- Website sessions summed per local (Europe/Amsterdam) day of their start, landing page and channel, for
-- Landing Pages and All Pages' entries and bounces: a year reads tens of thousands of rows instead of every
-- session. Every column is a sum, so any set of days adds up to what those sessions give. Written only by
-- src/server/reports/behaviour/web-pages-sync.ts (every day of a session something arrived for is summed
-- again from web_sessions and web_events); it can be rebuilt from those.
CREATE TABLE web_landing_daily (
  day DATE NOT NULL,
  landing_path VARCHAR NOT NULL,
  channel VARCHAR NOT NULL,
  sessions BIGINT NOT NULL,
  -- one pageview and no interactive event
  bounces BIGINT NOT NULL,
  -- Σ duration, a bounce counting as 0 s
  duration_seconds BIGINT NOT NULL,
  pageviews BIGINT NOT NULL,
  -- the sessions' conversion events, their revenue, the sessions with one, and their voucher claims
  conversions BIGINT NOT NULL,
  converting_sessions BIGINT NOT NULL,
  revenue_cents BIGINT NOT NULL,
  claims BIGINT NOT NULL
);
