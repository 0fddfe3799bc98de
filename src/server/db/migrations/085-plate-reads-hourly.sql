-- Hourly sums of the plate reads per camera, for Kenteken herkenning and the dashboard's data freshness
-- (issue 13). Nothing writes this table but src/server/reports/customers/reads-hourly.ts, which adds what
-- arrived in plate_reads before a report reads it; it can be rebuilt from the facts at any time.
--
-- Why: a year against the year before is ~1.5 M reads at demo size, ten times that at 10×; per camera per
-- hour they are ~70 000 rows a year at demo size. An hour in UTC is one local hour too (Amsterdam's offsets
-- are whole hours). Sums only, so late reads simply add to their hour.

CREATE TABLE plate_reads_hourly (
  hour_start TIMESTAMPTZ NOT NULL,
  site_id INTEGER NOT NULL,
  lane SMALLINT NOT NULL,
  camera VARCHAR NOT NULL,
  reads BIGINT NOT NULL,
  -- readings without a plate
  no_reads BIGINT NOT NULL,
  -- the camera's confidence summed over the readings with a plate that report one, and how many those are
  confidence_sum DOUBLE NOT NULL,
  confidence_reads BIGINT NOT NULL,
  -- readings with a plate and a confidence below LOW_CONFIDENCE (reads-hourly.ts)
  low_confidence BIGINT NOT NULL,
  PRIMARY KEY (hour_start, site_id, lane, camera)
);

-- How far the sums have been brought: how many plate_reads rows are in (`reads`), and the rowid from which
-- rows are new (`next`, max(rowid) + 1 then). Reads are deleted only by the right to erasure, which takes
-- them out of the sums and off `reads` (src/server/privacy/erase-plate.ts).
CREATE TABLE plate_reads_hourly_sync (
  reads BIGINT NOT NULL,
  next BIGINT NOT NULL,
  synced_at TIMESTAMPTZ NOT NULL
);
INSERT INTO plate_reads_hourly_sync VALUES (0, 0, now());
