-- Each charge with its member's site of sale and plan now, kept beside each membership's course
-- (warehouse/derived/memberships/member-state.ts): Abonnementen › Overzicht's money sums these instead of
-- joining every charge to its member by its text id (~25 ms at 10× the demo chain). Every charge, also one
-- before its member's signup (site and plan null then), as the events hold it. The VAT rate stays in items.
CREATE TABLE membership_charges (
  member_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  amount_cents INTEGER NOT NULL,
  site_id INTEGER,
  plan_item_id INTEGER
);
