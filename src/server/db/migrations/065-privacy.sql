-- Plates as personal data (src/server/privacy).
--
-- The key of the plate pseudonyms (an HMAC key, 32 bytes as hex) when PLATE_PSEUDONYM_KEY is not set:
-- made once on first use and kept here, so that a plate gets the same pseudonym in every run.
CREATE TABLE privacy_key (
  secret VARCHAR NOT NULL CHECK (regexp_full_match(secret, '[0-9a-f]{64}'))
);

-- Each run of the privacy housekeeping: when, the retention it applied (null: off), what it pseudonymised.
CREATE TABLE privacy_runs (
  ran_at TIMESTAMPTZ NOT NULL,
  retention_days INTEGER CHECK (retention_days > 0),
  plates INTEGER NOT NULL CHECK (plates >= 0),
  reads INTEGER NOT NULL CHECK (reads >= 0),
  transactions INTEGER NOT NULL CHECK (transactions >= 0)
);
