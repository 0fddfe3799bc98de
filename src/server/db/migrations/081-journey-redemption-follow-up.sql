-- What a redeeming plate did in the 90 days after the redemption, for Vouchers › flow, kept beside the
-- redemption's seen-before and 90-day value so that the vouchers reports read one derivation (the journey's)
-- instead of a second one of their own. Written by src/server/reports/journey/journey-sync.ts; null
-- without a plate.
-- first_paid_at: the plate's first later sale without a voucher code that cost something (a subscription
--   fee counts) within the 90 days; visits_90d: its sales at a site in those 90 days (the redemption not
--   counted); subscriber_90d: one of its sales in those 90 days was paid by subscription.
ALTER TABLE journey_redemptions ADD COLUMN first_paid_at TIMESTAMPTZ;
ALTER TABLE journey_redemptions ADD COLUMN visits_90d INTEGER;
ALTER TABLE journey_redemptions ADD COLUMN subscriber_90d BOOLEAN;

-- The existing rows have no follow-up yet: the next sync works the journey out again from all facts.
DELETE FROM journey_sessions;
DELETE FROM journey_daily;
DELETE FROM journey_redemptions;
DELETE FROM journey_customers;
UPDATE journey_sync SET sessions = 0, events = 0, transactions = 0, reads = 0;
