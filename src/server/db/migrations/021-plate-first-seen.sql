-- When each plate was first read at an entrance, at any site: "new" on the dashboard is a plate whose first
-- read lies in the period. Nothing writes these tables but src/server/reports/plate-first-seen.ts, which adds
-- the reads that arrived before the dashboard reads them; they can be rebuilt from plate_reads.
--
-- Why: the first read of the plates seen this week is otherwise a scan of every read ever stored
-- (2 s at 10× the demo data); this table answers it with a join on a few hundred thousand plates.

CREATE TABLE plate_first_seen (
  plate VARCHAR PRIMARY KEY,
  first_read_at TIMESTAMPTZ NOT NULL
);

-- The plate_reads rows already taken into account (rowid below the count; the facts are append-only).
CREATE TABLE plate_first_seen_sync (
  reads BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO plate_first_seen_sync VALUES (0, now());
