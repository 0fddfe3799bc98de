import type { Database } from "../../db/database.ts";
import { createApiKey, revokeApiKey } from "../../ingest/api-keys.ts";
import { logger } from "../../logging/logger.ts";
import { liveCatalog } from "./catalog.ts";
import { type DayPlan, planDay } from "./day-plan.ts";
import { startLiveForecasts } from "./forecast.ts";
import { LiveSenders } from "./senders.ts";
import type { Timed } from "./timed.ts";

// The living demo: while the app runs in demo mode, the demo chain keeps washing. Every few seconds the
// cameras, tills and website visitors of the day's plan whose moment has come send their data through the
// public interfaces. On start the gap since the newest data (the end of the generated history, or of the
// last run) is caught up, for cameras and tills: /api/collect stamps events with the server's own
// clock, so website visits can only be sent live.

export const LIVE_KEY_NAME = "Live demo (simulator)";
const TICK_MS = 5000;
/** A demo left for longer is caught up over its last month only. */
const MAX_CATCH_UP_MS = 31 * 86_400_000;

export interface LiveDemoOptions {
  db: Database;
  /** The running server, e.g. http://127.0.0.1:3000. */
  url: string;
  seed: number;
  scale: number;
  /** Aborted when the server stops: the simulator sends nothing more, and what is on its way is cut off. */
  signal: AbortSignal;
}

/** A day's rows of one kind, and how far they have been sent. */
class Queue<T> {
  private next = 0;

  constructor(private readonly rows: Timed<T>[]) {}

  /**
   * Sends the rows due up to `until` (skipping those before `after`), marked sent once `send` succeeds;
   * returns what `send` counted as stored.
   */
  async flush(until: number, send: (rows: T[]) => Promise<number>, after = -1): Promise<number> {
    let end = this.next;
    while (end < this.rows.length && this.rows[end].at <= until) end++;
    const due = this.rows.slice(this.next, end).filter((r) => r.at > after);
    const stored = due.length > 0 ? await send(due.map((r) => r.row)) : 0;
    this.next = end;
    return stored;
  }

  /** Drops what is due up to `until` unsent. */
  skip(until: number): void {
    while (this.next < this.rows.length && this.rows[this.next].at <= until) this.next++;
  }
}

interface Today {
  plan: DayPlan;
  reads: Queue<DayPlan["plateReads"][number]["row"]>;
  sales: Queue<DayPlan["transactions"][number]["row"]>;
  memberships: Queue<DayPlan["memberships"][number]["row"]>;
  web: Queue<DayPlan["web"][number]["row"]>;
}

/** Starts the simulator; returns a function that stops it. */
export async function startLiveDemo(options: LiveDemoOptions): Promise<() => void> {
  const { db } = options;
  for (const old of await db.query<{ id: number }>(
    "SELECT id FROM api_keys WHERE name = $1 AND revoked_at IS NULL",
    [LIVE_KEY_NAME],
  )) {
    await revokeApiKey(db, old.id);
  }
  const key = await createApiKey(db, { name: LIVE_KEY_NAME, scope: "all" });
  const senders = new LiveSenders(options.url, key.secret, options.signal);
  const { catalog, codes } = await liveCatalog(db);
  const plan = async (moment: number): Promise<Today> => {
    // Members that ended (in the history, or on a day sent before) have nothing more to say.
    const ended = await db.query<{ member: string }>(
      "SELECT DISTINCT member_id AS member FROM membership_events WHERE type = 'cancel'",
    );
    const endedMembers = new Set(ended.map((row) => row.member));
    const day = planDay(new Date(moment), {
      seed: options.seed,
      scale: options.scale,
      catalog,
      codes,
      endedMembers,
    });
    return {
      plan: day,
      reads: new Queue(day.plateReads),
      sales: new Queue(day.transactions),
      memberships: new Queue(day.memberships),
      web: new Queue(day.web),
    };
  };
  const send = async (today: Today, until: number, after?: number) => {
    const reads = await today.reads.flush(until, (rows) => senders.plateReads(rows), after);
    const sales = await today.sales.flush(until, (rows) => senders.transactions(rows), after);
    const memberships = await today.memberships.flush(until, (rows) => senders.memberships(rows), after);
    return { reads, sales, memberships };
  };

  // Catch up, day by day, from where the cameras or the tills stopped (whichever is earlier) to now. What
  // was sent before comes again with the same event ids and is skipped as a duplicate.
  const [{ latest }] = await db.query<{ latest: string | null }>(
    `SELECT least((SELECT max(read_at) FROM plate_reads WHERE read_at <= now()),
      (SELECT max(occurred_at) FROM transactions WHERE occurred_at <= now())) AS latest`,
  );
  const started = Date.now();
  const from = Math.max(latest ? Date.parse(latest) : started, started - MAX_CATCH_UP_MS);
  let today = await plan(from);
  const caughtUp = { reads: 0, sales: 0, memberships: 0 };
  while (!options.signal.aborted) {
    const sent = await send(today, started, from);
    caughtUp.reads += sent.reads;
    caughtUp.sales += sent.sales;
    caughtUp.memberships += sent.memberships;
    if (today.plan.endMs > started) break;
    today = await plan(today.plan.endMs);
  }
  if (options.signal.aborted) return () => {};
  today.web.skip(started);
  logger.info(
    `Live demo: ${caughtUp.reads.toLocaleString("nl-NL")} kentekenlezingen, ${caughtUp.sales.toLocaleString("nl-NL")} transacties en ${caughtUp.memberships.toLocaleString("nl-NL")} abonnementsgebeurtenissen ingehaald sinds ${new Date(from).toISOString()}; de keten leeft (DEMO_LIVE=false zet dit uit)`,
  );

  const sites = [...codes.sites.values()];
  startLiveForecasts({
    seed: options.seed,
    sites,
    send: (rows) => senders.weather(rows),
    signal: options.signal,
  });

  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = Date.now();
      await send(today, now);
      await today.web.flush(now, async (hits) => {
        for (const hit of hits) await senders.collect(hit);
        return hits.length;
      });
      if (now >= today.plan.endMs) today = await plan(today.plan.endMs);
    } catch (error) {
      // Stopping: the server closes, and what was not sent waits for the next start (its catch-up).
      if (options.signal.aborted) return;
      // A batch was refused, or the server was busy: what was not sent is tried again next tick.
      logger.warn("live demo: sending failed, retrying next tick", { error });
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  options.signal.addEventListener("abort", () => clearInterval(timer), { once: true });
  return () => clearInterval(timer);
}
