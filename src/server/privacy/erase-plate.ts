import type { PlateErasure } from "../../shared/admin/privacy.ts";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/database.ts";
import { sumProgrammeDays } from "../reports/behaviour/programme-visits-sync.ts";
import { eraseFromPostcodeSales } from "../reports/customers/postcode-sales.ts";
import { eraseFromReadsHourly, syncReadsHourly } from "../reports/customers/reads-hourly.ts";
import { eraseFromSegmentCounts } from "../reports/customers/segment-counts.ts";
import { eraseFromVisitsDaily } from "../reports/customers/visits-daily.ts";
import { syncCustomerVisits } from "../reports/customers/visits-sync.ts";
import { forgetJourney } from "../reports/journey/journey-sync.ts";
import { type PseudonymKey, pseudonymOf } from "./pseudonym.ts";

// Right to erasure. The plate's reads go (they are the car's movements); its sales stay without the plate,
// because the bookkeeping must keep them (fiscale bewaarplicht, 7 years) and without a plate they say
// nothing about a person. A read that the camera misread as this plate keeps its corrected plate and loses
// the raw reading. The derived tables lose the customer in the same transaction, and their bookkeeping
// (rows taken into account) loses the deleted reads, so the next sync carries on without a rebuild — except
// the customer journey, which is emptied and worked out again (journey-sync.ts, forgetJourney).
//
// The audit entry names the plate by its pseudonym: the log must not keep what was just erased, yet whoever
// holds the key can show that a given plate was erased, and when.

export async function erasePlate(
  db: Database,
  options: { plate: string; actorEmail: string; key: PseudonymKey },
): Promise<PlateErasure> {
  const { plate } = options;
  // Everything stored so far is in the derived tables first: the bookkeeping below subtracts what it deletes.
  await syncCustomerVisits(db);
  await syncReadsHourly(db);
  return db.transaction(async (tx) => {
    const [counts] = await tx.query<Omit<PlateErasure, "plate">>(
      `SELECT (SELECT count(*) FROM plate_reads WHERE plate = $plate) AS reads,
         (SELECT count(*) FROM transactions WHERE plate = $plate) AS transactions,
         (SELECT count(*) FROM customer_visits WHERE customer_id IN (SELECT id FROM customers WHERE plate = $plate))
           AS visits`,
      { plate },
    );
    await eraseFromReadsHourly(tx, plate);
    await tx.run("DELETE FROM plate_reads WHERE plate = $1", [plate]);
    await tx.run("UPDATE plate_reads SET raw_plate = NULL WHERE raw_plate = $1", [plate]);
    await tx.run("UPDATE transactions SET plate = NULL, sidecode = NULL WHERE plate = $1", [plate]);
    await eraseFromPostcodeSales(tx, plate);
    await eraseFromVisitsDaily(tx, plate);
    await eraseFromSegmentCounts(tx, plate, counts.reads);
    await tx.run(
      "DELETE FROM customer_visits WHERE customer_id IN (SELECT id FROM customers WHERE plate = $1)",
      [plate],
    );
    await tx.run("DELETE FROM customers WHERE plate = $1", [plate]);
    // A sale without a plate has no previous visit and is no subscription payment, as a rebuild would give
    // (programme-visits-sync.ts); its facts' row counts do not change, so nothing else needs to follow.
    await tx.run(
      "CREATE OR REPLACE TEMP TABLE erased_visits AS SELECT site_id, occurred_at FROM programme_visits WHERE plate = $1",
      [plate],
    );
    await tx.run(
      `UPDATE programme_visits SET plate = NULL, previous_at = NULL, previous_item_id = NULL,
         previous_subscription = NULL, previous_promotion_id = NULL WHERE plate = $1`,
      [plate],
    );
    // Their pairs are gone: the daily sums of their days follow.
    await sumProgrammeDays(tx, "erased_visits");
    await tx.run("DROP TABLE erased_visits");
    await tx.run("DELETE FROM subscription_payments WHERE plate = $1", [plate]);
    await tx.run("DELETE FROM subscription_spells WHERE plate = $1", [plate]);
    await forgetJourney(tx);
    await tx.run("UPDATE customer_visits_sync SET reads = greatest(reads - $1, 0)", [counts.reads]);
    await writeAudit(tx, options.actorEmail, {
      action: "erased",
      entity: "plate",
      entityId: await pseudonymOf(tx, options.key, plate),
      before: counts,
      after: null,
    });
    return { plate, ...counts };
  });
}
