-- The customer journey of REPORT-DEFINITIONS section 2: ad click → website session → voucher claim →
-- redemption at the till → the plate's first wash → its later visits. Nothing writes these tables but
-- src/server/reports/journey/journey-sync.ts, which brings them up to date with the facts before an
-- acquisition report reads them; they can be rebuilt from the facts at any time.
--
-- Why derived tables: attribution needs each visitor's earlier sessions of the day, each redemption the
-- session its code was claimed in and the plate's whole history, each acquired customer 90 days of sales.
-- Worked out per request that is several scans of every fact table; stored once, a report is a scan of one
-- small table.
--
-- utm values are kept as the join compares them with the ad statistics' names: lower case, trimmed, null
-- when empty.

-- Every web session with the attribution our reports use: a Direct session inherits the channel and UTM
-- fields of the visitor's last non-direct session of the same (Amsterdam) day.
CREATE TABLE journey_sessions (
  session_id BIGINT NOT NULL,
  visitor_id VARCHAR NOT NULL,
  local_date DATE NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  channel VARCHAR NOT NULL,
  -- the session whose channel this Direct session took over; null when it kept its own
  inherited_from BIGINT,
  source VARCHAR,
  campaign VARCHAR,
  term VARCHAR,
  content VARCHAR
);

-- Every transaction that used a voucher code, with the session the code was claimed in (the last claim up to
-- 30 days before the redemption) and whether the plate was seen before.
CREATE TABLE journey_redemptions (
  transaction_id BIGINT NOT NULL,
  redeemed_at TIMESTAMPTZ NOT NULL,
  redeemed_date DATE NOT NULL,
  site_id INTEGER NOT NULL,
  plate VARCHAR,
  voucher_code VARCHAR NOT NULL,
  promotion_id INTEGER,
  discount_cents BIGINT NOT NULL,
  revenue_excl_vat_cents BIGINT NOT NULL,
  claim_session_id BIGINT,
  claimed_at TIMESTAMPTZ,
  channel VARCHAR,
  source VARCHAR,
  campaign VARCHAR,
  term VARCHAR,
  content VARCHAR,
  -- null without a plate: a plate read or sold to more than 30 minutes / any time before the redemption
  seen_before BOOLEAN,
  seen_last_year BOOLEAN,
  -- claimed in a session, by a plate never seen before: this redemption is the plate's first visit
  acquired BOOLEAN NOT NULL,
  -- revenue excl. VAT of the plate from the redemption up to 90 days later, so far (null without a plate)
  value_90d_cents BIGINT
);

-- Acquired customers: plates whose first sale ever redeemed a voucher claimed in a session, or is an online
-- sale linked to a session's conversion, with nothing of the plate seen before it.
CREATE TABLE journey_customers (
  plate VARCHAR NOT NULL,
  via VARCHAR NOT NULL CHECK (via IN ('voucher', 'conversion')),
  transaction_id BIGINT NOT NULL,
  session_id BIGINT NOT NULL,
  first_at TIMESTAMPTZ NOT NULL,
  first_date DATE NOT NULL,
  -- the first read or sale at a site, and the next one more than an hour later
  first_visit_at TIMESTAMPTZ,
  second_visit_at TIMESTAMPTZ,
  channel VARCHAR NOT NULL,
  source VARCHAR,
  campaign VARCHAR,
  term VARCHAR,
  content VARCHAR,
  -- revenue excl. VAT from first_at up to 90 days later, so far; complete once 90 days have passed
  value_90d_cents BIGINT NOT NULL
);

-- Sessions and what they led to, per local day of the session's start and per attribution: what the channel
-- and ad reports read (a year is a few thousand rows instead of hundreds of thousands of sessions). A day is
-- summed again whenever a session or event of that day arrives; bounce flags the tracker changes later than
-- the day's last new session are not seen.
CREATE TABLE journey_daily (
  local_date DATE NOT NULL,
  channel VARCHAR NOT NULL,
  source VARCHAR,
  campaign VARCHAR,
  term VARCHAR,
  content VARCHAR,
  sessions BIGINT NOT NULL,
  bounces BIGINT NOT NULL,
  -- Wasbord 'conversion' events, the sessions with one, their revenue excl. VAT; 'voucher' claims
  conversions BIGINT NOT NULL,
  converting_sessions BIGINT NOT NULL,
  revenue_excl_vat_cents BIGINT NOT NULL,
  claims BIGINT NOT NULL
);

-- The fact rows already taken into account (rowid below the count; the facts are append-only).
CREATE TABLE journey_sync (
  sessions BIGINT NOT NULL,
  events BIGINT NOT NULL,
  transactions BIGINT NOT NULL,
  reads BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO journey_sync VALUES (0, 0, 0, 0, now());
