-- Website tracking bookkeeping (src/server/tracking).
--
-- The secret salts that make visitor ids: one per local day (Europe/Amsterdam). The collector keeps only
-- today's and yesterday's (the latter to continue sessions across midnight) and deletes older ones, after
-- which nobody can recompute an old visitor id from an IP address and user agent.
CREATE TABLE tracking_salts (
  day DATE PRIMARY KEY,
  salt VARCHAR NOT NULL CHECK (regexp_full_match(salt, '[0-9a-f]{64}'))
);

-- What the collector did with the events it received, per local day: stored, or dropped and why. Lets an
-- operator see bot traffic, refused origins and rate limiting without storing any of those requests.
CREATE TABLE tracking_counts (
  day DATE NOT NULL,
  outcome VARCHAR NOT NULL CHECK (outcome IN ('stored', 'bot', 'rate_limited', 'origin_refused', 'malformed')),
  events BIGINT NOT NULL CHECK (events >= 0),
  PRIMARY KEY (day, outcome)
);
