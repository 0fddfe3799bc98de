import {
  BIGINT,
  BOOLEAN,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
  INTEGER,
  VARCHAR,
} from "@duckdb/node-api";
import type { Database, Queryable } from "../db/database.ts";
import { type BatchColumn, unnestRelation } from "../ingest/unnest.ts";
import { logger } from "../logging/logger.ts";
import { collectEvents } from "../metrics/metrics.ts";
import {
  type Changes,
  type EventRow,
  type PageviewRow,
  SESSION_TIMEOUT_MS,
  type Session,
  type SessionRow,
  type SessionTracker,
} from "./sessions.ts";
import { localDay } from "./visitor-id.ts";

// Writes what the session tracker recorded. Requests are answered only after their events are committed
// (acknowledged data survives a crash), and to keep that affordable every request waiting at the same moment
// shares one transaction ("group commit"): while one batch is being written, the events arriving meanwhile
// gather for the next.

export type Outcome = "stored" | "bot" | "rate_limited" | "origin_refused" | "malformed";

const micros = (ms: number) => BigInt(ms) * 1000n;
const TIMESTAMP = "make_timestamptz(?)";
const COUNTS_DELAY_MS = 1000;
const ID_BLOCK = 1000;

export class CollectStore {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
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

  /** Resolves once everything recorded before the call is committed. */
  flush(): Promise<void> {
    if (!this.running) {
      this.running = this.write().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // The running batch was cut before this call: wait for it, then write the next one.
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.flush();
      });
    return this.queued;
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
      await this.db.transaction((_tx, connection) => writeChanges(connection, changes));
    } catch (error) {
      // Memory no longer matches the database: start again from what it holds.
      this.loaded = null;
      await this.ready().catch(() => this.tracker.reset());
      throw error;
    }
  }
}

function column<T>(
  rows: T[],
  name: string,
  type: DuckDBType,
  pick: (row: T) => DuckDBValue,
  convert?: string,
) {
  return { name, type, values: rows.map(pick), convert } satisfies BatchColumn;
}

const sessionId = (row: { session: Session }) => BigInt(row.session.id as number);

function sessionFigures(rows: SessionRow[]): BatchColumn[] {
  return [
    column(rows, "id", BIGINT, sessionId),
    column(rows, "ended_at", BIGINT, (row) => micros(row.endedAt), TIMESTAMP),
    column(rows, "exit_path", VARCHAR, (row) => row.exitPath),
    column(rows, "pageviews", INTEGER, (row) => row.pageviews),
    column(rows, "interactive_events", INTEGER, (row) => row.interactiveEvents),
    column(rows, "duration_seconds", INTEGER, (row) => row.durationSeconds),
    column(rows, "is_bounce", BOOLEAN, (row) => row.isBounce),
  ];
}

/** Text columns of a session that are set when it starts and never change. */
const FIXED_AT_START = [
  ["referrer", "referrer"],
  ["referrer_host", "referrerHost"],
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_content", "utmContent"],
  ["utm_term", "utmTerm"],
  ["gclid", "gclid"],
  ["fbclid", "fbclid"],
  ["channel", "channel"],
  ["device", "device"],
  ["visitor_id", "visitorId"],
  ["hostname", "hostname"],
  ["landing_path", "landingPath"],
] as const;

function pageviewColumns(rows: PageviewRow[]): BatchColumn[] {
  return [
    column(rows, "session_id", BIGINT, sessionId),
    column(rows, "visitor_id", VARCHAR, (row) => row.visitorId),
    column(rows, "viewed_at", BIGINT, (row) => micros(row.viewedAt), TIMESTAMP),
    column(rows, "path", VARCHAR, (row) => row.path),
    column(rows, "engaged_seconds", INTEGER, (row) => row.engagedSeconds),
  ];
}

function eventColumns(rows: EventRow[]): BatchColumn[] {
  return [
    column(rows, "session_id", BIGINT, sessionId),
    column(rows, "visitor_id", VARCHAR, (row) => row.visitorId),
    column(rows, "occurred_at", BIGINT, (row) => micros(row.occurredAt), TIMESTAMP),
    column(rows, "kind", VARCHAR, (row) => row.kind),
    column(rows, "path", VARCHAR, (row) => row.path),
    column(rows, "revenue_cents", BIGINT, (row) =>
      row.revenueCents === null ? null : BigInt(row.revenueCents),
    ),
    column(rows, "voucher_code", VARCHAR, (row) => row.voucherCode),
    column(rows, "experiment_key", VARCHAR, (row) => row.experimentKey),
    column(rows, "variant_key", VARCHAR, (row) => row.variantKey),
  ];
}

async function insert(connection: DuckDBConnection, table: string, columns: BatchColumn[]): Promise<void> {
  if (columns[0].values.length === 0) return;
  const relation = unnestRelation(columns);
  await connection.run(
    `INSERT INTO ${table} BY NAME SELECT * FROM ${relation.sql}`,
    relation.values,
    relation.types,
  );
}

/** An UPDATE … FROM a batch, bounded below by a time so that DuckDB skips the row groups before it. */
async function update(
  connection: DuckDBConnection,
  columns: BatchColumn[],
  since: number,
  sql: (relation: string, sinceParam: string) => string,
): Promise<void> {
  if (columns[0].values.length === 0) return;
  const relation = unnestRelation(columns);
  await connection.run(
    sql(relation.sql, `make_timestamptz($${relation.values.length + 1})`),
    [...relation.values, micros(since)],
    [...relation.types, BIGINT],
  );
}

async function writeChanges(connection: DuckDBConnection, changes: Changes): Promise<void> {
  const inserts = changes.sessions.filter((row) => row.insert);
  const updates = changes.sessions.filter((row) => !row.insert);
  await insert(connection, "web_sessions", [
    ...sessionFigures(inserts),
    column(inserts, "started_at", BIGINT, (row) => micros(row.session.startedAt), TIMESTAMP),
    ...FIXED_AT_START.map(([name, field]) => column(inserts, name, VARCHAR, (row) => row.session[field])),
  ]);
  const set = ["ended_at", "exit_path", "pageviews", "interactive_events", "duration_seconds", "is_bounce"];
  // Sessions and pageviews are appended in time order, which is what makes the lower bounds effective.
  await update(
    connection,
    sessionFigures(updates),
    Math.min(...updates.map((row) => row.session.startedAt)),
    (batch, since) =>
      `UPDATE web_sessions SET ${set.map((name) => `${name} = u.${name}`).join(", ")} FROM ${batch} u
       WHERE web_sessions.id = u.id AND web_sessions.started_at >= ${since}`,
  );
  await insert(connection, "pageviews", pageviewColumns(changes.newPageviews));
  await update(
    connection,
    pageviewColumns(changes.pageviewUpdates),
    Math.min(...changes.pageviewUpdates.map((row) => row.viewedAt)),
    (batch, since) =>
      `UPDATE pageviews SET engaged_seconds = u.engaged_seconds FROM ${batch} u
       WHERE pageviews.session_id = u.session_id AND pageviews.viewed_at = u.viewed_at
         AND pageviews.path = u.path AND pageviews.viewed_at >= ${since}`,
  );
  // An UPDATE leaves the row counts as they were: tell the derived web tables (web-pages-sync.ts) which
  // sessions changed.
  await insert(connection, "web_session_updates", [column(updates, "session_id", BIGINT, sessionId)]);
  await insert(connection, "pageview_engaged_updates", [
    column(changes.pageviewUpdates, "session_id", BIGINT, sessionId),
  ]);
  await insert(connection, "web_events", eventColumns(changes.events));
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
