-- Customers and their visits, derived from plate_reads and transactions for the KLANTEN reports (DESIGN
-- sections 4 and 5). Nothing writes these tables but src/server/reports/customers/visits-sync.ts, which
-- brings them up to date with the facts before a KLANTEN report reads them; they can be rebuilt from the
-- facts at any time.
--
-- Why derived tables: a visit merges the reads of one plate at one site less than 30 minutes apart, and
-- "new" needs each plate's first visit ever. Working that out per request means sorting a plate's whole
-- history (seconds at demo size); stored once, every report is a single scan of one time-ordered table.

-- A customer: a normalised plate, numbered densely so that reports group by an integer.
CREATE TABLE customers (
  id INTEGER NOT NULL,
  plate VARCHAR NOT NULL
);

-- A visit: a plate's arrival at a site, at its first read. Columns after site_id are the customer's
-- history as of this visit, so that new/returning, unique-per-bucket and time-between-visits need no join.
-- Each time is kept as the instant and as the Amsterdam wall-clock time (`*_local`, a plain TIMESTAMP),
-- worked out once here so that reports bucket and compare without converting per row.
CREATE TABLE customer_visits (
  customer_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  visit_at TIMESTAMPTZ NOT NULL,
  visit_local TIMESTAMP NOT NULL,
  first_visit_at TIMESTAMPTZ NOT NULL,
  first_visit_local TIMESTAMP NOT NULL,
  first_site_id INTEGER NOT NULL,
  -- the customer's visit before this one at any site, and at this site; null when there is none
  previous_visit_at TIMESTAMPTZ,
  previous_visit_local TIMESTAMP,
  previous_site_visit_at TIMESTAMPTZ,
  previous_site_visit_local TIMESTAMP,
  -- a sale at the site with this plate from 5 minutes before to 30 minutes after the arrival
  purchased BOOLEAN NOT NULL
);

-- How far the tables above have been brought: plate_reads and transactions are append-only, so the rows
-- counted here are the ones already taken into account (rowid below the count).
CREATE TABLE customer_visits_sync (
  reads BIGINT NOT NULL,
  transactions BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO customer_visits_sync VALUES (0, 0, now());
