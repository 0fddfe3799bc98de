-- People allowed into Wasbord. Access is by verified e-mail; roles: beheerder (everything), analist (read-only).
CREATE SEQUENCE app_users_id_seq START 1;
CREATE TABLE app_users (
  id INTEGER PRIMARY KEY DEFAULT nextval('app_users_id_seq'),
  email VARCHAR NOT NULL UNIQUE CHECK (email = lower(email) AND email LIKE '%_@_%'),
  name VARCHAR,
  role VARCHAR NOT NULL CHECK (role IN ('beheerder', 'analist')),
  active BOOLEAN NOT NULL DEFAULT true,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_sign_in_at TIMESTAMPTZ
);

-- Every admin change: who, when, what, and the row before and after (JSON).
CREATE SEQUENCE audit_log_id_seq START 1;
CREATE TABLE audit_log (
  id BIGINT PRIMARY KEY DEFAULT nextval('audit_log_id_seq'),
  occurred_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  actor_email VARCHAR NOT NULL,
  action VARCHAR NOT NULL,
  entity VARCHAR NOT NULL,
  entity_id VARCHAR,
  before JSON,
  after JSON
);
