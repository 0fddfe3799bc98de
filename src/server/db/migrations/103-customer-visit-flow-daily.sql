-- Daily sums of the customer visits for Flow (users-flow, issue 13): the time since each visit's previous
-- visit, and the local hour of its arrival. Nothing writes these tables but
-- src/server/reports/customers/flow-daily.ts, from customer_visits, whenever customer_visits_daily follows
-- it (visits-daily.ts: catch-up, rebuild, erasure); they can be rebuilt at any time.
--
-- Why: Flow's gap classes, median gap and weekday × hour cells grouped every visit of both windows per
-- request (~1.3 M at demo size for "Dit jaar", ten times that at 10×). A visit's gap and hour follow from
-- its own row, so they sum exactly per day and site.

CREATE TABLE customer_flow_gaps_daily (
  -- the local (Amsterdam) day of the visits
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  -- the gap to the customer's previous visit at this site (customer_visits.previous_site_visit_at), or at
  -- any site (previous_visit_at)
  at_site BOOLEAN NOT NULL,
  -- the gap in whole days below 28; from there the lower bound in days of Flow's class it lies in (28, 61,
  -- 92, 183); -1: no previous visit
  gap_days SMALLINT NOT NULL,
  visits BIGINT NOT NULL,
  -- visits whose gap in whole hours is gap_days × 24 + 0 … 23 (below 28 days: all of them, so the median
  -- gap's exact hour follows from these sums)
  hour_0 BIGINT NOT NULL, hour_1 BIGINT NOT NULL, hour_2 BIGINT NOT NULL, hour_3 BIGINT NOT NULL,
  hour_4 BIGINT NOT NULL, hour_5 BIGINT NOT NULL, hour_6 BIGINT NOT NULL, hour_7 BIGINT NOT NULL,
  hour_8 BIGINT NOT NULL, hour_9 BIGINT NOT NULL, hour_10 BIGINT NOT NULL, hour_11 BIGINT NOT NULL,
  hour_12 BIGINT NOT NULL, hour_13 BIGINT NOT NULL, hour_14 BIGINT NOT NULL, hour_15 BIGINT NOT NULL,
  hour_16 BIGINT NOT NULL, hour_17 BIGINT NOT NULL, hour_18 BIGINT NOT NULL, hour_19 BIGINT NOT NULL,
  hour_20 BIGINT NOT NULL, hour_21 BIGINT NOT NULL, hour_22 BIGINT NOT NULL, hour_23 BIGINT NOT NULL,
  PRIMARY KEY (day, site_id, at_site, gap_days)
);

CREATE TABLE customer_flow_hours_daily (
  -- the local (Amsterdam) day and hour (0–23, of customer_visits.visit_local) of the arrivals
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  hour TINYINT NOT NULL,
  visits BIGINT NOT NULL,
  PRIMARY KEY (day, site_id, hour)
);

-- The daily sums of the visits are emptied too, so that the next sync refills them all from customer_visits
-- (visits-sync.ts, `daily_missing`).
DELETE FROM customer_visits_daily;
