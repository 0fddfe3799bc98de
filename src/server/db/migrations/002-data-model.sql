-- The data model of DESIGN section 4: dimensions, then facts.
--
-- Conventions: times are TIMESTAMPTZ (reports convert to Europe/Amsterdam); money is integer euro cents
-- incl. VAT; plates are normalised (upper case, no dashes) with their sidecode, null plate = no-read.
--
-- DuckDB notes that shaped this schema:
-- * Every UNIQUE/PRIMARY KEY/FOREIGN KEY builds an ART index that is kept in memory and maintained on every
--   insert. Fact tables therefore carry only the one UNIQUE they need to make retried batches harmless
--   (client event id per source); they have no foreign keys (ingestion checks codes itself, with a row-
--   precise error) and no other indexes. Reports rely on zonemaps (min/max per row group) instead, which
--   work because facts are appended in time order: ingestion receives them roughly in time order and the
--   demo generator writes them sorted by time.
-- * A row referenced by a foreign key cannot have an indexed column (its code) updated: codes of sites,
--   items, promotions and affiliates are fixed once something refers to them; names and the rest change freely.

-- ---------------------------------------------------------------- dimensions

-- A car-wash location. Devices and tills name it by `code` in every row they send.
CREATE SEQUENCE sites_id_seq START 1;
CREATE TABLE sites (
  id INTEGER PRIMARY KEY DEFAULT nextval('sites_id_seq'),
  code VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(code, '[a-z0-9][a-z0-9-]{0,31}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  address VARCHAR,
  postcode VARCHAR NOT NULL CHECK (regexp_full_match(postcode, '[1-9][0-9]{3}[A-Z]{2}')),
  city VARCHAR NOT NULL CHECK (trim(city) <> ''),
  lat DOUBLE NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon DOUBLE NOT NULL CHECK (lon BETWEEN -180 AND 180),
  lanes SMALLINT NOT NULL DEFAULT 1 CHECK (lanes BETWEEN 1 AND 20),
  active BOOLEAN NOT NULL DEFAULT true,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- What is sold: wash programmes, extras and subscriptions. Price incl. VAT; vat_rate_percent 21 = 21 %.
CREATE SEQUENCE items_id_seq START 1;
CREATE TABLE items (
  id INTEGER PRIMARY KEY DEFAULT nextval('items_id_seq'),
  code VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(code, '[a-z0-9][a-z0-9-]{0,31}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  kind VARCHAR NOT NULL CHECK (kind IN ('programma', 'extra', 'abonnement')),
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  vat_rate_percent SMALLINT NOT NULL DEFAULT 21 CHECK (vat_rate_percent BETWEEN 0 AND 100),
  description VARCHAR,
  active BOOLEAN NOT NULL DEFAULT true,
  sort_order INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Affiliate partners (publishers reached through a network) that bring visitors for a commission.
-- commission_value: whole percent for 'percentage', cents per sale for 'bedrag'.
CREATE SEQUENCE affiliates_id_seq START 1;
CREATE TABLE affiliates (
  id INTEGER PRIMARY KEY DEFAULT nextval('affiliates_id_seq'),
  code VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(code, '[a-z0-9][a-z0-9-]{0,31}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  network VARCHAR,
  commission_kind VARCHAR NOT NULL CHECK (commission_kind IN ('percentage', 'bedrag')),
  commission_value INTEGER NOT NULL CHECK (commission_value >= 0),
  active BOOLEAN NOT NULL DEFAULT true,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A discount offered through one marketing channel. value: whole percent for 'percentage', cents for
-- 'bedrag', 0 for 'gratis-upgrade' (the next programme up for the price of the one bought).
CREATE SEQUENCE promotions_id_seq START 1;
CREATE TABLE promotions (
  id INTEGER PRIMARY KEY DEFAULT nextval('promotions_id_seq'),
  code VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(code, '[a-z0-9][a-z0-9-]{0,47}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  kind VARCHAR NOT NULL CHECK (kind IN ('percentage', 'bedrag', 'gratis-upgrade')),
  value INTEGER NOT NULL,
  channel VARCHAR NOT NULL
    CHECK (channel IN ('facebook', 'google_ads', 'marktplaats', 'affiliate', 'newsletter', 'flyer', 'website')),
  affiliate_id INTEGER REFERENCES affiliates (id),
  valid_from DATE NOT NULL,
  valid_to DATE,
  max_redemptions INTEGER CHECK (max_redemptions > 0),
  active BOOLEAN NOT NULL DEFAULT true,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((kind = 'percentage' AND value BETWEEN 1 AND 100) OR (kind = 'bedrag' AND value > 0)
    OR (kind = 'gratis-upgrade' AND value = 0)),
  CHECK (valid_to IS NULL OR valid_to >= valid_from),
  CHECK (affiliate_id IS NULL OR channel = 'affiliate')
);

-- The items a promotion applies to.
CREATE TABLE promotion_items (
  promotion_id INTEGER NOT NULL REFERENCES promotions (id),
  item_id INTEGER NOT NULL REFERENCES items (id),
  PRIMARY KEY (promotion_id, item_id)
);

-- One voucher code of a promotion: issued (printed, mailed or generated on a claim), claimed on the website
-- (optional: flyers are redeemed without a claim), redeemed by one transaction.
CREATE SEQUENCE vouchers_id_seq START 1;
CREATE TABLE vouchers (
  id BIGINT PRIMARY KEY DEFAULT nextval('vouchers_id_seq'),
  code VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(code, '[A-Z0-9-]{4,32}')),
  promotion_id INTEGER NOT NULL REFERENCES promotions (id),
  channel VARCHAR NOT NULL
    CHECK (channel IN ('facebook', 'google_ads', 'marktplaats', 'affiliate', 'newsletter', 'flyer', 'website')),
  affiliate_id INTEGER REFERENCES affiliates (id),
  issued_at TIMESTAMPTZ NOT NULL,
  claimed_at TIMESTAMPTZ,
  redeemed_at TIMESTAMPTZ,
  -- transactions.id; no foreign key, transactions is a fact table
  redeemed_transaction_id BIGINT,
  CHECK (claimed_at IS NULL OR claimed_at >= issued_at),
  CHECK (redeemed_at IS NULL OR redeemed_at >= issued_at),
  CHECK ((redeemed_at IS NULL) = (redeemed_transaction_id IS NULL)),
  CHECK (affiliate_id IS NULL OR channel = 'affiliate')
);

-- A website A/B test. goal: the web_events kind that counts as success.
CREATE SEQUENCE experiments_id_seq START 1;
CREATE TABLE experiments (
  id INTEGER PRIMARY KEY DEFAULT nextval('experiments_id_seq'),
  key VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(key, '[a-z0-9][a-z0-9-]{0,63}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  hypothesis VARCHAR,
  goal VARCHAR NOT NULL DEFAULT 'conversion' CHECK (goal IN ('conversion', 'voucher')),
  status VARCHAR NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'stopped')),
  started_at TIMESTAMPTZ,
  stopped_at TIMESTAMPTZ,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (stopped_at IS NULL OR (started_at IS NOT NULL AND stopped_at >= started_at))
);

-- The arms of an experiment; weight is relative (50/50, 1/1/2 …); exactly one should be the control.
CREATE TABLE experiment_variants (
  experiment_id INTEGER NOT NULL REFERENCES experiments (id),
  key VARCHAR NOT NULL CHECK (regexp_full_match(key, '[a-z0-9][a-z0-9-]{0,63}')),
  name VARCHAR NOT NULL,
  weight INTEGER NOT NULL DEFAULT 1 CHECK (weight > 0),
  is_control BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (experiment_id, key)
);

-- Credentials of devices and integrations for /api/ingest. Only the SHA-256 of the secret is kept; prefix
-- (the first characters of the secret) lets people recognise a key in lists. site_id limits a key to one
-- site's rows; scope to one endpoint.
CREATE SEQUENCE api_keys_id_seq START 1;
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY DEFAULT nextval('api_keys_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  prefix VARCHAR NOT NULL,
  secret_sha256 VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(secret_sha256, '[0-9a-f]{64}')),
  scope VARCHAR NOT NULL CHECK (scope IN ('all', 'plate-reads', 'transactions', 'ad-stats')),
  site_id INTEGER REFERENCES sites (id),
  created_by VARCHAR,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);

-- ---------------------------------------------------------------- facts

-- One camera reading at a site entrance. plate is null for a no-read (no sidecode then either);
-- raw_plate keeps the camera's own reading only when OCR correction changed it.
CREATE TABLE plate_reads (
  site_id INTEGER NOT NULL,
  event_id VARCHAR NOT NULL,
  read_at TIMESTAMPTZ NOT NULL,
  lane SMALLINT NOT NULL CHECK (lane BETWEEN 1 AND 20),
  camera VARCHAR NOT NULL,
  plate VARCHAR CHECK (plate <> ''),
  sidecode TINYINT CHECK (sidecode BETWEEN 1 AND 14),
  raw_plate VARCHAR,
  confidence REAL CHECK (confidence BETWEEN 0 AND 1),
  direction VARCHAR NOT NULL DEFAULT 'in' CHECK (direction IN ('in', 'out')),
  UNIQUE (site_id, event_id),
  CHECK (plate IS NOT NULL OR (sidecode IS NULL AND raw_plate IS NULL))
);

-- A sale: a wash at the site, or an online sale (subscription, wash card) attributed to a site.
-- total = subtotal - discount; vat is the VAT inside total. id comes from the sequence (unique by
-- construction, no index). customer_postcode: the customer's PC4 when known (app, subscription, online).
CREATE SEQUENCE transactions_id_seq START 1;
CREATE TABLE transactions (
  id BIGINT NOT NULL DEFAULT nextval('transactions_id_seq'),
  site_id INTEGER NOT NULL,
  event_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  plate VARCHAR CHECK (plate <> ''),
  sidecode TINYINT CHECK (sidecode BETWEEN 1 AND 14),
  payment_method VARCHAR NOT NULL
    CHECK (payment_method IN ('pin', 'contant', 'creditcard', 'ideal', 'abonnement', 'voucher', 'app')),
  sales_channel VARCHAR NOT NULL DEFAULT 'site' CHECK (sales_channel IN ('site', 'online')),
  subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents BETWEEN 0 AND subtotal_cents),
  total_cents INTEGER NOT NULL,
  vat_cents INTEGER NOT NULL CHECK (vat_cents BETWEEN 0 AND total_cents),
  voucher_code VARCHAR,
  promotion_id INTEGER,
  customer_postcode VARCHAR CHECK (regexp_full_match(customer_postcode, '[1-9][0-9]{3}')),
  UNIQUE (site_id, event_id),
  CHECK (total_cents = subtotal_cents - discount_cents),
  CHECK (plate IS NOT NULL OR sidecode IS NULL)
);

-- The items of a transaction. site_id and occurred_at are copied from the transaction so that item and
-- programme-mix reports filter and bucket without a join. amount = quantity × unit price - discount.
CREATE TABLE transaction_lines (
  transaction_id BIGINT NOT NULL,
  line_no SMALLINT NOT NULL CHECK (line_no >= 1),
  site_id INTEGER NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  item_id INTEGER NOT NULL,
  quantity SMALLINT NOT NULL CHECK (quantity >= 1),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  vat_cents INTEGER NOT NULL CHECK (vat_cents BETWEEN 0 AND amount_cents),
  CHECK (amount_cents = quantity * unit_price_cents - discount_cents)
);

-- One website visit: pageviews of one visitor without a 30-minute gap. visitor_id is a hash of a daily-
-- rotating salt, the website, the IP address and the user agent (no cookies). channel is derived from
-- referrer and landing URL by src/server/tracking/channel.ts; bounce = one pageview and no interactive event;
-- duration counts a bounce as 0 s.
CREATE SEQUENCE web_sessions_id_seq START 1;
CREATE TABLE web_sessions (
  id BIGINT NOT NULL DEFAULT nextval('web_sessions_id_seq'),
  visitor_id VARCHAR NOT NULL,
  hostname VARCHAR NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ NOT NULL,
  landing_path VARCHAR NOT NULL,
  exit_path VARCHAR NOT NULL,
  pageviews INTEGER NOT NULL DEFAULT 1 CHECK (pageviews >= 0),
  interactive_events INTEGER NOT NULL DEFAULT 0 CHECK (interactive_events >= 0),
  duration_seconds INTEGER NOT NULL DEFAULT 0 CHECK (duration_seconds >= 0),
  is_bounce BOOLEAN NOT NULL DEFAULT true,
  referrer VARCHAR,
  referrer_host VARCHAR,
  utm_source VARCHAR,
  utm_medium VARCHAR,
  utm_campaign VARCHAR,
  utm_content VARCHAR,
  utm_term VARCHAR,
  gclid VARCHAR,
  fbclid VARCHAR,
  channel VARCHAR NOT NULL CHECK (channel IN ('Google Ads', 'Facebook', 'Marktplaats', 'Affiliates', 'Vouchers',
    'Organisch zoeken', 'Organisch social', 'Direct', 'Verwijzing')),
  device VARCHAR NOT NULL CHECK (device IN ('desktop', 'mobile', 'tablet')),
  CHECK (ended_at >= started_at)
);

-- One page shown in a session. engaged_seconds: visible time on the page, null until the tracker reports it.
CREATE TABLE pageviews (
  session_id BIGINT NOT NULL,
  visitor_id VARCHAR NOT NULL,
  viewed_at TIMESTAMPTZ NOT NULL,
  path VARCHAR NOT NULL,
  engaged_seconds INTEGER CHECK (engaged_seconds >= 0)
);

-- Something a visitor did, mirroring the tracker's event types: 'conversion' (a purchase, revenue in
-- cents when known), 'voucher' (a voucher claimed), 'experiment' (exposure to a variant; not interactive).
CREATE TABLE web_events (
  session_id BIGINT NOT NULL,
  visitor_id VARCHAR NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  kind VARCHAR NOT NULL CHECK (kind IN ('conversion', 'voucher', 'experiment')),
  path VARCHAR NOT NULL,
  revenue_cents BIGINT CHECK (revenue_cents >= 0),
  voucher_code VARCHAR,
  experiment_key VARCHAR,
  variant_key VARCHAR,
  CHECK (kind <> 'voucher' OR voucher_code IS NOT NULL),
  CHECK (kind <> 'experiment' OR (experiment_key IS NOT NULL AND variant_key IS NOT NULL))
);

-- Daily figures per ad-platform object, at the finest grain the platform reports: campaign → ad_group
-- (Facebook ad set, Google Ads ad group) → ad, or for Google Ads keyword rows campaign → ad_group → keyword.
-- spend for affiliates is the commission paid. event_id: the sender's id for the row, so re-sending a day
-- stores nothing twice.
CREATE TABLE ad_stats_daily (
  platform VARCHAR NOT NULL CHECK (platform IN ('facebook', 'google_ads', 'marktplaats', 'affiliate')),
  event_id VARCHAR NOT NULL,
  stat_date DATE NOT NULL,
  campaign VARCHAR NOT NULL,
  ad_group VARCHAR,
  ad VARCHAR,
  keyword VARCHAR,
  match_type VARCHAR CHECK (match_type IN ('exact', 'phrase', 'broad')),
  quality_score TINYINT CHECK (quality_score BETWEEN 1 AND 10),
  affiliate_id INTEGER,
  impressions BIGINT NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  reach BIGINT CHECK (reach >= 0),
  clicks BIGINT NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  spend_cents BIGINT NOT NULL DEFAULT 0 CHECK (spend_cents >= 0),
  conversions DOUBLE NOT NULL DEFAULT 0 CHECK (conversions >= 0),
  conversion_value_cents BIGINT NOT NULL DEFAULT 0 CHECK (conversion_value_cents >= 0),
  UNIQUE (platform, event_id),
  CHECK (keyword IS NOT NULL OR (match_type IS NULL AND quality_score IS NULL)),
  CHECK (affiliate_id IS NULL OR platform = 'affiliate')
);
