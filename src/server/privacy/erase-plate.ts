import type { PlateErasure } from "../../shared/admin/privacy.ts";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/database.ts";
import { DERIVED_TABLES } from "../warehouse/derived/declarations.ts";
import { eraseEverywhere, syncEvery } from "../warehouse/derived-tables.ts";
import { type PseudonymKey, pseudonymOf } from "./pseudonym.ts";

// Right to erasure. The plate's reads go (they are the car's movements); its sales stay without the plate,
// because the bookkeeping must keep them (fiscale bewaarplicht, 7 years) and without a plate they say
// nothing about a person. A membership's events stay too (charges, cancels: bookkeeping), the plate taken out
// of the plates it covers. A read that the camera misread as this plate keeps its corrected plate and loses
// the raw reading. Every derived table takes the plate out as its declaration says (warehouse/derived/
// declarations.ts), in the same transaction, before the facts lose it: most keep their bookkeeping
// and carry on without a rebuild; the customer journey is emptied and worked out again.
//
// The audit entry names the plate by its pseudonym: the log must not keep what was just erased, yet whoever
// holds the key can show that a given plate was erased, and when.

export async function erasePlate(
  db: Database,
  options: { plate: string; actorEmail: string; key: PseudonymKey },
): Promise<PlateErasure> {
  const { plate } = options;
  // Everything stored so far is in the derived tables first: their erasure subtracts what the facts lose.
  await syncEvery(db, DERIVED_TABLES);
  return db.transaction(async (tx) => {
    const [counts] = await tx.query<Omit<PlateErasure, "plate">>(
      `SELECT (SELECT count(*) FROM plate_reads WHERE plate = $plate) AS reads,
         (SELECT count(*) FROM transactions WHERE plate = $plate) AS transactions,
         (SELECT count(*) FROM customer_visits WHERE customer_id IN (SELECT id FROM customers WHERE plate = $plate))
           AS visits`,
      { plate },
    );
    await eraseEverywhere(tx, DERIVED_TABLES, plate, { reads: counts.reads });
    await tx.run("DELETE FROM plate_reads WHERE plate = $1", [plate]);
    await tx.run("UPDATE plate_reads SET raw_plate = NULL WHERE raw_plate = $1", [plate]);
    await tx.run("UPDATE transactions SET plate = NULL, sidecode = NULL WHERE plate = $1", [plate]);
    await tx.run("DELETE FROM membership_event_plates WHERE plate = $1", [plate]);
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
