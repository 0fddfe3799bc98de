import type { Database, Queryable } from "../db/database.ts";
import type { TableView, TableViews } from "../db/table-views.ts";
import { logger } from "../logging/logger.ts";
import {
  asOfGeneration,
  asRequest,
  leavesAny,
  settled,
  syncBeganAt,
  syncUnderway,
  upToDateWith,
} from "./derived-sync.ts";
import { type DerivedDeclaration, syncEvery } from "./derived-tables.ts";

// One moment for a whole answer. A declaration's bookkeeping says how many rows of each fact table its tables
// hold (the first ones, in rowid order: the facts are append-only). A report reads its derived tables and the
// facts in one snapshot, with every fact table cut to the rows its derived tables hold: then the kept sums
// and the facts it reads itself (the unfinished hour, a list) describe the same facts, whatever arrived
// since the last catch-up and wherever the refresher is. That cut is the watermark.

/** Fact table → how many of its rows (the first, in rowid order) an answer takes into account. */
export type Watermark = Readonly<Record<string, number>>;

/** The row counts of `tables` now, in one snapshot: how far a round of catch-ups brings its declarations. */
export async function currentWatermark(db: Queryable, tables: readonly string[]): Promise<Watermark> {
  if (tables.length === 0) return {};
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(", ")}`,
  );
  return row;
}

/** The fact tables the declarations count in their bookkeeping. */
export const factsOf = (declarations: readonly DerivedDeclaration[]): string[] => [
  ...new Set(declarations.flatMap((declaration) => Object.values(declaration.bookkeeping.facts))),
];

/**
 * Where the declarations stand: per fact table the rows they hold; null while two of them hold a different
 * number of rows of one fact table (one was caught up later than the other).
 */
export async function watermarkOf(
  db: Queryable,
  declarations: readonly DerivedDeclaration[],
): Promise<Watermark | null> {
  const watermark: Record<string, number> = {};
  for (const { bookkeeping } of declarations) {
    const columns = Object.keys(bookkeeping.facts);
    const [row] = await db.query<Record<string, number>>(
      `SELECT ${columns.join(", ")} FROM ${bookkeeping.state}`,
    );
    for (const column of columns) {
      const fact = bookkeeping.facts[column];
      if (fact in watermark && watermark[fact] !== row[column]) return null;
      watermark[fact] = row[column];
    }
  }
  return watermark;
}

/**
 * Runs `work` in one snapshot with the facts cut where the declarations stand, when they stand in step: the
 * watermark it answers with is theirs. Null when they stand apart, now or by the time the snapshot begins.
 */
async function inStepSnapshot<T>(
  db: Database,
  declarations: readonly DerivedDeclaration[],
  work: (tx: Queryable, watermark: Watermark) => Promise<T>,
  options: { ownConnection?: boolean } = {},
): Promise<{ value: T; watermark: Watermark } | null> {
  const watermark = await db.snapshot((tx) => watermarkOf(tx, declarations));
  if (!watermark) return null;
  const facts = factsOf(declarations);
  return db.withTableViews(await factViews(db, watermark), () =>
    db.snapshot(async (tx) => {
      // a catch-up may have come in between
      const still = await watermarkOf(tx, declarations);
      const same = still && facts.every((fact) => still[fact] === watermark[fact]);
      return same ? { value: await work(tx, watermark), watermark } : null;
    }, options),
  );
}

/**
 * Views that show each fact table cut at the watermark: its first `rows` rows. Every table gets one, also one
 * that holds no more rows now: the views serve a whole round or snapshot, and rows arrive meanwhile; each
 * transaction makes only those it needs, for the tables it finds past the cut. Until 29 November a table that
 * held no more got none; a round's syncs then each took in the reads as they found them, and stood apart when
 * the round ended (40 000 reads at 1× under load). The first `rows` rows end below rowid `rows` unless rows
 * were deleted (an erasure leaves gaps): then the bound moves up by what is missing until it holds them.
 */
export async function factViews(db: Database, watermark: Watermark): Promise<TableViews> {
  const catalog = await db.catalog();
  const views: Record<string, TableView> = {};
  for (const [table, rows] of Object.entries(watermark)) {
    const below = (bound: number) =>
      db
        .query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE rowid < $1`, [bound])
        .then(([row]) => row.n);
    let bound = rows;
    for (let held = await below(bound); held < rows; held = await below(bound)) bound += rows - held;
    const name = `${catalog}.main.${table}`;
    views[table] = {
      select: `SELECT *, rowid AS rowid FROM ${name} WHERE rowid < ${bound}`,
      // a transaction that sees no row past the cut reads the table itself
      needed: `EXISTS (SELECT 1 FROM ${name} WHERE rowid >= ${bound})`,
    };
  }
  return views;
}

/**
 * Runs `work` (the catch-ups of a round or a request) with every statement it makes reading `facts` as they
 * are now: a fact written meanwhile waits for the next round.
 */
export async function atWatermark<T>(
  db: Database,
  facts: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  // Taken before the counts: whatever finishes writing later raises it, so a catch-up under this watermark
  // is up to date with the database as of this generation, not of the moment it began (derived-sync.ts).
  const generation = db.writeGeneration;
  const views = await factViews(db, await currentWatermark(db, facts));
  return db.withTableViews(views, () => asOfGeneration(generation, work));
}

export interface ReadAtOneMoment<T> {
  value: T;
  /**
   * The facts the answer holds: per fact table its first rows, as many as said; null at rest unless asked,
   * and when the tables kept moving apart (logged).
   */
  watermark: Watermark | null;
  /** When the derived tables read were brought up to date, if the request left them to the refresher. */
  syncedAt: Date | null;
}

/**
 * How often a request catches up again when its declarations stand at different points: once, then once more
 * after each of their syncs that may bring them in step (settled waits for one at a time), and once to spare.
 */
const attemptsFor = (declarations: readonly DerivedDeclaration[]) => declarations.length + 2;

/**
 * Reads with the declarations at one watermark: `read` sees their tables and the facts as of the same facts.
 * At rest (nothing written since each declaration took in every fact) its queries run side by side on the
 * pool, and nothing written by their end shows that they read the same facts; the watermark is counted only
 * when asked for. Otherwise it catches the declarations up to one watermark (or reads what the refresher left,
 * sync-policy.ts) and runs `read` in one snapshot with the facts cut where the declarations stand. When they
 * stand at different points (a refresher's round half done), it waits for one of their syncs to end and tries
 * again; after attemptsFor(declarations) it reads the snapshot as it is, says so in the log and names no watermark, which the property test
 * would catch.
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
  for (let attempt = 1; ; attempt++) {
    if (!upToDateWith(db, states)) {
      const othersLeft = await leavesAny(db, bookkeeping);
      // One after the other, as the refresher does: side by side, a quick table took in the new rows at once
      // while the customers' catch-up ran (or queued behind the refresher's), and stood ahead all that time.
      syncedAt = await asRequest(() => atWatermark(db, facts, () => syncEvery(db, declarations)), othersLeft);
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
    if (syncUnderway(db, states)) await settled(db, states);
    // Nothing runs that would put them in step (the refresher pauses after a round that ended with them apart;
    // none is held then): a wait ended at once, and under load in the property test a read ran through its
    // attempts so and named no watermark. It brings them all to the facts as they are now, leaving none.
    else await atWatermark(db, facts, () => syncEvery(db, declarations));
  }
}

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
function readHeld<T>(
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
