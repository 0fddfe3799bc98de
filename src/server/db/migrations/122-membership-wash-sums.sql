-- Each member's washes in the year before one instant (membership_washes_sync.sums_at) and events up to it,
-- kept beside the member washes (warehouse/derived/memberships/wash-sums.ts): Abonnementen › Leden reads them
-- instead of grouping every member wash of the year and every event, and works out again only the members
-- whose washes or events differ at its own instant.
CREATE TABLE membership_wash_sums (
  member_id VARCHAR NOT NULL,
  -- in the year before sums_at, the last 90 and 30 days of it
  washes BIGINT NOT NULL,
  washes_90 BIGINT NOT NULL,
  washes_30 BIGINT NOT NULL,
  last_wash_at TIMESTAMPTZ NOT NULL,
  -- the median of the days between consecutive washes in that year (null with one wash)
  median_gap DOUBLE,
  -- the washes themselves, in order: a request works a member's sums out again from them
  wash_times TIMESTAMPTZ[] NOT NULL
);

CREATE TABLE membership_event_sums (
  member_id VARCHAR NOT NULL,
  -- the last decline and charge up to sums_at, the declines in the 90 days before it, whether it ever paused
  declined_at TIMESTAMPTZ,
  charged_at TIMESTAMPTZ,
  declines_90 BIGINT NOT NULL,
  paused_before BOOLEAN NOT NULL,
  -- its declines, charges and pauses up to sums_at (instant and type, in pairs): a request works a member's
  -- sums out again from them
  event_times TIMESTAMPTZ[] NOT NULL,
  event_types VARCHAR[] NOT NULL
);

-- The instant the sums are for: the hour the newest member wash began in; null before any is kept (the next
-- sync then works them out).
ALTER TABLE membership_washes_sync ADD COLUMN sums_at TIMESTAMPTZ;
