-- Programme visits summed per local (Europe/Amsterdam) day, site and everything Programmakeuze (item-flow)
-- groups or counts by, so that a year reads thousands of rows instead of a million. Written only by
-- src/server/reports/behaviour/programme-visits-sync.ts in the same transaction as programme_visits (the days
-- of the rows it changes are summed again); it can be rebuilt from programme_visits at any time.
CREATE TABLE programme_visits_daily (
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  with_extra BOOLEAN NOT NULL,
  subscription BOOLEAN NOT NULL,
  free BOOLEAN NOT NULL,
  previous_item_id INTEGER,
  previous_subscription BOOLEAN,
  previous_promotion_id INTEGER,
  -- Whether a pair counts depends on the period (its previous visit at most 365 days before the period's
  -- start): null when the previous visit is within 365 days of the visit itself, which is inside the look-back
  -- of every period holding the visit; otherwise the previous visit's time, for the report to compare.
  lookback_at TIMESTAMPTZ,
  washes BIGINT NOT NULL,
  revenue_cents BIGINT NOT NULL
);

-- The existing visits have no daily sums yet: the next sync works them out again from all facts.
DELETE FROM programme_visits;
DELETE FROM subscription_payments;
UPDATE programme_visits_sync SET transactions = 0, lines = 0;
