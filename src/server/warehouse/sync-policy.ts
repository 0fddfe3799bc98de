// When a report request brings its derived tables up to date itself, and when it reads them as the
// background refresher (derived-refresher.ts) last left them. Why: while cameras pour in 20 000 reads/s,
// catching up inline made every request wait for seconds of work on rows that arrived a moment ago (the
// dashboard's p95 went from 131 ms at rest to 5.5 s). A few thousand new rows are what a test fixture or a
// quiet chain writes between two requests: those a request takes in itself, so what was just written shows.
// Measured at 1× (the customers' catch-up, the heaviest): 100 and 100 000 new reads cost alike, ~0.3 s of CPU,
// so the bound separates "a fixture was written" from "data pours in", not cheap from dear.

/** Up to this many new fact rows, a request takes them in itself: what was just written shows. */
export const INLINE_ROWS = 5_000;

/**
 * How old the derived tables a request reads without catching up may be, counted from the start of the last
 * sync that finished. The refresher begins one within half a second of writes, so they are usually one round
 * old. At 10× while 20 000–30 000 plate reads/s came in, a round took 7–20 s on 2 cores (the journey, the
 * customers and Flow 2–8 s each) and the next began up to 4 s later: with a 15 s bound most requests waited
 * for a catch-up, and the dashboard's p95 was 8,7 s. A minute keeps them waiting only when the refresher falls
 * far behind; the answer names how old its figures are (syncedUpTo). Past the bound a request waits for the
 * catch-up under way, but for no second one.
 */
export const STALE_MS = 60_000;

export interface SyncSituation {
  /** Fact rows added (or removed) since the derived tables were last brought up to date. */
  newRows: number;
  /** Milliseconds since the last successful sync began; null when none finished yet. */
  sinceSyncMs: number | null;
  /** Whether a refresher keeps this database's derived tables up to date in the background. */
  refreshed: boolean;
  /** Whether a catch-up of these tables is under way (the refresher's or another request's). */
  catchingUp: boolean;
  /** Whether this request already waited for one to finish. */
  waited: boolean;
  /**
   * Whether the request reads another table together with this one that it leaves to the refresher (or waits
   * for): then a few new rows are not taken in either, so that the tables stay as one round left them, in step.
   */
  othersLeft?: boolean;
}

/**
 * What a request does before it reads derived tables: `catch-up` (after any catch-up under way: exact),
 * `wait` for the catch-up under way and then ask again, or `read` what is there.
 */
export function requestSync(s: SyncSituation): "catch-up" | "wait" | "read" {
  if (!s.refreshed) return "catch-up";
  if (s.newRows <= INLINE_ROWS) {
    if (s.sinceSyncMs === null) return "catch-up";
    if (s.othersLeft) return "read";
    // A catch-up under way (the refresher's) takes these rows in: queueing behind it while the request caught
    // up the other tables at once moved those ahead of this one for as long as it ran (5 s at 1× under load).
    return s.catchingUp && !s.waited ? "wait" : "catch-up";
  }
  if (s.sinceSyncMs !== null && s.sinceSyncMs <= STALE_MS) return "read";
  // Older than the bound: the catch-up under way brings them as close as another one would.
  if (s.waited) return "read";
  return s.catchingUp ? "wait" : "catch-up";
}
