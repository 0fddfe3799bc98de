-- One row that /healthz rewrites on every call: the server is healthy only if it can still write (a full or
-- read-only disk lets every read succeed while every write fails).
CREATE TABLE health_check (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at TIMESTAMPTZ NOT NULL
);
