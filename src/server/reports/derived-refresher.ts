import type { Database } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import type { DerivedSync } from "./define-report.ts";
import { setRefreshed } from "./derived-sync.ts";
import { DERIVED_SYNCS } from "./registry.ts";

// Keeps every report's derived tables up to date in the background, so that a report opened while data pours
// in reads recent tables instead of first catching up on what arrived a moment ago (sync-policy.ts). It looks
// at the database's write generation every `intervalMs` and, when anything was written since its last round,
// runs every registered sync: the first round at once, so a restart or a large import is taken in before the
// first person opens a report.

export interface DerivedRefresher {
  /** Stops looking and waits for the round under way: after it, nothing touches the database. */
  stop: () => Promise<void>;
}

export function startDerivedRefresher(
  db: Database,
  options: { syncs?: readonly DerivedSync[]; intervalMs?: number } = {},
): DerivedRefresher {
  const syncs = options.syncs ?? DERIVED_SYNCS;
  const intervalMs = options.intervalMs ?? 500;
  let seen: number | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const round = async () => {
    if (seen === db.writeGeneration) return;
    // Taken before the syncs: their own writes raise it, which costs one more round that finds nothing new.
    seen = db.writeGeneration;
    // One after the other: each holds a connection of the pool for its whole catch-up.
    for (const sync of syncs) {
      if (stopped) return;
      await sync(db);
    }
  };
  let running: Promise<void> = Promise.resolve();
  const began = performance.now();
  let first = true;
  const tick = () => {
    running = round()
      .then(() => {
        // After a restart or an upgrade that rebuilds tables this takes minutes at a large chain: say when done.
        if (first && !stopped)
          logger.info(`Rapporttabellen bijgewerkt in ${seconds(performance.now() - began)} s`);
        first = false;
      })
      .catch((error) => {
        seen = null;
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
    },
  };
}

const seconds = (ms: number) => (ms / 1000).toLocaleString("nl-NL", { maximumFractionDigits: 1 });
