-- Website › All Pages reads what each session did on each page, worked out once from the pageviews instead
-- of per request (a window over every pageview of the period for "the next page" and "the last page").
-- Nothing writes web_page_sessions but src/server/reports/behaviour/web-pages-sync.ts, which brings it up to
-- date before the report reads it; it can be rebuilt from the facts at any time.

-- One row per session and path it showed. A session's pages count in the period the session started in,
-- so a visit is never cut in two by a period boundary (exits and the next page are the whole session's).
CREATE TABLE web_page_sessions (
  session_id BIGINT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  -- the session's start as an Amsterdam date
  local_date DATE NOT NULL,
  visitor_id VARCHAR NOT NULL,
  channel VARCHAR NOT NULL,
  path VARCHAR NOT NULL,
  pageviews INTEGER NOT NULL,
  -- Σ seconds on the page per view (engaged time, else the time to the session's next pageview, capped);
  -- null when no view of it has a known time
  page_seconds BIGINT,
  -- 1 when the session's last pageview showed this path
  exits INTEGER NOT NULL,
  -- the path the session showed first: this row also stands for the session as a whole
  is_first BOOLEAN NOT NULL,
  -- voucher claims and conversions of the session at or after its first view of the path
  claims INTEGER NOT NULL,
  conversions INTEGER NOT NULL,
  -- Distinct visitors as sums: visitor ids change every day (the collector starts a visitor's sessions on
  -- its id's day), so within one local date each flag marks one row per visitor and …
  first_of_visitor BOOLEAN NOT NULL,          -- … in all
  first_of_visitor_path BOOLEAN NOT NULL,     -- … per path
  first_of_visitor_channel BOOLEAN NOT NULL,  -- … per channel
  first_of_visitor_path_channel BOOLEAN NOT NULL,
  -- … per path (and channel) among the rows with a known time on the page
  first_timed_of_visitor_path BOOLEAN NOT NULL,
  first_timed_of_visitor_path_channel BOOLEAN NOT NULL
);

-- Engaged time is written onto stored pageviews by UPDATE (src/server/tracking/store.ts), which the row
-- counts of web-page-sync cannot see: the collector appends the session of every such update here.
CREATE TABLE pageview_engaged_updates (
  session_id BIGINT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- How far web_page_sessions has been brought: the rows (rowid below the count) already taken into account.
CREATE TABLE web_page_sync (
  sessions BIGINT NOT NULL,
  pageviews BIGINT NOT NULL,
  events BIGINT NOT NULL,
  engaged BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO web_page_sync VALUES (0, 0, 0, 0, now());
