import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import type { CollectPayload } from "../../shared/collect.ts";
import type { Database } from "../db/database.ts";
import { SessionTracker } from "./sessions.ts";
import { CollectStore } from "./store.ts";

// Group commit against a real DuckDB file: many requests share one write, each is acknowledged only once
// its event is committed, and a failed write acknowledges none of its batch.

const SITE = "https://www.wasbord.example";
const T0 = Date.parse("2026-11-20T10:00:00Z");

let dir: string;
let db: Database;
let tracker: SessionTracker;
let store: CollectStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-group-commit-"));
  db = await migratedDatabase(join(dir, "wasbord.duckdb"));
  tracker = new SessionTracker({ ownHosts: ["www.wasbord.example"] });
  store = new CollectStore(db, tracker, () => T0);
  await store.ready();
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = { site: "www.wasbord.example", referrer: null, width: 1440 };
const pageview = (path: string): CollectPayload => ({ ...base, type: "pageview", url: `${SITE}${path}` });
const conversion = (cents: number): CollectPayload => ({
  ...base,
  type: "conversion",
  url: `${SITE}/bedankt`,
  value: cents / 100,
});

/** What a request does after validating its event: record it, then wait for the commit. */
const collect = (visitor: number, event: CollectPayload, at: number) => {
  tracker.record(event, { current: `visitor-${visitor}`, previous: null }, at);
  return store.flush();
};

const count = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${table}`))[0].n;

describe("group commit of collected events", () => {
  it("stores every one of many concurrent events, in a few shared transactions", async () => {
    const generation = db.writeGeneration;
    const requests: Promise<void>[] = [];
    for (let visitor = 0; visitor < 100; visitor++) {
      requests.push(collect(visitor, pageview("/"), T0 + visitor));
      requests.push(collect(visitor, pageview("/prijzen"), T0 + 1000 + visitor));
      requests.push(collect(visitor, conversion(2495), T0 + 2000 + visitor));
    }
    await Promise.all(requests);

    expect(await count("web_sessions")).toBe(100);
    expect(await count("pageviews")).toBe(200);
    expect(await count("web_events")).toBe(100);
    const [figures] = await db.query<{ pageviews: number; interactive: number }>(
      "SELECT sum(pageviews)::INTEGER AS pageviews, sum(interactive_events)::INTEGER AS interactive FROM web_sessions",
    );
    expect(figures).toEqual({ pageviews: 200, interactive: 100 });
    // The first call writes its own event at once; the 299 after it wait for it and share the next write.
    expect(db.writeGeneration - generation).toBeLessThanOrEqual(4);
  });

  it("keeps each visitor's events in order under the right session, ids in the order sessions began", async () => {
    await Promise.all([
      collect(1, pageview("/a"), T0),
      collect(2, pageview("/x"), T0 + 1),
      collect(1, pageview("/b"), T0 + 2),
      collect(3, pageview("/p"), T0 + 3),
      collect(2, conversion(500), T0 + 4),
      collect(1, pageview("/c"), T0 + 5),
    ]);

    const sessions = await db.query<{ id: number; landing: string; exit: string; pageviews: number }>(
      `SELECT id::INTEGER AS id, landing_path AS landing, exit_path AS exit, pageviews
       FROM web_sessions ORDER BY started_at`,
    );
    expect(sessions.map(({ landing, exit, pageviews }) => [landing, exit, pageviews])).toEqual([
      ["/a", "/c", 3],
      ["/x", "/x", 1],
      ["/p", "/p", 1],
    ]);
    const ids = sessions.map((session) => session.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const pages = await db.query<{ id: number; path: string }>(
      "SELECT session_id::INTEGER AS id, path FROM pageviews ORDER BY viewed_at",
    );
    expect(pages).toEqual([
      { id: ids[0], path: "/a" },
      { id: ids[1], path: "/x" },
      { id: ids[0], path: "/b" },
      { id: ids[2], path: "/p" },
      { id: ids[0], path: "/c" },
    ]);
    expect(
      await db.query("SELECT session_id::INTEGER AS id, revenue_cents::INTEGER AS cents FROM web_events"),
    ).toEqual([{ id: ids[1], cents: 500 }]);
  });

  it("answers every request of a failed write with its error and stores none of that batch", async () => {
    await collect(0, pageview("/"), T0);
    // The last table of a batch refuses its rows: everything before it in the transaction must go too.
    await db.run("ALTER TABLE web_events RENAME TO web_events_away");
    await db.run("CREATE TABLE web_events AS SELECT *, NULL::INTEGER AS refuse FROM web_events_away LIMIT 0");
    await db.run("ALTER TABLE web_events ALTER refuse SET NOT NULL");
    const outcomes = await Promise.allSettled([
      collect(0, pageview("/prijzen"), T0 + 1),
      collect(1, pageview("/"), T0 + 2),
      collect(1, conversion(1000), T0 + 3),
      collect(2, conversion(2000), T0 + 4),
    ]);
    // The first call's batch holds only its own pageview and is stored; the three after it share the failed one.
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
    ]);
    expect(await count("web_sessions")).toBe(1);
    expect(await count("pageviews")).toBe(2);

    await db.run("DROP TABLE web_events");
    await db.run("ALTER TABLE web_events_away RENAME TO web_events");
    await collect(1, conversion(3000), T0 + 5);
    expect(await count("web_sessions")).toBe(2);
    expect(await count("web_events")).toBe(1);
    // The tracker started again from the database: visitor 0's stored session continues.
    await collect(0, pageview("/abonnement"), T0 + 6);
    expect(await db.query("SELECT pageviews, exit_path FROM web_sessions ORDER BY started_at")).toEqual([
      { pageviews: 3, exit_path: "/abonnement" },
      { pageviews: 0, exit_path: "/bedankt" },
    ]);
  });
});
