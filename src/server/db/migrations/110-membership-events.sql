-- Membership events from the till system, POST /api/ingest/memberships (REPORT-DEFINITIONS §5): facts,
-- appended as they arrive and in whatever order they arrive (a charge may come before its signup); members'
-- states are worked out from them by the reports. event_id is the sender's id, unique across the chain
-- (an event may have no site). site_id is null for a sale or charge online or in the app; plan_item_id is the
-- subscription item (items.kind = 'abonnement') of a signup or plan change. A column a type does not carry is
-- null (src/shared/membership-events.ts says which type carries which).
CREATE TABLE membership_events (
  event_id VARCHAR NOT NULL UNIQUE,
  member_id VARCHAR NOT NULL CHECK (member_id <> ''),
  type VARCHAR NOT NULL
    CHECK (type IN ('signup', 'charge', 'decline', 'cancel', 'pause', 'resume', 'plan_change', 'plate_change')),
  occurred_at TIMESTAMPTZ NOT NULL,
  site_id INTEGER,
  plan_item_id INTEGER,
  amount_cents INTEGER CHECK (amount_cents >= 0),
  initiated_by VARCHAR CHECK (initiated_by IN ('member', 'system')),
  reason VARCHAR,
  channel VARCHAR CHECK (channel IN ('site', 'online', 'app')),
  voucher_code VARCHAR,
  CHECK ((plan_item_id IS NOT NULL) = (type IN ('signup', 'plan_change'))),
  CHECK ((amount_cents IS NOT NULL) = (type = 'charge')),
  CHECK ((initiated_by IS NOT NULL) = (type = 'cancel')),
  CHECK (reason IS NULL OR type IN ('cancel', 'decline')),
  CHECK ((channel IS NULL AND voucher_code IS NULL) OR type = 'signup')
);

-- The plates a signup or plate change covers from then on, one row a plate (1–3), normalised and corrected
-- as plate reads are, so that they match the plates of reads and sales. member_id and occurred_at are copied
-- from the event so that "whose plate was it at t" needs no join. Rows rather than a list column: erasure
-- deletes a plate's rows and pseudonymisation rewrites the plate column, as they do for the other facts.
CREATE TABLE membership_event_plates (
  event_id VARCHAR NOT NULL,
  plate_no TINYINT NOT NULL CHECK (plate_no BETWEEN 1 AND 3),
  member_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  plate VARCHAR NOT NULL CHECK (plate <> ''),
  sidecode TINYINT CHECK (sidecode BETWEEN 1 AND 14)
);

-- API keys get the scope 'memberships'. DuckDB cannot change a CHECK constraint in place, and no table refers
-- to api_keys, so it is recreated as 002 made it, with the one scope more; ids and the sequence stay.
CREATE TEMP TABLE api_keys_copy AS SELECT * FROM api_keys;
DROP TABLE api_keys;
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY DEFAULT nextval('api_keys_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  prefix VARCHAR NOT NULL,
  secret_sha256 VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(secret_sha256, '[0-9a-f]{64}')),
  scope VARCHAR NOT NULL CHECK (scope IN ('all', 'plate-reads', 'transactions', 'ad-stats', 'memberships')),
  site_id INTEGER REFERENCES sites (id),
  created_by VARCHAR,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
INSERT INTO api_keys BY NAME SELECT * FROM api_keys_copy;
DROP TABLE api_keys_copy;
