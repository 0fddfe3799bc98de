-- Each visit's number within its local (Amsterdam) calendar year, at any site and at its own site (issue 13).
-- Written only by src/server/reports/customers/visits-sync.ts, with the rest of the visit's history columns.
--
-- Why: "how often did each customer come this year" grouped ~1 M repeat visits per customer on every
-- request. In a window from 1 January on, a customer has at least n visits exactly when one of its visits in
-- the window is numbered n; so the frequency classes become counts of numbered visits, which the daily sums
-- (customer_visits_daily, below) add up per day and site.

-- The daily sums (086) with the numbered visits counted too. Emptied here: the next sync refills them all
-- from customer_visits (visits-sync.ts, `daily_missing`).
DROP TABLE customer_visits_daily;
CREATE TABLE customer_visits_daily (
  -- the local (Amsterdam) day of the visits
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  visits BIGINT NOT NULL,
  -- visits with a sale at the site (customer_visits.purchased)
  purchased BIGINT NOT NULL,
  -- visits that are the customer's first, at any site, of their local day / ISO week / month / year
  first_day BIGINT NOT NULL,
  first_week BIGINT NOT NULL,
  first_month BIGINT NOT NULL,
  first_year BIGINT NOT NULL,
  -- visits that are the customer's first ever
  first_ever BIGINT NOT NULL,
  -- visits that are the customer's first at this site of their day / week / month / year
  site_first_day BIGINT NOT NULL,
  site_first_week BIGINT NOT NULL,
  site_first_month BIGINT NOT NULL,
  site_first_year BIGINT NOT NULL,
  -- of those, the customers whose first visit ever (at any site) lies in that day / week / month / year
  site_new_day BIGINT NOT NULL,
  site_new_week BIGINT NOT NULL,
  site_new_month BIGINT NOT NULL,
  site_new_year BIGINT NOT NULL,
  -- visits that are the customer's 2nd … 11th of their year at any site (year_visit_number), 21st, 41st, 81st,
  -- 161st, 321st (so many customers came so often: where the ten who came most are), and 12th or later
  year_nth_2 BIGINT NOT NULL,
  year_nth_3 BIGINT NOT NULL,
  year_nth_4 BIGINT NOT NULL,
  year_nth_5 BIGINT NOT NULL,
  year_nth_6 BIGINT NOT NULL,
  year_nth_7 BIGINT NOT NULL,
  year_nth_8 BIGINT NOT NULL,
  year_nth_9 BIGINT NOT NULL,
  year_nth_10 BIGINT NOT NULL,
  year_nth_11 BIGINT NOT NULL,
  year_nth_21 BIGINT NOT NULL,
  year_nth_41 BIGINT NOT NULL,
  year_nth_81 BIGINT NOT NULL,
  year_nth_161 BIGINT NOT NULL,
  year_nth_321 BIGINT NOT NULL,
  year_nth_later BIGINT NOT NULL,
  -- the same at this site (site_year_visit_number)
  site_year_nth_2 BIGINT NOT NULL,
  site_year_nth_3 BIGINT NOT NULL,
  site_year_nth_4 BIGINT NOT NULL,
  site_year_nth_5 BIGINT NOT NULL,
  site_year_nth_6 BIGINT NOT NULL,
  site_year_nth_7 BIGINT NOT NULL,
  site_year_nth_8 BIGINT NOT NULL,
  site_year_nth_9 BIGINT NOT NULL,
  site_year_nth_10 BIGINT NOT NULL,
  site_year_nth_11 BIGINT NOT NULL,
  site_year_nth_21 BIGINT NOT NULL,
  site_year_nth_41 BIGINT NOT NULL,
  site_year_nth_81 BIGINT NOT NULL,
  site_year_nth_161 BIGINT NOT NULL,
  site_year_nth_321 BIGINT NOT NULL,
  site_year_nth_later BIGINT NOT NULL,
  PRIMARY KEY (day, site_id)
);

-- customer_visits again with the year's counts, in time order as the sync keeps it
CREATE TABLE customer_visits_numbered (
  customer_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  visit_at TIMESTAMPTZ NOT NULL,
  visit_local TIMESTAMP NOT NULL,
  first_visit_at TIMESTAMPTZ NOT NULL,
  first_visit_local TIMESTAMP NOT NULL,
  first_site_id INTEGER NOT NULL,
  previous_visit_at TIMESTAMPTZ,
  previous_visit_local TIMESTAMP,
  previous_site_visit_at TIMESTAMPTZ,
  previous_site_visit_local TIMESTAMP,
  purchased BOOLEAN NOT NULL,
  -- The customer's local calendar year up to and including this visit: its number among the year's visits
  -- at any site (1 = the year's first; simultaneous visits by site id) and among those at this site; the
  -- different sites visited; the visits with a purchase, at any site and at this site.
  year_visit_number INTEGER NOT NULL,
  site_year_visit_number INTEGER NOT NULL,
  year_sites INTEGER NOT NULL,
  year_purchases INTEGER NOT NULL,
  site_year_purchases INTEGER NOT NULL
);
INSERT INTO customer_visits_numbered
SELECT * EXCLUDE (year, site_year_visit_number),
  row_number() OVER this_year,
  site_year_visit_number,
  count_if(site_year_visit_number = 1) OVER this_year,
  count_if(purchased) OVER this_year,
  count_if(purchased) OVER this_year_here
FROM (
  SELECT *, year(visit_local) AS year,
    row_number() OVER (PARTITION BY customer_id, site_id, year(visit_local) ORDER BY visit_at) AS site_year_visit_number
  FROM customer_visits
)
WINDOW this_year AS (PARTITION BY customer_id, year ORDER BY visit_at, site_id),
  this_year_here AS (PARTITION BY customer_id, site_id, year ORDER BY visit_at)
ORDER BY visit_at;
DROP TABLE customer_visits;
ALTER TABLE customer_visits_numbered RENAME TO customer_visits;
