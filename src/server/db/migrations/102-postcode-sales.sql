-- The sales with a postcode, for Geografische locatie (issue 13). Nothing writes this table but
-- src/server/reports/customers/postcode-sales.ts, which adds what arrived in transactions before the report
-- reads it; it can be rebuilt from the facts at any time.
--
-- Why: the report counts each customer (plate) once, in the region of its latest postcode sale in the
-- period, with all its sales there. Grouping a year's ~430 000 such sales per plate (a VARCHAR) cost some
-- 140 ms CPU at demo size and ten times that at 10×. Each row here says instead, per plate, when it comes
-- next and when its region changes: a sale is the plate's latest in a period when its next one lies after
-- the period's end, and only the few plates whose region changes within a period are grouped. The table is
-- kept in time order, so a period's filter skips the rest of it (migration 095).
CREATE TABLE postcode_sales (
  -- transactions.id
  id BIGINT NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  site_id INTEGER NOT NULL,
  plate VARCHAR,
  -- the customer as a number: the smallest id among its plate's postcode sales; a sale without a plate is
  -- a customer of its own (its id)
  customer BIGINT NOT NULL,
  -- the two-digit postcode region (PC2, 10–99) of customer_postcode
  pc2 UTINYINT NOT NULL,
  total_cents INTEGER NOT NULL,
  -- The plate's next postcode sale, its next one in another region and its latest earlier one in another
  -- region, at any site; null when there is none (always, without a plate). Ties in time go by id.
  next_at TIMESTAMPTZ,
  next_other_at TIMESTAMPTZ,
  last_other_at TIMESTAMPTZ,
  -- The same among the plate's postcode sales at this site, for the view of one site.
  site_next_at TIMESTAMPTZ,
  site_next_other_at TIMESTAMPTZ,
  site_last_other_at TIMESTAMPTZ
);

-- Each plate in postcode_sales with its customer number: a catch-up finds the rows of the plates with a new
-- sale by number, comparing a plate per customer instead of a plate per sale.
CREATE TABLE postcode_customers (
  plate VARCHAR NOT NULL,
  customer BIGINT NOT NULL
);

-- How far the tables have been brought: the rows of transactions counted here (rowid below it) are in it.
CREATE TABLE postcode_sales_sync (
  transactions BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO postcode_sales_sync VALUES (0, now());
