-- Ad statistics are identified by what they describe, not by a sender's event id: the CSV exports of Google
-- Ads, Meta, Marktplaats and the affiliate networks carry no ids, and a platform revises a day's figures
-- after the fact (late conversions). One row per (platform, account, date, campaign, ad group, ad, keyword,
-- match type, affiliate) — the fields of adStatKey in src/shared/ad-stats.ts; key_sha256 is the SHA-256 of
-- that key, because UNIQUE over nullable columns would treat every NULL as distinct. Re-sending identical
-- figures is a duplicate, different figures replace the stored ones.
--
-- The table was still empty (nothing wrote to it before this migration), so it is simply recreated.
DROP TABLE ad_stats_daily;

-- Daily figures per ad-platform object, at the finest grain the platform reports: campaign → ad_group
-- (Meta ad set, Google Ads ad group) → ad, or for Google Ads keyword rows campaign → ad_group → keyword.
-- affiliate: the publisher's name for affiliate networks (matches affiliates.name). spend for affiliates is
-- the commission paid. event_id: the sender's own id for the row, when it sent one.
CREATE TABLE ad_stats_daily (
  key_sha256 VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(key_sha256, '[0-9a-f]{64}')),
  platform VARCHAR NOT NULL CHECK (platform IN ('facebook', 'google_ads', 'marktplaats', 'affiliate')),
  account VARCHAR NOT NULL,
  stat_date DATE NOT NULL,
  campaign VARCHAR NOT NULL,
  ad_group VARCHAR,
  ad VARCHAR,
  keyword VARCHAR,
  match_type VARCHAR CHECK (match_type IN ('exact', 'phrase', 'broad')),
  quality_score TINYINT CHECK (quality_score BETWEEN 1 AND 10),
  affiliate VARCHAR,
  impressions BIGINT NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  reach BIGINT CHECK (reach >= 0),
  clicks BIGINT NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  spend_cents BIGINT NOT NULL DEFAULT 0 CHECK (spend_cents >= 0),
  conversions DOUBLE NOT NULL DEFAULT 0 CHECK (conversions >= 0),
  conversion_value_cents BIGINT NOT NULL DEFAULT 0 CHECK (conversion_value_cents >= 0),
  event_id VARCHAR,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
