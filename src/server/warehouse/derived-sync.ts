import { AsyncLocalStorage } from "node:async_hooks";
import { Database, type Queryable } from "../db/database.ts";
import { oneRowEach } from "../db/one-row-each.ts";
import { inTableViews } from "../db/table-views.ts";
import type { Bookkeeping } from "./derived-tables.ts";
import { roundOf } from "./round-underway.ts";
import { requestSync, type SyncSituation } from "./sync-policy.ts";

// When the tables the reports derive from append-only facts are brought up to date: one sync at a time per
// state table, skipped while nothing was written; a report request's choice between catching up and reading
// what the refresher left (sync-policy.ts); and the waits that bring a report's tables in step. A state
// table holds, per fact table, how many rows were taken into account; rows with a rowid at or above that
// are new. Additive tables (hourly sums) are kept by additive-sync.ts on this bookkeeping.

export interface TableCount {
  rows: number;
  /** max(rowid) + 1: equal to `rows` while nothing was ever deleted, which the rowid bookkeeping needs. */
  next: number;
}

export const countOf = async (tx: Queryable, table: string) =>
  (
    await tx.query<TableCount>(`SELECT count(*) AS rows, coalesce(max(rowid) + 1, 0) AS next FROM ${table}`)
  )[0];

interface Chain {
  /** The last sync of the state table asked for; the next one runs after it. */
  last: Promise<void>;
  /** Syncs asked for and not finished yet. */
  running: number;
  /** The database's write generation when the last sync that succeeded began, with nothing running since. */
  upToDate: number | null;
  /** performance.now() when the last sync that succeeded began: how old what the derived tables hold is. */
  syncedAt: number | null;
  /** Called once when the next sync of the state table ends, however it ends (settled). */
  onEnd: (() => void)[];
}

const chains = new WeakMap<Database, Map<string, Chain>>();
/** Databases whose derived tables a background refresher keeps up to date (derived-refresher.ts). */
const refreshed = new WeakSet<Database>();
/**
 * Set while a report request runs its syncs: they may then skip a catch-up (sync-policy.ts), and note when
 * the tables they leave as they are were last brought up to date (performance.now(), the oldest).
 * `othersLeft`: the request leaves one of the tables it reads to the refresher (requestPlan).
 */
const requestScope = new AsyncLocalStorage<{ syncedAt: number | null; othersLeft: boolean }>();

/** Under a watermark (watermark.ts): the write generation the facts were counted at. */
const generationScope = new AsyncLocalStorage<number>();

/** Runs `work`'s syncs as up to date with the database of write generation `generation` at most. */
export const asOfGeneration = <T>(generation: number, work: () => Promise<T>): Promise<T> =>
  generationScope.run(generation, work);

/** Marks a database as kept up to date in the background, or no longer (the refresher stopped). */
export function setRefreshed(db: Database, on: boolean): void {
  if (on) refreshed.add(db);
  else refreshed.delete(db);
}

/**
 * Whether a report request runs this sync while a refresher keeps the database up to date: a sync with
 * large work that the request can do without (a day's rebuild) leaves it to the refresher.
 */
export const leftToRefresher = (db: Database): boolean =>
  requestScope.getStore() !== undefined && refreshed.has(db);

/**
 * Runs a report request's syncs: each decides by sync-policy.ts whether to catch up or read what is there,
 * knowing whether the request leaves another of its tables to the refresher (`othersLeft`, from requestPlan).
 * Answers when the derived tables the request reads were brought up to date: null when every one caught up
 * with the facts the request found, else the moment the oldest one it left to the refresher did.
 */
export async function asRequest(work: () => Promise<unknown>, othersLeft = false): Promise<Date | null> {
  const scope = { syncedAt: null as number | null, othersLeft };
  await requestScope.run(scope, work);
  return scope.syncedAt === null ? null : dateOf(scope.syncedAt);
}

/** The moment a performance.now() reading stands for. */
const dateOf = (performanceMs: number) => new Date(Date.now() - (performance.now() - performanceMs));

/**
 * Runs the sync of one state table on the database, after the previous call for it (on the same database)
 * has finished: two reports opening at once never work the same facts out twice. When nothing was written
 * to the database since a sync that found it up to date began, there is nothing to look at: it returns
 * at once, so a report on data that did not change pays nothing for its derived tables. Inside `asRequest`,
 * with `facts` (column of `state` → the fact table it counts), it may return without catching up.
 */
export async function serialised(
  db: Queryable,
  state: string,
  sync: (db: Database) => Promise<void>,
  facts?: Record<string, string>,
): Promise<void> {
  if (!(db instanceof Database)) throw new Error(`the sync of ${state} needs the database, not a connection`);
  const chain = chainOf(db, state);
  if (chain.running === 0 && chain.upToDate === db.writeGeneration) return;
  if (facts && requestScope.getStore() && !(await requestMayCatchUp(db, chain, state, facts))) return;

  chain.running++;
  const next = chain.last
    .catch(() => {})
    .then(async () => {
      // Taken before the sync reads anything: a write that ends later raises it, so it is looked at next time.
      // Under a watermark the sync sees the facts as they were when that was taken, not as they are now.
      const generation = Math.min(db.writeGeneration, generationScope.getStore() ?? Number.POSITIVE_INFINITY);
      const began = performance.now();
      try {
        await sync(db);
        chain.upToDate = generation;
        chain.syncedAt = began;
      } catch (error) {
        chain.upToDate = null;
        throw error;
      }
    })
    .finally(() => {
      chain.running--;
      for (const notify of chain.onEnd.splice(0)) notify();
    });
  chain.last = next;
  return next;
}

function chainOf(db: Database, state: string): Chain {
  const byState = chains.get(db) ?? new Map<string, Chain>();
  chains.set(db, byState);
  const chain = byState.get(state) ?? {
    last: Promise.resolve(),
    running: 0,
    upToDate: null,
    syncedAt: null,
    onEnd: [],
  };
  byState.set(state, chain);
  return chain;
}

/**
 * Whether nothing was written to the database since each of these state tables' last sync found every fact
 * taken in, and none runs: their derived tables hold every fact there is.
 */
export function upToDateWith(db: Database, states: readonly string[]): boolean {
  const byState = chains.get(db);
  return (
    db.writesUnderway === 0 &&
    states.every((state) => {
      const chain = byState?.get(state);
      return chain !== undefined && chain.running === 0 && chain.upToDate === db.writeGeneration;
    })
  );
}

/**
 * Marks these state tables up to date with the database as of write generation `generation`, for a caller
 * that knows no fact arrived since their last syncs (the refresher: the facts stand where its last round
 * began). False, marking none, while one runs or its last sync failed.
 */
export function confirmUpToDate(db: Database, states: readonly string[], generation: number): boolean {
  const byState = chains.get(db);
  const listed = states.map((state) => byState?.get(state));
  if (listed.some((chain) => chain === undefined || chain.running > 0 || chain.upToDate === null))
    return false;
  for (const chain of listed) if (chain) chain.upToDate = Math.max(chain.upToDate ?? 0, generation);
  return true;
}

/** performance.now() when the last successful sync of a state table in this process began; null before one. */
export const syncBeganAt = (db: Database, state: string): number | null =>
  chains.get(db)?.get(state)?.syncedAt ?? null;

/**
 * Waits until one of these state tables' syncs ends, or else until the refresher's round under way and their
 * syncs running have. The tables a report reads together stand apart while a round has synced some of them
 * and not yet the others, and what brings them in step is one of their own syncs. Waiting for the whole round
 * made a report wait for the rest of it too: at 10×, while plate reads poured in, Kenteken herkenning (the
 * customers' and the hourly reads' tables) waited for the journey's and Flow's syncs as well, 3–8 s each.
 */
export async function settled(db: Database, states: readonly string[]): Promise<void> {
  const byState = chains.get(db);
  const all = Promise.all([
    roundOf(db)?.done.catch(() => {}),
    ...states.map((state) => byState?.get(state)?.last.catch(() => {})),
  ]);
  let notify = () => {};
  const oneEnded = new Promise<void>((resolve) => (notify = resolve));
  const listening = states.flatMap((state) => byState?.get(state) ?? []);
  for (const chain of listening) chain.onEnd.push(notify);
  await Promise.race([all, oneEnded]);
  // Ended by the round: no sync of theirs needs to call this one any more.
  for (const chain of listening) chain.onEnd = chain.onEnd.filter((waiting) => waiting !== notify);
}

/** What a report request's syncs will do, found before they run (requestPlan). */
export interface RequestPlan {
  /**
   * It leaves one of its tables (their bookkeeping) to the refresher, or waits for its catch-up under way.
   * Then it takes no few new rows into the others either (sync-policy.ts): a report reads its tables at one
   * watermark, and catching some up while leaving the rest set them apart until the refresher's round brought
   * them in step again. At 1× while plate reads poured in, the dashboard took the sales that had just arrived
   * into its sales sums, not into the customers' tables, and waited 7 s.
   */
  othersLeft: boolean;
  /**
   * It leaves every one of them as it is, catching none up: then it counts no watermark for syncs that would
   * not run. Under load at 1× that count, its fact views and each sync's look at its table inside them took
   * 100–500 ms of a report's 250–1 000 before it read anything.
   */
  leavesAll: boolean;
  /** When it leaves them all, when the oldest of them was last brought up to date; else null. */
  syncedAt: Date | null;
}

/** What a report request's syncs of these tables (their bookkeeping) will do: see RequestPlan. */
export async function requestPlan(db: Database, tables: readonly Bookkeeping[]): Promise<RequestPlan> {
  if (!refreshed.has(db)) return { othersLeft: false, leavesAll: false, syncedAt: null };
  const behind = tables
    .map(({ state, facts }) => ({ chain: chainOf(db, state), state, facts }))
    .filter(({ chain }) => !(chain.running === 0 && chain.upToDate === db.writeGeneration));
  const found = await situations(db, behind, false);
  const othersLeft = found.some(
    (situation) => requestSync({ ...situation, othersLeft: false }) !== "catch-up",
  );
  const leavesAll =
    othersLeft && found.every((situation) => requestSync({ ...situation, othersLeft }) === "read");
  const ages = leavesAll ? behind.flatMap(({ chain }) => chain.syncedAt ?? []) : [];
  return { othersLeft, leavesAll, syncedAt: ages.length > 0 ? dateOf(Math.min(...ages)) : null };
}

/** Whether a request goes on to catch up (sync-policy.ts), after waiting for the catch-up under way if told. */
async function requestMayCatchUp(
  db: Database,
  chain: Chain,
  state: string,
  facts: Record<string, string>,
): Promise<boolean> {
  for (let waited = false; ; waited = true) {
    if (chain.running === 0 && chain.upToDate === db.writeGeneration) return false;
    const decision = requestSync((await situations(db, [{ chain, state, facts }], waited))[0]);
    if (decision === "catch-up") return true;
    if (decision !== "wait") {
      const scope = requestScope.getStore();
      if (scope && chain.syncedAt !== null)
        scope.syncedAt = Math.min(scope.syncedAt ?? Infinity, chain.syncedAt);
      return false;
    }
    await chain.last.catch(() => {});
  }
}

/**
 * What a request finds before it reads each state's tables: the fact rows added or removed since its last sync
 * (from the row counts DuckDB keeps, without a scan) and how old the tables are. Before this process synced
 * them, their bookkeeping says when a sync last took facts in: after a restart the tables are as old as that,
 * not of unknown age, so the first report reads them as the last process left them instead of waiting for
 * the rows ingested meanwhile (6,6 s at 10× after a stop under load). Bookkeeping that holds no rows is a
 * build from nothing, which a request waits for. One statement for all: under load each waits for the cores.
 */
async function situations(
  db: Database,
  tables: readonly { chain: Chain; state: string; facts: Readonly<Record<string, string>> }[],
  waited: boolean,
): Promise<SyncSituation[]> {
  if (tables.length === 0) return [];
  const rows = await db.query<{ i: number; rows: number; held: number; syncedAt: number }>(
    oneRowEach(
      tables.map(({ state, facts }, i) => {
        const columns = Object.keys(facts);
        const differences = columns.map(
          (column) => `abs((SELECT count(*) FROM ${facts[column]}) - ${column})`,
        );
        return `SELECT ${i} AS i, ${differences.join(" + ")} AS rows, ${columns.join(" + ")} AS held,
          epoch_ms(synced_at) AS "syncedAt" FROM ${state}`;
      }),
    ),
  );
  const found = new Map(rows.map((row) => [row.i, row]));
  return tables.map(({ chain }, i) => {
    const row = found.get(i) as (typeof rows)[number];
    if (chain.syncedAt === null && row.held > 0)
      chain.syncedAt = performance.now() - (Date.now() - row.syncedAt);
    return {
      newRows: row.rows,
      sinceSyncMs: chain.syncedAt === null ? null : performance.now() - chain.syncedAt,
      refreshed: refreshed.has(db),
      catchingUp: chain.running > 0,
      waited,
      othersLeft: requestScope.getStore()?.othersLeft,
    };
  });
}

/**
 * Whether a catch-up under a watermark finds its tables ahead of it: the facts it sees are fewer than its
 * bookkeeping holds because a later catch-up already took in more (not because facts were deleted). It
 * then has nothing to do.
 */
export const aheadOfWatermark = (visible: number, held: number): boolean => inTableViews() && visible < held;
