-- Each decline with the first charge of the same member after it, kept beside each membership's course
-- (warehouse/derived/memberships/member-state.ts): Abonnementen › Overzicht's decline recovery reads these
-- instead of looking for a later charge among every charge per decline (~50 ms at 10× the demo chain).
-- Every decline, also one before its member's signup or after the cancel, as the events hold it.
CREATE TABLE membership_declines (
  event_id VARCHAR NOT NULL,
  member_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  -- the member's first charge after the decline (null: none yet)
  recovered_at TIMESTAMPTZ
);
