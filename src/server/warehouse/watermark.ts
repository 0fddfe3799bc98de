import type { Database, Queryable } from "../db/database.ts";
import { oneRowEach } from "../db/one-row-each.ts";
import type { TableView, TableViews } from "../db/table-views.ts";
import { asOfGeneration } from "./derived-sync.ts";
import type { Bookkeeping, DerivedDeclaration } from "./derived-tables.ts";

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
  const rows = await db.query<{ fact: string; rows: number }>(
    oneRowEach(tables.map((table) => `SELECT '${table}' AS fact, count(*) AS rows FROM ${table}`)),
  );
  return Object.fromEntries(rows.map(({ fact, rows }) => [fact, rows]));
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
  for (const held of await heldByEach(
    db,
    declarations.map(({ bookkeeping }) => bookkeeping),
  )) {
    for (const [fact, rows] of held) {
      if (fact in watermark && watermark[fact] !== rows) return null;
      watermark[fact] = rows;
    }
  }
  return watermark;
}

/**
 * Per bookkeeping, per fact table it counts, the rows it says its tables hold; in one statement, since under
 * load each statement waits its turn for the cores (one per declaration cost a report 10–40 ms at 1×).
 */
export async function heldByEach(
  db: Queryable,
  tables: readonly Bookkeeping[],
): Promise<[string, number][][]> {
  if (tables.length === 0) return [];
  const rows = await db.query<{ i: number; held: number[] }>(
    oneRowEach(
      tables.map(
        ({ state, facts }, i) =>
          `SELECT ${i} AS i, [${Object.keys(facts).join(", ")}]::BIGINT[] AS held FROM ${state}`,
      ),
    ),
  );
  const heldOf = new Map(rows.map(({ i, held }) => [i, held]));
  return tables.map(({ facts }, i) =>
    Object.values(facts).map((fact, j) => [fact, Number(heldOf.get(i)?.[j])]),
  );
}

/**
 * Runs `work` in one snapshot with the facts cut where the declarations stand, when they stand in step: the
 * watermark it answers with is theirs. Null when they stand apart. The watermark, the cut and the reads are
 * one snapshot: counted in one and read in a second, under load a catch-up in between sent the request round
 * again, and the two cost a report six statements more (10–30 ms each at 1× while plate reads poured in).
 */
export async function inStepSnapshot<T>(
  db: Database,
  declarations: readonly DerivedDeclaration[],
  work: (tx: Queryable, watermark: Watermark) => Promise<T>,
  options: { ownConnection?: boolean } = {},
): Promise<{ value: T; watermark: Watermark } | null> {
  const catalog = await db.catalog();
  return db.snapshot(async (tx, cut) => {
    const watermark = await watermarkOf(tx, declarations);
    if (!watermark) return null;
    await cut(await cutViews(tx, catalog, watermark));
    return { value: await work(tx, watermark), watermark };
  }, options);
}

/**
 * Views that show each fact table cut at the watermark: its first `rows` rows. Every table gets one, also one
 * that holds no more rows now: the views serve a whole round or snapshot, and rows arrive meanwhile; each
 * transaction makes only those it needs, for the tables it finds past the cut. Until 29 November a table that
 * held no more got none; a round's syncs then each took in the reads as they found them, and stood apart when
 * the round ended (40 000 reads at 1× under load). The first `rows` rows end below rowid `rows` unless rows
 * were deleted (an erasure leaves gaps): then the bound moves up by what is missing until it holds them.
 */
export const factViews = async (db: Database, watermark: Watermark): Promise<TableViews> =>
  cutViews(db, await db.catalog(), watermark);

/** factViews, counted by `db` (a snapshot, or the database) for tables in `catalog`. */
async function cutViews(db: Queryable, catalog: string, watermark: Watermark): Promise<TableViews> {
  const tables = Object.keys(watermark);
  const bounds = new Map(tables.map((table) => [table, watermark[table]]));
  // Rows held below each bound, all tables in one statement; again for those short of their rows.
  for (let short = tables; short.length > 0; ) {
    const below = await db.query<{ fact: string; n: number }>(
      oneRowEach(
        short.map(
          (table) =>
            `SELECT '${table}' AS fact, count(*) AS n FROM ${table} WHERE rowid < ${bounds.get(table)}`,
        ),
      ),
    );
    const held = new Map(below.map(({ fact, n }) => [fact, n]));
    short = short.filter((table) => (held.get(table) ?? 0) < watermark[table]);
    for (const table of short)
      bounds.set(table, (bounds.get(table) ?? 0) + watermark[table] - (held.get(table) ?? 0));
  }
  const views: Record<string, TableView> = {};
  for (const table of tables) {
    const name = `${catalog}.main.${table}`;
    const bound = bounds.get(table);
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
  work: (watermark: Watermark) => Promise<T>,
): Promise<T> {
  // Taken before the counts: whatever finishes writing later raises it, so a catch-up under this watermark
  // is up to date with the database as of this generation, not of the moment it began (derived-sync.ts).
  const generation = db.writeGeneration;
  const watermark = await currentWatermark(db, facts);
  const views = await factViews(db, watermark);
  return db.withTableViews(views, () => asOfGeneration(generation, () => work(watermark)));
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
