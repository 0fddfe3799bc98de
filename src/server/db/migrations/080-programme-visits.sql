-- Programme visits: one row per sale with a wash programme on it (a paid, free or subscription wash), with the
-- plate's previous sale at a site worked out once, so that Programmakeuze (item-flow) reads one small table
-- instead of finding every plate's previous visit per request. Written only by
-- src/server/reports/behaviour/programme-visits-sync.ts; it can be rebuilt from the facts at any time.
-- Names and the programmes' order come from items at query time (an edited order applies at once).
CREATE TABLE programme_visits (
  transaction_id BIGINT NOT NULL,
  site_id INTEGER NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  plate VARCHAR,
  -- the sale's programme line (the highest item id if it has several), its amount incl. VAT after discount
  item_id INTEGER NOT NULL,
  revenue_cents BIGINT NOT NULL,
  with_extra BOOLEAN NOT NULL,
  -- paid 'abonnement'; free: cost nothing and not on a subscription (a voucher paid all)
  subscription BOOLEAN NOT NULL,
  free BOOLEAN NOT NULL,
  -- the plate's latest earlier sale at a site (any sale); null without a plate or without one
  previous_at TIMESTAMPTZ,
  -- that sale's programme (null when it had none: extras only), whether it was a subscription wash, its promotion
  previous_item_id INTEGER,
  previous_subscription BOOLEAN,
  previous_promotion_id INTEGER
);

CREATE TABLE programme_visits_sync (
  transactions BIGINT NOT NULL,
  lines BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO programme_visits_sync VALUES (0, 0, now());

-- Subscription payments: a sale of a subscription item with the plate it is for, the facts subscription
-- spells are made of (behaviour/subscriptions.ts), kept apart so that finding them is no scan of every line.
-- Written by the same sync as programme_visits.
CREATE TABLE subscription_payments (
  transaction_id BIGINT NOT NULL,
  site_id INTEGER NOT NULL,
  plate VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL
);
