-- Hourly sums of the sales facts, for the transaction reports and the dashboard (DESIGN section 5). Nothing
-- writes these tables but src/server/reports/transactions/sales-rollup.ts, which adds what arrived in
-- transactions and transaction_lines before a report reads them; they can be rebuilt from the facts.
--
-- Why: a year against the year before is 2.6 M sales and 4.4 M lines at demo size, ten times that at 10×;
-- summed per hour they are ~90 000 and ~150 000 rows whatever the volume per hour. An hour in UTC is one
-- local hour too: Amsterdam's offsets are whole hours. Sums only, so late facts simply add to their hour.

CREATE TABLE sales_hourly (
  hour_start TIMESTAMPTZ NOT NULL,
  site_id INTEGER NOT NULL,
  payment_method VARCHAR NOT NULL,
  online BOOLEAN NOT NULL,
  transactions BIGINT NOT NULL,
  gross_cents BIGINT NOT NULL,
  discount_cents BIGINT NOT NULL,
  revenue_cents BIGINT NOT NULL,
  vat_cents BIGINT NOT NULL,
  -- sales with at least one line of an item of kind 'extra'
  with_extra BIGINT NOT NULL,
  PRIMARY KEY (hour_start, site_id, payment_method, online)
);

CREATE TABLE item_sales_hourly (
  hour_start TIMESTAMPTZ NOT NULL,
  site_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  quantity BIGINT NOT NULL,
  gross_cents BIGINT NOT NULL,
  discount_cents BIGINT NOT NULL,
  revenue_cents BIGINT NOT NULL,
  vat_cents BIGINT NOT NULL,
  PRIMARY KEY (hour_start, site_id, item_id)
);

-- How far the sums have been brought: the facts are append-only, so the rows counted here (rowid below the
-- count) are the ones already added.
CREATE TABLE sales_hourly_sync (
  transactions BIGINT NOT NULL,
  lines BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO sales_hourly_sync VALUES (0, 0, now());
