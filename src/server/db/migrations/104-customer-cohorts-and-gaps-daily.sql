-- Daily sums of the visits that open a customer's month, per site and cohort, for the cohort matrix of
-- Nieuw / Terugkerend (issue 13). Nothing writes this table but src/server/reports/customers/cohorts-daily.ts,
-- from customer_visits, alongside customer_visits_daily (whenever visits-sync.ts changes visits, and when
-- erase-plate.ts erases a plate); it can be rebuilt at any time.
--
-- Why: each request grouped twelve months of visits (~310 k at demo size) by cohort × month. A visit's flags
-- below depend on its own row only, so they sum exactly per day, site and cohort; summed over a month's
-- days they count the cohort's distinct customers who came that month (at any site, or at one site).
-- Every cohort is kept, so the sums are right for any period.

CREATE TABLE customer_cohorts_daily (
  -- the local (Amsterdam) day of the visits
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  -- the cohort: the first day of the local month of the customer's first visit ever
  cohort DATE NOT NULL,
  -- visits that are the customer's first, at any site, of their local month
  first_month BIGINT NOT NULL,
  -- visits that are the customer's first at this site of their local month, of customers whose first visit
  -- ever was at this site (the cohort of one site)
  home_first_month BIGINT NOT NULL,
  PRIMARY KEY (day, site_id, cohort)
);

-- Daily histograms of the days between a visit and the customer's visit before it, per site, for the
-- customers of a window of at most 31 days that no calendar period holds (Laatste 30 dagen): a visit is the
-- customer's first in a window from day W on exactly when its previous visit lies more than (its day - W)
-- days back. Read by src/server/reports/customers/visit-gaps.ts, kept like customer_cohorts_daily.
-- gap: 0…30 days; 31: 31 days or more; 32: no previous visit.
CREATE TABLE customer_visit_gaps_daily (
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  gap SMALLINT NOT NULL,
  -- visits whose previous visit, at any site, lies `gap` days back
  visits BIGINT NOT NULL,
  -- visits whose previous visit at this site lies `gap` days back
  site_visits BIGINT NOT NULL,
  -- visits that are the customer's first at this site, whose first visit ever lies `gap` days back
  site_first_visits BIGINT NOT NULL,
  PRIMARY KEY (day, site_id, gap)
);

-- The daily sums of the visits are emptied too, so that the next sync refills both from customer_visits
-- (visits-sync.ts, `daily_missing`).
DELETE FROM customer_visits_daily;
