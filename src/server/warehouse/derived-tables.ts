import type { Database, Queryable } from "../db/database.ts";

// The warehouse's one rule for data derived from the facts: every derived table is declared once, with the
// facts it follows, the tables it keeps (and their bookkeeping), the columns where it keeps a plate, how it
// catches up, how it is emptied to be built from nothing, and what an erasure does to it. One driver below
// runs the declarations for the refresher, a rebuild, erasure and pseudonymisation, so a new derived table is
// one declaration beside its SQL. derived-tables.test.ts holds the declarations against the schema: a table
// that is neither a fact, a setting nor declared, or a plate column not declared, fails it.

/** The facts: append-only (a plate erasure aside), written by ingestion, tracking and imports. */
export const FACT_TABLES = [
  "plate_reads",
  "transactions",
  "transaction_lines",
  "web_sessions",
  "pageviews",
  "web_events",
  "pageview_engaged_updates",
  "web_session_updates",
  "ad_stats_daily",
  "membership_events",
  "membership_event_plates",
] as const;

/** The facts' plate columns: a raw reading is the camera's own text for the plate and goes with it. */
export const FACT_PLATE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  plate_reads: ["plate", "raw_plate"],
  transactions: ["plate"],
  membership_event_plates: ["plate"],
};

/** What an erasure takes out of the facts, counted before it does: some bookkeeping counts rows. */
export interface ErasedFacts {
  reads: number;
}

export interface Bookkeeping {
  state: string;
  facts: Readonly<Record<string, string>>;
}

export interface DerivedDeclaration {
  /** What it keeps, in a few words. */
  name: string;
  /** The fact tables (and other declarations' tables) it is worked out from. */
  follows: readonly string[];
  /** The tables it keeps. */
  tables: readonly string[];
  /**
   * Its bookkeeping: the one-row table saying how far it has taken the facts in, column → the fact table
   * whose rows (the first ones, in rowid order) it counts. The watermark (watermark.ts) is read from it.
   */
  bookkeeping: Bookkeeping;
  /** Table → the columns of it that hold a plate; pseudonymisation rewrites them with the facts'. */
  plateColumns: Readonly<Record<string, readonly string[]>>;
  /** Brings its tables up to date with the facts; concurrent calls wait for one another. */
  sync: (db: Queryable) => Promise<void>;
  /** Empties its tables and bookkeeping in the caller's transaction: the next sync builds them from nothing. */
  reset: (tx: Queryable) => Promise<void>;
  /**
   * Takes a plate out of its tables in the erasure's transaction, before the facts lose it (after every
   * declaration synced). Null for a declaration that keeps no plate.
   */
  erase: ((tx: Queryable, plate: string, erased: ErasedFacts) => Promise<void>) | null;
}

/** Every declaration's sync, one after the other in the declarations' order (which is their dependencies'). */
export async function syncEvery(db: Queryable, declarations: readonly DerivedDeclaration[]): Promise<void> {
  for (const declaration of declarations) await declaration.sync(db);
}

/** Empties every derived table at once, then builds each from nothing, in order. */
export async function rebuildEvery(db: Database, declarations: readonly DerivedDeclaration[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const declaration of declarations) await declaration.reset(tx);
  });
  await syncEvery(db, declarations);
}

/** Takes a plate out of every declaration's tables, the dependent ones first, in the caller's transaction. */
export async function eraseEverywhere(
  tx: Queryable,
  declarations: readonly DerivedDeclaration[],
  plate: string,
  erased: ErasedFacts,
): Promise<void> {
  for (const declaration of [...declarations].reverse()) await declaration.erase?.(tx, plate, erased);
}

/** Every column that can hold a plate, facts and derived tables alike, by table. */
export function plateColumnsOf(
  declarations: readonly DerivedDeclaration[],
): Record<string, readonly string[]> {
  return Object.assign(
    {},
    FACT_PLATE_COLUMNS,
    ...declarations.map((declaration) => declaration.plateColumns),
  );
}
