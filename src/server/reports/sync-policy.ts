// When a report request brings its derived tables up to date itself, and when it reads them as the
// background refresher (derived-refresher.ts) last left them. Why: while cameras pour in 20 000 reads/s,
// catching up inline made every request wait for seconds of work on rows that arrived a moment ago (the
// dashboard's p95 went from 131 ms at rest to 5.5 s). A handful of new rows costs milliseconds to take in,
// so a quiet system, and every test that writes a fixture and then reads a report, still sees all of it.

/** Up to this many new fact rows, a request takes them in itself: a catch-up of this size costs milliseconds. */
export const INLINE_ROWS = 5_000;

/**
 * How old the derived tables a request reads without catching up may be, counted from the start of the last
 * sync that finished: the refresher runs one within a second of writes, so this is only reached when it
 * falls behind, and then a request waits rather than show older figures.
 */
export const STALE_MS = 5_000;

export interface SyncSituation {
  /** Fact rows added (or removed) since the derived tables were last brought up to date. */
  newRows: number;
  /** Milliseconds since the last successful sync began; null when none finished yet. */
  sinceSyncMs: number | null;
  /** Whether a refresher keeps this database's derived tables up to date in the background. */
  refreshed: boolean;
}

/** True when the request must bring the derived tables up to date before it reads them. */
export function requestCatchesUp(situation: SyncSituation): boolean {
  if (situation.newRows <= INLINE_ROWS) return true;
  if (!situation.refreshed || situation.sinceSyncMs === null) return true;
  return situation.sinceSyncMs > STALE_MS;
}
