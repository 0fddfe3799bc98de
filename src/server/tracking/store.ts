import type { Database, Queryable } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import { collectEvents } from "../metrics/metrics.ts";
import { FIXED_AT_START, micros, writeChanges } from "./batch-sql.ts";
import { GroupCommit } from "./group-commit.ts";
import { SESSION_TIMEOUT_MS, type Session, type SessionRow, type SessionTracker } from "./sessions.ts";
import { localDay } from "./visitor-id.ts";

// Writes what the session tracker recorded. Requests are answered only after their events are committed
// (acknowledged data survives a crash), and to keep that affordable every request waiting at the same moment
// shares one transaction (group-commit.ts).

export type Outcome = "stored" | "bot" | "rate_limited" | "origin_refused" | "malformed";

const COUNTS_DELAY_MS = 1000;
const ID_BLOCK = 1000;

export class CollectStore {
  private readonly batches = new GroupCommit(() => this.write());
  private counts = new Map<string, number>();
  private loaded: Promise<void> | null = null;
  private countsTimer: NodeJS.Timeout | null = null;
  /** Session ids taken from the sequence ahead of need: one query per block instead of one per batch. */
  private ids: number[] = [];

  constructor(
    private readonly db: Database,
    private readonly tracker: SessionTracker,
    private readonly now: () => number,
  ) {}

  /** Sessions still active in the database (after a restart) continue instead of starting again. */
  ready(): Promise<void> {
    this.loaded ??= activeSessions(this.db, this.now()).then((sessions) => this.tracker.reset(sessions));
    this.loaded.catch(() => {
      this.loaded = null;
    });
    return this.loaded;
  }

  count(outcome: Outcome, at: number): void {
    collectEvents.inc({ outcome });
    const key = `${localDay(at)}\n${outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    // Counters are written once a second, apart from the events: a crash may lose a second of counting.
    this.countsTimer ??= setTimeout(() => void this.writeCounts(), COUNTS_DELAY_MS).unref();
  }

  /** Resolves once everything recorded before the call is committed (group-commit.ts). */
  flush(): Promise<void> {
    return this.batches.commit();
  }

  /** At shutdown: writes what is still in memory, the events and the counters waiting for their timer. */
  async drain(): Promise<void> {
    await this.flush();
    if (this.countsTimer) clearTimeout(this.countsTimer);
    if (this.counts.size > 0) await this.writeCounts();
  }

  /** Periodic upkeep: forget sessions that have ended. */
  maintain(): void {
    this.tracker.sweep(this.now());
  }

  private async writeCounts(): Promise<void> {
    this.countsTimer = null;
    const counts = this.counts;
    this.counts = new Map();
    try {
      await this.db.transaction((tx) => upsertCounts(tx, counts));
    } catch (error) {
      // Shutdown drains the counters before closing; a database closed first (a test's) takes none again.
      if (this.db.isClosed) return;
      logger.warn("tracking counts not stored, retrying", { error });
      for (const [key, events] of counts) this.counts.set(key, (this.counts.get(key) ?? 0) + events);
      this.countsTimer ??= setTimeout(() => void this.writeCounts(), COUNTS_DELAY_MS).unref();
    }
  }

  /** Ids for the sessions new in this batch, taken outside its transaction so a rollback cannot reuse them. */
  private async assignIds(rows: SessionRow[]): Promise<void> {
    const fresh = rows.filter((row) => row.insert);
    if (this.ids.length < fresh.length) {
      const block = await this.db.query<{ id: number }>(
        "SELECT nextval('web_sessions_id_seq') AS id FROM range($1)",
        [Math.max(ID_BLOCK, fresh.length)],
      );
      this.ids.push(...block.map((row) => row.id));
    }
    for (const row of fresh) row.session.id = this.ids.shift() as number;
  }

  private async write(): Promise<void> {
    const changes = this.tracker.takeChanges();
    if (changes.sessions.length === 0) return;
    try {
      await this.assignIds(changes.sessions);
      // One transaction for the whole batch (batch-sql.ts); a statement that fails rolls back all of it.
      await this.db.withConnection((connection) => writeChanges(connection, changes));
    } catch (error) {
      // Memory no longer matches the database: start again from what it holds.
      this.loaded = null;
      await this.ready().catch(() => this.tracker.reset());
      throw error;
    }
  }
}

async function upsertCounts(tx: Queryable, counts: Map<string, number>): Promise<void> {
  for (const [key, events] of counts) {
    const [day, outcome] = key.split("\n");
    await tx.run(
      `INSERT INTO tracking_counts (day, outcome, events) VALUES ($1::DATE, $2, $3)
       ON CONFLICT (day, outcome) DO UPDATE SET events = tracking_counts.events + excluded.events`,
      [day, outcome, events],
    );
  }
}

async function activeSessions(db: Database, now: number): Promise<Session[]> {
  const rows = await db.query<Omit<Session, "stored" | "pages" | "exposures">>(
    `SELECT id, epoch_ms(started_at) AS "startedAt", epoch_ms(ended_at) AS "lastAt", exit_path AS "exitPath",
       pageviews, interactive_events AS "interactiveEvents",
       ${FIXED_AT_START.map(([name, field]) => `${name} AS "${field}"`).join(", ")}
     FROM web_sessions WHERE ended_at > make_timestamptz($1::BIGINT)`,
    [micros(now - SESSION_TIMEOUT_MS)],
  );
  // Time on page of pages shown before the restart is not tracked further; an exposure may repeat once.
  return rows.map((row) => ({ ...row, stored: true, pages: new Map(), exposures: new Set() }));
}
