import type { Database, Queryable } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import { asRequest, requestPlan, settled, upToDateWith } from "./derived-sync.ts";
import { type DerivedDeclaration, syncEvery } from "./derived-tables.ts";
import { readHeld } from "./held-snapshot.ts";
import { type Round, roundOf } from "./round-underway.ts";
import {
  atWatermark,
  currentWatermark,
  factsOf,
  heldByEach,
  inStepSnapshot,
  type ReadAtOneMoment,
} from "./watermark.ts";

// How a report, the Monday e-mail and the alerts read their derived tables and the facts at one watermark
// (watermark.ts), whatever the refresher and other requests are doing meanwhile.

/**
 * How often a request tries again when its declarations stand at different points: after each round it waits
 * for and each catch-up of its own, as many as it has declarations, and once more to spare.
 */
const attemptsFor = (declarations: readonly DerivedDeclaration[]) => declarations.length + 2;

/**
 * Reads with the declarations at one watermark: `read` sees their tables and the facts as of the same facts.
 * At rest (nothing written since each declaration took in every fact) its queries run side by side on the
 * pool, and nothing written by their end shows that they read the same facts; the watermark is counted only
 * when asked for. Otherwise it catches the declarations up to one watermark (or reads what the refresher left,
 * sync-policy.ts) and runs `read` in one snapshot with the facts cut where the declarations stand. When they
 * stand at different points, it reads the snapshot the refresher holds; without one it waits for one of their
 * syncs to end when the round under way puts them in step, else brings them in step itself, and tries again.
 * After attemptsFor(declarations) it reads the snapshot as it is, says so in the log and names no watermark,
 * which the property test would catch.
 */
export async function readAtOneMoment<T>(
  db: Database,
  declarations: readonly DerivedDeclaration[],
  read: (tx: Queryable) => Promise<T>,
  options: { watermark?: boolean } = {},
): Promise<ReadAtOneMoment<T>> {
  const facts = factsOf(declarations);
  const bookkeeping = declarations.map((declaration) => declaration.bookkeeping);
  const states = bookkeeping.map(({ state }) => state);
  let syncedAt: Date | null = null;
  let waitedFor: Round | null = null;
  for (let attempt = 1; ; ) {
    if (!upToDateWith(db, states)) {
      const plan = await requestPlan(db, bookkeeping);
      // One after the other, as the refresher does: side by side, a quick table took in the new rows at once
      // while the customers' catch-up ran (or queued behind the refresher's), and stood ahead all that time.
      syncedAt = plan.leavesAll
        ? plan.syncedAt
        : await asRequest(() => atWatermark(db, facts, () => syncEvery(db, declarations)), plan.othersLeft);
    }
    if (upToDateWith(db, states)) {
      const generation = db.writeGeneration;
      const watermark = options.watermark ? await currentWatermark(db, facts) : null;
      const value = await read(db);
      if (db.writeGeneration === generation && db.writesUnderway === 0) return { value, watermark, syncedAt };
    }
    // Facts arrived since the catch-up, or during the read: one snapshot, the facts cut at the watermark.
    const answer = await inStepSnapshot(db, declarations, read);
    if (answer) return { ...answer, syncedAt };
    // Out of step: a refresher's round is half done (the tables a report reads together are synced one after
    // the other), or a request caught up some of them. The snapshot held since the last round ended has them
    // in step; without one, the round under way ends in step. Catching up to now instead cost the customers'
    // catch-up per request while data poured in (5 s at 1×).
    const held = readHeld(db, declarations, read);
    if (held) return held;
    if (attempt >= attemptsFor(declarations)) {
      logger.warn("report read without one watermark: its derived tables kept moving apart", { states });
      // no watermark to name: the answer is the snapshot's, sums and facts as they stood
      return { value: await db.snapshot(read), watermark: null, syncedAt };
    }
    const round = await roundPuttingInStep(db, declarations);
    // A round waited for is one attempt, however many syncs of theirs end before they stand in step: a request's
    // or an import's end meanwhile too, and counting each one ran a read through its attempts under load.
    if (!round || round !== waitedFor) attempt++;
    waitedFor = round;
    if (round) await settled(db, states);
    // Nothing runs that would put them in step: it brings them all to the facts as they are now, leaving none.
    else await atWatermark(db, facts, () => syncEvery(db, declarations));
  }
}

/**
 * The refresher's round under way when it puts these declarations in step, else null: it takes each of them to
 * its watermark (counted, or to be counted from facts that only grow), and none of them stands past it. One
 * that a request or another catch-up took further stays ahead after the round, which then holds no snapshot; and
 * between rounds (the refresher pauses after one) nothing moves them at all. Waiting in those cases ended on
 * syncs that changed nothing: under load, reads in the property test ran through their attempts so and named
 * no watermark (seed 252030, 1 in 8 runs beside two busy processes).
 */
async function roundPuttingInStep(
  db: Database,
  declarations: readonly DerivedDeclaration[],
): Promise<Round | null> {
  const round = roundOf(db);
  const reaches = round?.reaches;
  if (!round || !reaches) return round;
  const held = await heldByEach(
    db,
    declarations.map(({ bookkeeping }) => bookkeeping),
  );
  return held.flat().every(([fact, rows]) => rows <= reaches[fact]) ? round : null;
}
