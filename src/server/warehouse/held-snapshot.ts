import type { Database, Queryable } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import { syncBeganAt } from "./derived-sync.ts";
import type { DerivedDeclaration } from "./derived-tables.ts";
import { factsOf, inStepSnapshot, type ReadAtOneMoment, type Watermark } from "./watermark.ts";

// The snapshot the refresher holds between rounds, where a report that finds its tables apart reads them in
// step (read-at-one-moment.ts).

/**
 * A snapshot the refresher holds open from the end of one round to the end of the next: every declaration as
 * that round left it, in step, with the facts cut at their watermark. A round syncs the declarations one after
 * the other, and a request may catch some of them up alone (a few new rows, sync-policy.ts): meanwhile the
 * tables a report reads together stand apart in the database. At 1× while plate reads poured in, a dashboard
 * then waited for the customers' sync (5–11 s; p95 9–18 s); it reads here instead.
 */
interface HeldSnapshot {
  tx: Queryable;
  watermark: Watermark;
  /** State table → when its tables were last brought up to date (Date.now()), as the snapshot began. */
  syncedAt: ReadonlyMap<string, number>;
  /** Reads under way in it: it ends after them. */
  reading: Set<Promise<unknown>>;
}

const heldSnapshots = new WeakMap<Database, HeldSnapshot>();

/** A held snapshot: `release` ends it once its reads are done, and settles then. */
export interface SnapshotHold {
  release: () => Promise<void>;
}

/**
 * Holds a snapshot of where `declarations` stand for the reports that find their tables apart, in place of
 * the one held before, until released. None is held when they do not stand in step (a request caught one of
 * them up alone meanwhile). It reads on a connection of its own: the pool's serve the rest.
 */
export async function holdSnapshot(
  db: Database,
  declarations: readonly DerivedDeclaration[],
): Promise<SnapshotHold> {
  let opened = () => {};
  const open = new Promise<void>((resolve) => (opened = resolve));
  let released = () => {};
  const releasing = new Promise<void>((resolve) => (released = resolve));
  const holding = inStepSnapshot(
    db,
    declarations,
    async (tx, watermark) => {
      const held: HeldSnapshot = { tx, watermark, syncedAt: syncTimes(db, declarations), reading: new Set() };
      heldSnapshots.set(db, held);
      opened();
      await releasing;
      if (heldSnapshots.get(db) === held) heldSnapshots.delete(db);
      await Promise.allSettled(held.reading);
    },
    { ownConnection: true },
  )
    .catch((error) => logger.warn("no snapshot of the report tables held", { error }))
    .finally(opened);
  await open;
  return {
    release: () => {
      released();
      return holding.then(() => {});
    },
  };
}

/** When each declaration's tables were brought up to date (Date.now()); now when this process does not know. */
function syncTimes(db: Database, declarations: readonly DerivedDeclaration[]): Map<string, number> {
  const now = Date.now();
  return new Map(
    declarations.map(({ bookkeeping: { state } }) => {
      const began = syncBeganAt(db, state);
      return [state, began === null ? now : now - (performance.now() - began)];
    }),
  );
}

/** Reads in the snapshot held, when there is one and it holds every declaration; else null. */
export function readHeld<T>(
  db: Database,
  declarations: readonly DerivedDeclaration[],
  read: (tx: Queryable) => Promise<T>,
): Promise<ReadAtOneMoment<T>> | null {
  const held = heldSnapshots.get(db);
  const times = declarations.map(({ bookkeeping }) => held?.syncedAt.get(bookkeeping.state));
  if (!held || times.includes(undefined)) return null;
  // Noted before anything else runs: the snapshot ends only after it.
  const reading = read(held.tx);
  held.reading.add(reading);
  const watermark = Object.fromEntries(factsOf(declarations).map((fact) => [fact, held.watermark[fact]]));
  return reading
    .then((value) => ({ value, watermark, syncedAt: new Date(Math.min(...(times as number[]))) }))
    .finally(() => held.reading.delete(reading));
}
