-- A new alert kind 'washes-below-expected' (REPORT-DEFINITIONS §6): today's washes up to the current whole
-- hour against the forecast's 80 % interval, so a wet day the model saw coming pages nobody
-- (src/server/alerts/expected.ts). It has no threshold: the interval's lower bound is the line. Recreated as
-- 113 did, for the same reason (DuckDB cannot change a CHECK constraint in place); ids and the sequence stay.
CREATE TEMP TABLE alert_rules_copy AS SELECT * FROM alert_rules;
DROP TABLE alert_rules;
CREATE TABLE alert_rules (
  id INTEGER PRIMARY KEY DEFAULT nextval('alert_rules_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  kind VARCHAR NOT NULL
    CHECK (kind IN ('source-silent', 'read-rate', 'washes-below-usual', 'kpi-threshold', 'conversion-below-usual',
      'washes-below-expected')),
  site_id INTEGER REFERENCES sites (id),
  camera VARCHAR,
  source VARCHAR CHECK (source IN ('plate-reads', 'transactions')),
  level VARCHAR CHECK (level IN ('vertraagd', 'stil')),
  kpi VARCHAR CHECK (kpi IN ('washes', 'revenue', 'new-customers', 'members-ended', 'members-ended-involuntary',
    'members-declines')),
  direction VARCHAR CHECK (direction IN ('above', 'below')),
  threshold DOUBLE,
  recipients VARCHAR,
  webhook_url VARCHAR,
  webhook_secret VARCHAR,
  active BOOLEAN NOT NULL DEFAULT true,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (camera IS NULL OR site_id IS NOT NULL),
  CHECK (recipients IS NOT NULL OR webhook_url IS NOT NULL),
  CHECK ((webhook_url IS NULL) = (webhook_secret IS NULL))
);
INSERT INTO alert_rules BY NAME SELECT * FROM alert_rules_copy;
DROP TABLE alert_rules_copy;
