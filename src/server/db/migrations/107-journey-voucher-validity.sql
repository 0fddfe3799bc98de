-- Issue 26: a redemption after its promotion's last day (outside the voucher's validity) is no longer credited
-- to the claim's channel (REPORT-DEFINITIONS §1; journey/plate-steps.ts). The journey is derived: emptied
-- here, the next sync works it out again from all facts.
DELETE FROM journey_sessions;
DELETE FROM journey_daily;
DELETE FROM journey_redemptions;
DELETE FROM journey_customers;
DELETE FROM journey_landing_daily;
UPDATE journey_sync SET sessions = 0, events = 0, transactions = 0, reads = 0;
