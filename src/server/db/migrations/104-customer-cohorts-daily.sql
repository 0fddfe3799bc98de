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

-- The daily sums of the visits are emptied too, so that the next sync refills both from customer_visits
-- (visits-sync.ts, `daily_missing`).
DELETE FROM customer_visits_daily;
