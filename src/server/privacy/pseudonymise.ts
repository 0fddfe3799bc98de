import type { PseudonymisedCounts } from "../../shared/admin/privacy.ts";
import type { Database } from "../db/database.ts";
import { syncCustomerVisits } from "../warehouse/derived/customers/visits-sync.ts";
import { PLATE_COLUMNS } from "./plate-columns.ts";
import { type PseudonymKey, pseudonymSql } from "./pseudonym.ts";

// Retention: once a plate's latest read, sale or membership event naming it (a signup or plate change) is
// older than the retention period, its whole history is pseudonymised at once — reads (and the camera's raw
// reading), sales, the plates of memberships and the derived customer tables — so that a customer never
// splits into a plate half and a pseudonym half, and every report figure stays the same (visits,
// new/returning, cohorts and segments count customers, not plates). A car that comes back after that is a new
// customer: that is what forgetting its plate means.

const DAY_MS = 86_400_000;

export async function pseudonymiseExpired(
  db: Database,
  options: { retentionDays: number; now: Date; key: PseudonymKey },
): Promise<PseudonymisedCounts> {
  // The derived tables first take in every fact, so that the rewrite below covers all of them.
  await syncCustomerVisits(db);
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS).toISOString();
  const params = { ...options.key.params };
  const expired = "(SELECT plate FROM expired_plates)";
  return db.transaction(async (tx) => {
    await tx.run(
      `CREATE OR REPLACE TEMP TABLE expired_plates AS
       SELECT plate FROM (
         SELECT plate, read_at AS seen_at FROM plate_reads WHERE plate IS NOT NULL
         UNION ALL SELECT plate, occurred_at FROM transactions WHERE plate IS NOT NULL
         UNION ALL SELECT plate, occurred_at FROM membership_event_plates
       ) WHERE NOT starts_with(plate, '#')
       GROUP BY plate HAVING max(seen_at) < $cutoff::TIMESTAMPTZ`,
      { cutoff },
    );
    const [counts] = await tx.query<PseudonymisedCounts>(
      `SELECT (SELECT count(*) FROM expired_plates) AS plates,
         (SELECT count(*) FROM plate_reads WHERE plate IN ${expired}) AS reads,
         (SELECT count(*) FROM transactions WHERE plate IN ${expired}) AS transactions`,
    );
    if (counts.plates === 0) return counts;
    // Every column that holds a plate, facts and derived tables alike: as a rebuild would give them. A raw
    // reading is the camera's own text for the plate; it goes with it.
    for (const [table, columns] of Object.entries(PLATE_COLUMNS)) {
      const set = columns.map(
        (column) => `${column} = CASE WHEN ${column} IS NOT NULL THEN ${pseudonymSql(column)} END`,
      );
      await tx.run(`UPDATE ${table} SET ${set.join(", ")} WHERE plate IN ${expired}`, params);
    }
    await tx.run("DROP TABLE expired_plates");
    return counts;
  });
}
