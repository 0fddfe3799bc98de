-- Alert rules on the wash club (REPORT-DEFINITIONS §5): the day-KPI rule also watches yesterday's ended
-- members ('members-ended') and those ended after failed payments ('members-ended-involuntary'), and a new
-- kind 'conversion-below-usual' watches a site's membership conversion over the last 7 days against its
-- usual (threshold: the percentage of usual below which it speaks; src/server/alerts/conversion.ts).
-- DuckDB cannot change a CHECK constraint in place, and no table refers to alert_rules (incidents keep the
-- rule's id without a foreign key), so it is recreated as 092 made it, with the wider checks; ids and the
-- sequence stay.
CREATE TEMP TABLE alert_rules_copy AS SELECT * FROM alert_rules;
DROP TABLE alert_rules;
CREATE TABLE alert_rules (
  id INTEGER PRIMARY KEY DEFAULT nextval('alert_rules_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  kind VARCHAR NOT NULL
    CHECK (kind IN ('source-silent', 'read-rate', 'washes-below-usual', 'kpi-threshold', 'conversion-below-usual')),
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
