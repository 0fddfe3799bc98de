-- Alerts (src/server/alerts): the rules a beheerder sets, the incidents they found, and every message sent
-- about an incident, which is also the delivery queue (so a retry planned for in 30 minutes survives a
-- restart of the server).

-- A rule. kind decides which of the settings apply (checked by src/shared/admin/alerts.ts):
--   source-silent       source ('plate-reads' | 'transactions') at a site (or every active site, site_id
--                       null), or one camera; level: the freshness state that counts ('vertraagd' | 'stil')
--   read-rate           a camera (or every camera of the scope) reading fewer than threshold plates per hour
--   washes-below-usual  washes today below threshold % of the usual (definition: src/server/alerts/usual.ts)
--   kpi-threshold       yesterday's kpi ('washes' | 'revenue' | 'new-customers') above/below threshold
-- recipients: e-mail addresses separated by commas. The webhook secret is never shown again once saved.
-- Names are unique by the admin routes' check, not by an index: DuckDB rewrites an indexed column on
-- update as delete + insert, which a rename inside the admin transaction does not need.
CREATE SEQUENCE alert_rules_id_seq START 1;
CREATE TABLE alert_rules (
  id INTEGER PRIMARY KEY DEFAULT nextval('alert_rules_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  kind VARCHAR NOT NULL
    CHECK (kind IN ('source-silent', 'read-rate', 'washes-below-usual', 'kpi-threshold')),
  site_id INTEGER REFERENCES sites (id),
  camera VARCHAR,
  source VARCHAR CHECK (source IN ('plate-reads', 'transactions')),
  level VARCHAR CHECK (level IN ('vertraagd', 'stil')),
  kpi VARCHAR CHECK (kpi IN ('washes', 'revenue', 'new-customers')),
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

-- An incident: one rule found one subject (a site's till, a camera, the chain) in breach from started_at
-- on; closed when a later evaluation finds the subject well again. open_key is '<rule_id>|<subject>' while
-- the incident is open and null once resolved: its unique index makes a second open incident for the same
-- rule and subject impossible, whatever the evaluator read (DuckDB allows any number of nulls).
CREATE SEQUENCE alert_incidents_id_seq START 1;
CREATE TABLE alert_incidents (
  id INTEGER PRIMARY KEY DEFAULT nextval('alert_incidents_id_seq'),
  rule_id INTEGER NOT NULL,
  subject VARCHAR NOT NULL,
  subject_label VARCHAR NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  detail VARCHAR NOT NULL,
  resolved_at TIMESTAMPTZ,
  resolved_detail VARCHAR,
  open_key VARCHAR UNIQUE,
  UNIQUE (rule_id, subject, started_at)
);

-- One message about an incident over one channel: when it opened and when it was resolved. The UNIQUE key
-- is what makes "never twice for the same incident" hold whatever the evaluator does. status: 'pending'
-- (not tried yet), 'retrying' (failed, next_attempt_at planned), 'sent', 'failed' (gave up).
CREATE SEQUENCE alert_deliveries_id_seq START 1;
CREATE TABLE alert_deliveries (
  id INTEGER PRIMARY KEY DEFAULT nextval('alert_deliveries_id_seq'),
  incident_id INTEGER NOT NULL,
  event VARCHAR NOT NULL CHECK (event IN ('opened', 'resolved')),
  channel VARCHAR NOT NULL CHECK (channel IN ('email', 'webhook')),
  target VARCHAR NOT NULL,
  status VARCHAR NOT NULL CHECK (status IN ('pending', 'retrying', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  last_error VARCHAR,
  created_at TIMESTAMPTZ NOT NULL,
  sent_at TIMESTAMPTZ,
  UNIQUE (incident_id, event, channel)
);
