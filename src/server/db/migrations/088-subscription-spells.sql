-- Subscription spells: runs of one plate's subscription payments at most 35 days apart
-- (behaviour/subscriptions.ts), worked out once per plate instead of per request of Programmakeuze (item-flow).
-- Written only by src/server/reports/behaviour/programme-visits-sync.ts, in the same transaction as
-- subscription_payments (every plate with a new payment is worked out again from all its payments); it can
-- be rebuilt from subscription_payments at any time.
CREATE TABLE subscription_spells (
  -- null: the spells of the payments at every site (the report without a site filter); otherwise the spells
  -- of the payments at this one site (the report narrowed to it)
  site_id INTEGER,
  plate VARCHAR NOT NULL,
  -- the spell's first payment
  started_at TIMESTAMPTZ NOT NULL,
  -- one month after its last payment: the spell has ended at that moment once it has passed
  paid_until TIMESTAMPTZ NOT NULL
);

-- The existing payments have no spells yet: the next sync works them out again from all facts.
DELETE FROM programme_visits;
DELETE FROM programme_visits_daily;
DELETE FROM subscription_payments;
UPDATE programme_visits_sync SET transactions = 0, lines = 0;
