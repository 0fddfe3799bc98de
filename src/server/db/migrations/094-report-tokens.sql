-- Read-only API tokens for BI tools (src/server/report-tokens): a beheerder issues one, Power Query or
-- Power BI sends it as `Authorization: Bearer wbr_…` to GET /api/reports/*, and nothing else.
-- Like api_keys, only the secret's SHA-256 and a recognisable prefix are kept.
CREATE SEQUENCE report_tokens_id_seq START 1;
CREATE TABLE report_tokens (
  id INTEGER PRIMARY KEY DEFAULT nextval('report_tokens_id_seq'),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  prefix VARCHAR NOT NULL,
  secret_sha256 VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(secret_sha256, '[0-9a-f]{64}')),
  -- Only reports for now; a column so that a later scope does not need a new table.
  scope VARCHAR NOT NULL CHECK (scope IN ('reports')),
  created_by VARCHAR NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  -- When a use was last written to the audit log: at most once an hour per token.
  use_audited_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
