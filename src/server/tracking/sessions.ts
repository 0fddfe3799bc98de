import type { CollectPayload } from "../../shared/collect.ts";
import { type Attribution, attribution } from "./attribution.ts";
import { parseLanding } from "./channel.ts";

// Web sessions, built in memory as events arrive and written to the database in batches (see store.ts).
// Definitions (DESIGN section 5, as Plausible and GA count them):
// - A session is the activity of one visitor without a gap of 30 minutes: an event 29:59 after the
//   previous one continues it, one at 30:00 starts a new session.
// - Landing page: the path of the session's first event; exit page: the path of its last pageview.
// - Time on page: the visible time the tracker reports in "leave" events, added up per pageview.
// - Bounce: a session with at most one pageview and no interactive event (conversion or voucher claim;
//   an experiment exposure is not interactive). Duration is last activity − start, and 0 for a bounce.
// - Where the visitor came from (attribution.ts) is taken once, from the session's first event.

export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

/** A visitor's ids as the tracker matches them to sessions (visitor-id.ts works them out). */
export interface VisitorIds {
  /** The id under today's salt. */
  current: string;
  /** The id under yesterday's salt, to continue a session that started before midnight; null if unknown. */
  previous: string | null;
}

const DEFAULT_MAX_SESSIONS = 200_000;
/** Pages per session whose time-on-page is still tracked; a very long session forgets its oldest. */
const MAX_PAGES_PER_SESSION = 50;

export interface Page {
  path: string;
  viewedAt: number;
  engagedMs: number;
  stored: boolean;
}

export interface Session extends Attribution {
  /** The database id, known once the session has been stored. */
  id: number | null;
  visitorId: string;
  hostname: string;
  startedAt: number;
  lastAt: number;
  landingPath: string;
  exitPath: string;
  pageviews: number;
  interactiveEvents: number;
  stored: boolean;
  pages: Map<string, Page>;
  /** "key\nvariant" of the exposures already recorded: an exposure counts once per session. */
  exposures: Set<string>;
}

export interface SessionRow {
  session: Session;
  insert: boolean;
  endedAt: number;
  exitPath: string;
  pageviews: number;
  interactiveEvents: number;
  durationSeconds: number;
  isBounce: boolean;
}

export interface PageviewRow {
  session: Session;
  visitorId: string;
  viewedAt: number;
  path: string;
  engagedSeconds: number | null;
}

export interface EventRow {
  session: Session;
  visitorId: string;
  occurredAt: number;
  kind: "conversion" | "voucher" | "experiment";
  path: string;
  revenueCents: number | null;
  voucherCode: string | null;
  experimentKey: string | null;
  variantKey: string | null;
}

/** What changed since the previous takeChanges(), as rows to write. */
export interface Changes {
  sessions: SessionRow[];
  newPageviews: PageviewRow[];
  /** Stored pageviews whose time on page grew. */
  pageviewUpdates: PageviewRow[];
  events: EventRow[];
}

export const isBounce = (s: Pick<Session, "pageviews" | "interactiveEvents">) =>
  s.pageviews <= 1 && s.interactiveEvents === 0;

export class SessionTracker {
  /** The latest session per visitor id, least recently active first. */
  private readonly sessions = new Map<string, Session>();
  private changedSessions = new Set<Session>();
  private newPages: [Session, Page][] = [];
  private changedPages = new Map<Page, Session>();
  private events: EventRow[] = [];
  private readonly maxSessions: number;

  constructor(private readonly options: { ownHosts: string[]; maxSessions?: number }) {
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  }

  /** Applies one event; false when it was dropped (a leave event without a session to belong to). */
  record(event: CollectPayload, ids: VisitorIds, at: number): boolean {
    const path = parseLanding(event.url).path;
    let session = this.active(ids.current, at) ?? (ids.previous ? this.active(ids.previous, at) : null);
    if (!session) {
      // Leaving a page of a session that has ended adds nothing a report could use.
      if (event.type === "leave") return false;
      session = this.start(event, ids.current, path, at);
    }
    session.lastAt = Math.max(session.lastAt, at);
    this.touch(session);

    switch (event.type) {
      case "pageview": {
        session.pageviews++;
        session.exitPath = path;
        const page: Page = { path, viewedAt: at, engagedMs: 0, stored: false };
        session.pages.delete(path);
        session.pages.set(path, page);
        if (session.pages.size > MAX_PAGES_PER_SESSION) {
          session.pages.delete(session.pages.keys().next().value as string);
        }
        this.newPages.push([session, page]);
        break;
      }
      case "leave": {
        const page = session.pages.get(path);
        if (page) {
          page.engagedMs += event.engagedMs;
          if (page.stored) this.changedPages.set(page, session);
        }
        break;
      }
      case "experiment": {
        // Experiment and variant keys are lower case in Wasbord; a site writing "Hero-B" means "hero-b".
        const key = event.experiment.key.toLowerCase();
        const variant = event.experiment.variant.toLowerCase();
        const exposure = `${key}\n${variant}`;
        if (!session.exposures.has(exposure)) {
          session.exposures.add(exposure);
          this.addEvent(session, at, path, "experiment", { experimentKey: key, variantKey: variant });
        }
        break;
      }
      case "conversion":
        session.interactiveEvents++;
        this.addEvent(session, at, path, "conversion", {
          revenueCents: event.value === undefined ? null : Math.round(event.value * 100),
        });
        break;
      case "voucher":
        session.interactiveEvents++;
        this.addEvent(session, at, path, "voucher", { voucherCode: event.voucher });
        break;
    }
    this.changedSessions.add(session);
    return true;
  }

  /** The rows to write for everything recorded since the last call; afterwards all of it counts as stored. */
  takeChanges(): Changes {
    const sessions = [...this.changedSessions].map((session): SessionRow => {
      const bounce = isBounce(session);
      return {
        session,
        insert: !session.stored,
        endedAt: session.lastAt,
        exitPath: session.exitPath,
        pageviews: session.pageviews,
        interactiveEvents: session.interactiveEvents,
        durationSeconds: bounce ? 0 : Math.round((session.lastAt - session.startedAt) / 1000),
        isBounce: bounce,
      };
    });
    const pageviewUpdates = [...this.changedPages].map(([page, session]) => pageviewRow(session, page));
    const newPageviews = this.newPages.map(([session, page]) => pageviewRow(session, page));
    const changes = { sessions, newPageviews, pageviewUpdates, events: this.events };
    for (const session of this.changedSessions) session.stored = true;
    for (const [, page] of this.newPages) page.stored = true;
    this.changedSessions = new Set();
    this.newPages = [];
    this.changedPages = new Map();
    this.events = [];
    return changes;
  }

  /** Forgets sessions that have ended; they need no more memory. */
  sweep(now: number): void {
    for (const [visitorId, session] of this.sessions) {
      if (now - session.lastAt < SESSION_TIMEOUT_MS) break;
      this.sessions.delete(visitorId);
    }
  }

  /** Replaces everything in memory, e.g. with the sessions still active in the database after a restart. */
  reset(active: Session[] = []): void {
    this.sessions.clear();
    this.changedSessions = new Set();
    this.newPages = [];
    this.changedPages = new Map();
    this.events = [];
    for (const session of [...active].sort((a, b) => a.lastAt - b.lastAt)) {
      this.sessions.set(session.visitorId, session);
    }
  }

  get size(): number {
    return this.sessions.size;
  }

  private active(visitorId: string, at: number): Session | null {
    const session = this.sessions.get(visitorId);
    return session && at - session.lastAt < SESSION_TIMEOUT_MS ? session : null;
  }

  private touch(session: Session): void {
    this.sessions.delete(session.visitorId);
    this.sessions.set(session.visitorId, session);
  }

  private start(event: CollectPayload, visitorId: string, path: string, at: number): Session {
    if (this.sessions.size >= this.maxSessions) {
      this.sweep(at);
      const oldest = this.sessions.keys().next().value;
      if (this.sessions.size >= this.maxSessions && oldest !== undefined) this.sessions.delete(oldest);
    }
    const session: Session = {
      id: null,
      visitorId,
      hostname: new URL(event.url).hostname,
      startedAt: at,
      lastAt: at,
      landingPath: path,
      exitPath: path,
      pageviews: 0,
      interactiveEvents: 0,
      ...attribution(event, this.options.ownHosts),
      stored: false,
      pages: new Map(),
      exposures: new Set(),
    };
    this.sessions.set(visitorId, session);
    return session;
  }

  private addEvent(
    session: Session,
    at: number,
    path: string,
    kind: EventRow["kind"],
    fields: Partial<Pick<EventRow, "revenueCents" | "voucherCode" | "experimentKey" | "variantKey">>,
  ): void {
    this.events.push({
      session,
      visitorId: session.visitorId,
      occurredAt: at,
      kind,
      path,
      revenueCents: null,
      voucherCode: null,
      experimentKey: null,
      variantKey: null,
      ...fields,
    });
  }
}

const pageviewRow = (session: Session, page: Page): PageviewRow => ({
  session,
  visitorId: session.visitorId,
  viewedAt: page.viewedAt,
  path: page.path,
  engagedSeconds: page.engagedMs > 0 ? Math.round(page.engagedMs / 1000) : null,
});
