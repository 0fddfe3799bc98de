-- Saved views (issue 14): a person's name for a report screen with its filters. `query` is the screen's
-- query string (period, comparison, granularity, sites, dimension filters), so the view is also its link.
-- Each belongs to one app user and is seen by that user only.
CREATE SEQUENCE saved_views_id_seq START 1;
CREATE TABLE saved_views (
  id INTEGER PRIMARY KEY DEFAULT nextval('saved_views_id_seq'),
  user_id INTEGER NOT NULL,
  report VARCHAR NOT NULL,
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  query VARCHAR NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, report, name)
);
