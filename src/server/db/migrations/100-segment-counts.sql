-- Per-customer visit counts for Flow's segment migration (issue 13). Nothing writes these tables but
-- src/server/reports/customers/segment-counts.ts; they can be rebuilt from customer_visits at any time.
--
-- Why: the migration needs each customer's visits in the period and in the period before it. Grouping a
-- year's visits per customer on every request cost ~130 ms CPU at demo size and ~2 600 ms at 10× (the
-- per-customer hash table no longer fits in cache). For the preset periods that end at or near today the
-- counts of the complete days are kept here per scope; a request adds the visits of the window's last,
-- unfinished day (today, or the same day a year or month back) from customer_visits.
CREATE TABLE segment_counts (
  -- the preset (src/shared/reports/filters.ts), e.g. 'last-30-days', 'this-year'
  period VARCHAR NOT NULL,
  -- the site, or 0 for all sites together
  site_id INTEGER NOT NULL,
  customer_id INTEGER NOT NULL,
  -- the customer's first visit at any site, as customer_visits has it
  first_visit_at TIMESTAMPTZ NOT NULL,
  -- visits (at the scope) from the comparison's start to its split, and from the period's start to its split
  previous_visits INTEGER NOT NULL,
  current_visits INTEGER NOT NULL
);

-- For which windows each period's rows were counted. A window's split is the start of the local day its end
-- falls on (its end itself when that is a midnight): the days before it are complete and do not change.
CREATE TABLE segment_periods (
  period VARCHAR NOT NULL PRIMARY KEY,
  comparison_start TIMESTAMPTZ NOT NULL,
  comparison_split TIMESTAMPTZ NOT NULL,
  current_start TIMESTAMPTZ NOT NULL,
  current_split TIMESTAMPTZ NOT NULL
);

-- How far the counts have been brought: customer_visits_sync's reads and rebuilds when they were last taken in.
CREATE TABLE segment_counts_sync (
  reads BIGINT NOT NULL,
  visits_rebuilds INTEGER NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO segment_counts_sync VALUES (0, 0, now());

-- A rebuild of customer_visits numbers the customers anew: the counts, kept by customer number, follow it.
ALTER TABLE customer_visits_sync ADD COLUMN rebuilds INTEGER DEFAULT 0;

-- segment_counts summed per scope, visit counts and class of first visit, the first visit standing as one
-- instant for its class (from the period's start on, from the comparison's split on, in the comparison's
-- kept days, before them): the segments of the customers without a visit in the windows' last days follow
-- from these few rows alone (segment-counts.ts, firstVisitClass).
CREATE TABLE segment_histogram (
  period VARCHAR NOT NULL,
  site_id INTEGER NOT NULL,
  first_visit_at TIMESTAMPTZ NOT NULL,
  previous_visits INTEGER NOT NULL,
  current_visits INTEGER NOT NULL,
  plates INTEGER NOT NULL,
  PRIMARY KEY (period, site_id, first_visit_at, previous_visits, current_visits)
);
