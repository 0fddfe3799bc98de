import { serverClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { oneRowEach } from "../db/one-row-each.ts";
import { logger } from "../logging/logger.ts";
import { confirmUpToDate, setRefreshed, type TableCount } from "./derived-sync.ts";
import { type DerivedDeclaration, FACT_TABLES } from "./derived-tables.ts";
import { holdSnapshot, type SnapshotHold } from "./held-snapshot.ts";
import { roundReaches, roundUnderway } from "./round-underway.ts";
import { localDate } from "./time-zone.ts";
import { atWatermark } from "./watermark.ts";

// Keeps every report's derived tables up to date in the background, so that a report opened while data pours
// in reads recent tables instead of first catching up on what arrived a moment ago (sync-policy.ts). It looks
// at the database's write generation every `intervalMs` and, when anything was written since its last round,
// runs a round: every registered sync, all to one watermark (the facts' counts when the round began), so that
// after a round every derived table holds the same facts and a report reading several of them finds them in
// step (read-at-one-moment.ts). After each round it holds a snapshot of the tables as the round left them until
// the next round ends: a report that finds its tables apart meanwhile reads there. The first round runs at once,
// so a restart or a large import is taken in before the first person opens a report.
// While data keeps pouring in, a round that took d ms runs again no sooner than PAUSE_FACTOR × d later (at most
// MAX_PAUSE_MS): the customers' or the journeys' catch-up costs 0.2–0.7 s of CPU at 1× however few rows are
// new, so back to back they kept one of the 2 cores busy and reports waited for it. Until 28 November each
// sync paused on its own and the sales sums ran every interval; they then stood at other facts than the
// customers' tables, and a report reading both had nothing to read in step.
// A write that brought no fact (a promotion saved, a sign-in noted) runs no round: while the facts and
// the day stand where the last round began, it only marks the declarations up to date. Until 29 November every
// such write cost a round (0,4–0,9 s of CPU at the browser tests' small chain, two rounds per write as the
// first one's own bookkeeping counted as a write), and reports read the slow way until it ended.

/** After a round that took d ms, the next one waits PAUSE_FACTOR × d: it gets at most a third of the time. */
export const PAUSE_FACTOR = 2;
/**
 * The longest pause: a request reads tables whose last sync began up to STALE_MS (60 s, sync-policy.ts) ago;
 * a round took up to 20 s at 10× while plate reads poured in, and 20 + 4 stays well below that.
 */
export const MAX_PAUSE_MS = 4_000;

export interface DerivedRefresher {
  /** Stops looking and waits for the round under way: after it, nothing touches the database. */
  stop: () => Promise<void>;
  /** Whether a first round has brought every report table up to date since the start (/readyz asks). */
  built: () => boolean;
  /** Settles when that first round is done: work that reads the report tables at a start waits for it. */
  firstRound: Promise<void>;
}

export function startDerivedRefresher(
  db: Database,
  options: {
    declarations: readonly DerivedDeclaration[];
    /** The fact tables the declarations take in: a round's watermark counts them. */
    facts?: readonly string[];
    intervalMs?: number;
  },
): DerivedRefresher {
  const { declarations, facts = FACT_TABLES } = options;
  const intervalMs = options.intervalMs ?? 500;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // The write generation the last round began at, and when the next may run.
  let seen: number | null = null;
  let nextAt = 0;
  // The facts and the day the last round that succeeded began at: none before the first.
  let lastInput: string | null = null;
  const states = declarations.map(({ bookkeeping }) => bookkeeping.state);
  // The snapshot held since the last round, and the one before it ending.
  let held: SnapshotHold | null = null;
  let releasing: Promise<void> = Promise.resolve();

  // One watermark per round: every sync it runs takes in the facts as they were when it began.
  const round = async () => {
    if (seen === db.writeGeneration || performance.now() < nextAt) return;
    // Taken before the syncs: their own writes raise it, and the next tick finds the same input.
    seen = db.writeGeneration;
    const began = performance.now();
    let input: string;
    try {
      input = await roundInput(db, facts);
      if (input === lastInput && confirmUpToDate(db, states, seen)) return;
      await atWatermark(db, facts, async (watermark) => {
        roundReaches(db, watermark);
        // One after the other, in the declarations' order: each holds a connection for its whole catch-up.
        for (const { sync } of declarations) if (!stopped) await sync(db);
      });
    } catch (error) {
      seen = null;
      lastInput = null;
      throw error;
    }
    lastInput = input;
    // Where this round left them, in step, for the reports that find them apart until the next round ends.
    if (!stopped) {
      const previous = held;
      held = await holdSnapshot(db, declarations);
      releasing = previous?.release() ?? releasing;
    }
    nextAt = performance.now() + Math.min(MAX_PAUSE_MS, PAUSE_FACTOR * (performance.now() - began));
  };
  let running: Promise<void> = Promise.resolve();
  const began = performance.now();
  let first = true;
  let firstDone = () => {};
  const firstRound = new Promise<void>((resolve) => {
    firstDone = resolve;
  });
  const tick = () => {
    running = round();
    roundUnderway(db, running);
    running = running
      .then(() => {
        // After a restart or an upgrade that rebuilds tables this takes minutes at a large chain: say when done.
        if (first && !stopped)
          logger.info(`Rapporttabellen bijgewerkt in ${seconds(performance.now() - began)} s`);
        first = false;
        firstDone();
      })
      .catch((error) => {
        logger.error("report tables not brought up to date", { error });
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };

  setRefreshed(db, true);
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      setRefreshed(db, false);
      await running;
      await Promise.all([releasing, held?.release()]);
    },
    built: () => !first,
    firstRound,
  };
}

// the clock Flow's kept periods move by (segment-counts.ts)
const now = serverClock();

/**
 * What a round takes in: each fact table's rows and its next rowid (new rows raise it, an erasure lowers the
 * rows), and the day, since Flow's kept periods move when it rolls over. Counted after the write generation
 * was taken: the same input means no fact arrived since that generation either.
 */
async function roundInput(db: Database, facts: readonly string[]): Promise<string> {
  const rows = await db.query<{ fact: string } & TableCount>(
    oneRowEach(
      facts.map(
        (table) =>
          `SELECT '${table}' AS fact, count(*) AS rows, coalesce(max(rowid) + 1, 0) AS next FROM ${table}`,
      ),
    ),
  );
  const counts = new Map(rows.map(({ fact, rows, next }) => [fact, { rows, next }]));
  return JSON.stringify({ day: localDate(now()), facts: facts.map((fact) => counts.get(fact)) });
}

const seconds = (ms: number) => (ms / 1000).toLocaleString("nl-NL", { maximumFractionDigits: 1 });
