-- Daily sums of the customer visits per site, for the KLANTEN reports over calendar periods (issue 13).
-- Nothing writes this table but src/server/reports/customers/visits-daily.ts, from customer_visits, whenever
-- visits-sync.ts changes those (and erase-plate.ts when a plate is erased); it can be rebuilt at any time.
--
-- Why: "Dit jaar" against last year is ~1.3 M visits at demo size, ten times that at 10×, and each needs its
-- window, bucket and first-of-period flags worked out per request. A visit's flags depend on its own row
-- only, so they sum exactly per day and site: counting "first visits of the ISO week / month / year" per day
-- adds up to distinct customers per week / month / year, for any run of whole days within one such period.

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
  PRIMARY KEY (day, site_id)
);
