import type { Queryable } from "../../../db/database.ts";
import { aheadOfWatermark, countOf, serialised } from "../../derived-sync.ts";
import type { DerivedDeclaration } from "../../derived-tables.ts";

// The hourly sums per camera of migration 085 (plate_reads_hourly): how they are computed from the plate
// reads, and how they are kept up to date. Kenteken herkenning reads whole hours from them and the last,
// unfinished hour of a period from the reads themselves, with the same SQL (ReportSql.rollup), so both agree.

/** A read below this confidence is doubtful: the camera may have misread a character. */
export const LOW_CONFIDENCE = 0.8;

// reads: every camera reading. no_reads: readings without a plate. confidence_sum / confidence_reads: the
// camera's confidence over the readings with a plate that report one. low_confidence: readings with a plate
// and a confidence below LOW_CONFIDENCE. `where` filters plate_reads, aliased t.
export const readsHourlySql = (where: { sales: string }) => `SELECT
    to_timestamp(epoch_us(t.read_at) // 3600000000 * 3600) AS hour_start, t.site_id, t.lane, t.camera,
    count(*) AS reads,
    count(*) FILTER (WHERE t.plate IS NULL) AS no_reads,
    coalesce(sum(t.confidence) FILTER (WHERE t.plate IS NOT NULL), 0) AS confidence_sum,
    count(t.confidence) FILTER (WHERE t.plate IS NOT NULL) AS confidence_reads,
    count(*) FILTER (WHERE t.plate IS NOT NULL AND t.confidence < ${LOW_CONFIDENCE}) AS low_confidence
  FROM plate_reads t
  WHERE ${where.sales}
  GROUP BY ALL`;

const SUMS = ["reads", "no_reads", "confidence_sum", "confidence_reads", "low_confidence"];
const KEY = "hour_start, site_id, lane, camera";

interface SyncState {
  reads: number;
  next: number;
}

/**
 * Adds the plate reads that arrived since the last call to the hourly sums; late reads add to the hour they
 * belong to. Its own bookkeeping on serialised (derived-sync.ts): reads can be erased (erase-plate.ts), so
 * the gaps they leave in the rowids must not force a rebuild at every later sync. The rows from `next` on
 * are new as long as as many rows were added as the rowids grew; anything else (rowids compacted, rows
 * deleted behind the bookkeeping's back) rebuilds the sums from all reads.
 */
export const syncReadsHourly = (db: Queryable) =>
  serialised(
    db,
    "plate_reads_hourly_sync",
    (database) =>
      database.transaction(async (tx) => {
        const [state] = await tx.query<SyncState>("SELECT reads, next FROM plate_reads_hourly_sync");
        const now = await countOf(tx, "plate_reads");
        if (now.rows === state.reads && now.next === state.next) return;
        if (aheadOfWatermark(now.rows, state.reads)) return;
        const appended = now.rows >= state.reads && now.rows - state.reads === now.next - state.next;
        if (!appended) await tx.run("DELETE FROM plate_reads_hourly");
        await tx.run(
          // in hour order, so the table stays in time order and a period's scan skips the rest
          `INSERT INTO plate_reads_hourly BY NAME (${readsHourlySql({ sales: "t.rowid >= $from" })} ORDER BY hour_start)
          ON CONFLICT (${KEY}) DO UPDATE SET ${SUMS.map((c) => `${c} = ${c} + EXCLUDED.${c}`).join(", ")}`,
          { from: appended ? state.next : 0 },
        );
        await tx.run("UPDATE plate_reads_hourly_sync SET reads = $1, next = $2, synced_at = now()", [
          now.rows,
          now.next,
        ]);
      }),
    { reads: "plate_reads" },
  );

/**
 * Takes a plate's reads out of the sums and off the bookkeeping, in the transaction that deletes them
 * (erase-plate.ts), after syncReadsHourly brought the sums up to date. Hours left without reads go.
 */
export async function eraseFromReadsHourly(tx: Queryable, plate: string): Promise<void> {
  const erased = readsHourlySql({
    sales: "t.plate = $plate AND t.rowid < (SELECT next FROM plate_reads_hourly_sync)",
  });
  await tx.run(
    `UPDATE plate_reads_hourly h SET ${SUMS.map((c) => `${c} = h.${c} - e.${c}`).join(", ")}
      FROM (${erased}) e
      WHERE h.hour_start = e.hour_start AND h.site_id = e.site_id AND h.lane = e.lane AND h.camera = e.camera`,
    { plate },
  );
  await tx.run("DELETE FROM plate_reads_hourly WHERE reads = 0");
  await tx.run(
    `UPDATE plate_reads_hourly_sync SET reads = reads - (SELECT count(*) FROM plate_reads
      WHERE plate = $plate AND rowid < (SELECT next FROM plate_reads_hourly_sync))`,
    { plate },
  );
}

/** The plate reads per hour and camera (Kenteken herkenning), with its own bookkeeping. */
export const READS_HOURLY_DECLARED: DerivedDeclaration = {
  name: "kentekenlezingen per uur en camera",
  follows: ["plate_reads"],
  tables: ["plate_reads_hourly"],
  bookkeeping: { state: "plate_reads_hourly_sync", facts: { reads: "plate_reads" } },
  plateColumns: {},
  sync: syncReadsHourly,
  reset: async (tx) => {
    await tx.run("DELETE FROM plate_reads_hourly");
    await tx.run("UPDATE plate_reads_hourly_sync SET reads = 0, next = 0");
  },
  // no plate in the sums, but the plate's reads leave them
  erase: eraseFromReadsHourly,
};
