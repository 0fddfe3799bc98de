import type { Queryable } from "../db/database.ts";
import { syncDerived } from "./derived-sync.ts";

// first_read_at: the earliest read of a plate at an entrance ('in'), at any site; no-reads have no plate.
// A read that arrives late with an earlier time moves the plate's first sighting back.

/** Adds the plate reads that arrived since the last call to plate_first_seen (migration 021). */
export const syncPlateFirstSeen = (db: Queryable) =>
  syncDerived(db, {
    state: "plate_first_seen_sync",
    facts: { reads: "plate_reads" },
    tables: ["plate_first_seen"],
    merges: true,
    add: (tx, from) =>
      tx.run(
        `INSERT INTO plate_first_seen BY NAME (
  SELECT plate, min(read_at) AS first_read_at FROM plate_reads
  WHERE rowid >= $reads AND plate IS NOT NULL AND direction = 'in'
  GROUP BY plate
) ON CONFLICT (plate) DO UPDATE SET first_read_at = least(first_read_at, EXCLUDED.first_read_at)`,
        { reads: from.reads },
      ),
  });
