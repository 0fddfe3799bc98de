-- Kept sums that spare Abonnementen › Overzicht its costliest joins at 10× the demo chain. Derived: every row
-- can be worked out again from the facts (warehouse/derived/memberships/, their declarations say how).

-- Each decline with the first charge of the same member after it, kept beside each membership's course
-- (member-state.ts): decline recovery reads these instead of looking for a later charge among every charge
-- per decline (~50 ms). Every decline, also one before its member's signup or after the cancel.
CREATE TABLE membership_declines (
  event_id VARCHAR NOT NULL,
  member_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  -- the member's first charge after the decline (null: none yet)
  recovered_at TIMESTAMPTZ
);

-- Each charge with its member's site of sale and plan now, kept beside each membership's course
-- (member-state.ts): the money sums these instead of joining every charge to its member by its text id
-- (~25 ms). Every charge, also one before its member's signup (site and plan null then); the VAT rate stays
-- in items.
CREATE TABLE membership_charges (
  member_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  amount_cents INTEGER NOT NULL,
  site_id INTEGER,
  plan_item_id INTEGER
);

-- Member washes per local day, site of the wash, site of the membership and whether a voucher paid all,
-- kept beside membership_washes (member-washes.ts): summed instead of every member wash of the period (~30 ms).
CREATE TABLE membership_washes_daily (
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  member_site_id INTEGER,
  free BOOLEAN NOT NULL,
  washes BIGINT NOT NULL
);
