-- Experiments run from Instellingen (issue 12): a primary metric and a guardrail instead of a goal, the
-- decision recorded when one is stopped, and phases — changing the weights starts a new phase, because
-- visitors sent in at different ratios cannot be compared as one group; results are per phase.
--
-- DuckDB cannot add a column with a CHECK to a table others refer to, so experiments is recreated with
-- experiment_variants (whose weight moves to the phases). No foreign key refers to experiments any more:
-- with one, DuckDB's UPDATE (delete + insert on a table with indexed CHECK columns) fails on a referenced
-- row (see 010); the API checks what it links.

CREATE TEMP TABLE experiments_copy AS SELECT * FROM experiments;
CREATE TEMP TABLE experiment_variants_copy AS SELECT * FROM experiment_variants;
DROP TABLE experiment_variants;
DROP TABLE experiments;

-- A website A/B test. metric: what decides — conversion_rate (visitors with a purchase ÷ visitors),
-- revenue_per_visitor (purchase revenue per visitor), voucher_rate (visitors who claimed a voucher ÷
-- visitors). guardrail: a metric that must not get worse (bounce_rate) or null. decision: the key of the
-- variant chosen when it was stopped (the control's key = keep things as they were), null = none chosen;
-- conclusion: why, in the beheerder's words.
CREATE TABLE experiments (
  id INTEGER PRIMARY KEY DEFAULT nextval('experiments_id_seq'),
  key VARCHAR NOT NULL UNIQUE CHECK (regexp_full_match(key, '[a-z0-9][a-z0-9-]{0,63}')),
  name VARCHAR NOT NULL CHECK (trim(name) <> ''),
  hypothesis VARCHAR,
  metric VARCHAR NOT NULL DEFAULT 'conversion_rate'
    CHECK (metric IN ('conversion_rate', 'revenue_per_visitor', 'voucher_rate')),
  guardrail VARCHAR CHECK (guardrail IN ('bounce_rate')),
  status VARCHAR NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'stopped')),
  started_at TIMESTAMPTZ,
  stopped_at TIMESTAMPTZ,
  decision VARCHAR,
  conclusion VARCHAR,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (stopped_at IS NULL OR (started_at IS NOT NULL AND stopped_at >= started_at))
);

-- The arms of an experiment; exactly one is the control. Their traffic shares live in the phases.
CREATE TABLE experiment_variants (
  experiment_id INTEGER NOT NULL,
  key VARCHAR NOT NULL CHECK (regexp_full_match(key, '[a-z0-9][a-z0-9-]{0,63}')),
  name VARCHAR NOT NULL,
  is_control BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (experiment_id, key)
);

-- A stretch of an experiment with fixed weights (relative shares per variant key, {"a": 1, "b": 1}).
-- Phase 1 exists from creation; started_at stays null while the experiment is a draft. ended_at is set
-- when the weights change (the next phase starts at that instant) or the experiment stops.
CREATE TABLE experiment_phases (
  experiment_id INTEGER NOT NULL,
  phase SMALLINT NOT NULL CHECK (phase >= 1),
  started_at TIMESTAMPTZ,
  ended_at TIMESTAMPTZ,
  weights JSON NOT NULL,
  PRIMARY KEY (experiment_id, phase),
  CHECK (ended_at IS NULL OR (started_at IS NOT NULL AND ended_at >= started_at))
);

INSERT INTO experiments (id, key, name, hypothesis, metric, status, started_at, stopped_at, version, created_at)
SELECT id, key, name, hypothesis, CASE goal WHEN 'voucher' THEN 'voucher_rate' ELSE 'conversion_rate' END,
  status, started_at, stopped_at, version, created_at
FROM experiments_copy;
INSERT INTO experiment_variants SELECT experiment_id, key, name, is_control FROM experiment_variants_copy;
INSERT INTO experiment_phases
SELECT e.id, 1, e.started_at, e.stopped_at,
  (SELECT json_group_object(v.key, v.weight) FROM experiment_variants_copy v WHERE v.experiment_id = e.id)
FROM experiments_copy e;

DROP TABLE experiments_copy;
DROP TABLE experiment_variants_copy;
