-- The sales sums per local (Europe/Amsterdam) day (issue 13): the hourly sums (020) summed per local day, so
-- that "Dit jaar" reads a row per day instead of 24. Amsterdam is a whole number of hours from UTC, so every
-- UTC hour lies inside one local day. Written only by src/server/reports/transactions/sales-rollup.ts, in
-- the same transaction as the hourly sums; reports read whole days here and the unfinished day from the
-- hourly sums and the facts (ReportSql.dailyRollup).
CREATE TABLE sales_daily (
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  payment_method VARCHAR NOT NULL,
  online BOOLEAN NOT NULL,
  transactions BIGINT NOT NULL,
  gross_cents BIGINT NOT NULL,
  discount_cents BIGINT NOT NULL,
  revenue_cents BIGINT NOT NULL,
  vat_cents BIGINT NOT NULL,
  with_extra BIGINT NOT NULL,
  PRIMARY KEY (day, site_id, payment_method, online)
);

CREATE TABLE item_sales_daily (
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  quantity BIGINT NOT NULL,
  gross_cents BIGINT NOT NULL,
  discount_cents BIGINT NOT NULL,
  revenue_cents BIGINT NOT NULL,
  vat_cents BIGINT NOT NULL,
  PRIMARY KEY (day, site_id, item_id)
);

-- The existing hourly sums have no daily sums yet: the next sync works both out again from all facts.
DELETE FROM sales_hourly;
DELETE FROM item_sales_hourly;
UPDATE sales_hourly_sync SET transactions = 0, lines = 0;
