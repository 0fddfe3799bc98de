-- Makes promotions editable once they have items or vouchers.
--
-- DuckDB turns an UPDATE into delete + insert when the table has a CHECK constraint over a column that
-- carries an index, and a foreign key gives promotions.affiliate_id such an index (CHECK affiliate_id IS NULL
-- OR channel = 'affiliate'). A row referenced by promotion_items or vouchers cannot be deleted, so with
-- 002's definition even renaming a promotion with items failed with a foreign-key violation.
--
-- The fix drops the foreign key promotions.affiliate_id → affiliates (every CHECK stays): the admin API
-- checks the affiliate exists before it stores one, and affiliates are never deleted. DuckDB cannot drop a
-- constraint in place, and a table cannot be dropped while others refer to it, so promotions is recreated
-- together with the two tables that refer to it; promotion_items and vouchers keep 002's definitions.

CREATE TEMP TABLE promotions_copy AS SELECT * FROM promotions;
CREATE TEMP TABLE promotion_items_copy AS SELECT * FROM promotion_items;
CREATE TEMP TABLE vouchers_copy AS SELECT * FROM vouchers;
DROP TABLE vouchers;
DROP TABLE promotion_items;
DROP TABLE promotions;

-- A discount offered through one marketing channel. value: whole percent for 'percentage', cents for
-- 'bedrag', 0 for 'gratis-upgrade' (the next programme up for the price of the one bought).
-- affiliate_id: affiliates.id, checked by the application (see above).
CREATE TABLE promotions (
  id INTEGER PRIMARY KEY DEFAULT nextval('promotions_id_seq'),
  code VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(code, '[a-z0-9][a-z0-9-]{0,47}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  kind VARCHAR NOT NULL CHECK (kind IN ('percentage', 'bedrag', 'gratis-upgrade')),
  value INTEGER NOT NULL,
  channel VARCHAR NOT NULL
    CHECK (channel IN ('facebook', 'google_ads', 'marktplaats', 'affiliate', 'newsletter', 'flyer', 'website')),
  affiliate_id INTEGER,
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

INSERT INTO promotions SELECT * FROM promotions_copy;
INSERT INTO promotion_items SELECT * FROM promotion_items_copy;
INSERT INTO vouchers SELECT * FROM vouchers_copy;
DROP TABLE promotions_copy;
DROP TABLE promotion_items_copy;
DROP TABLE vouchers_copy;
