import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database.ts";
import { createTrackingRouter } from "../../src/server/tracking/routes.ts";
import { migratedDatabase } from "../support/migrated-database.ts";

// The session rules through the real endpoint and database, with the server's clock under the test's control.

const SITE = "https://www.wasbord.nl";
const T0 = Date.parse("2026-11-21T09:00:00Z");
const SEC = 1000;
const MIN = 60 * SEC;

let dir: string;
let db: Database;
const clock = { now: T0 };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-sessions-"));
  db = await migratedDatabase(join(dir, "t.duckdb"));
});

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh router is what a restarted server has: nothing in memory. */
const startCollector = () =>
  createTrackingRouter({ db, config: { trackingOrigins: [SITE], trustedProxies: [] }, now: () => clock.now });

async function send(
  collector: ReturnType<typeof startCollector>,
  at: number,
  body: Record<string, unknown>,
  ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36",
) {
  clock.now = at;
  const response = await collector.request("/api/collect", {
    method: "POST",
    headers: { origin: SITE, "user-agent": ua },
    body: JSON.stringify({ site: "wasbord.nl", referrer: null, width: 390, ...body }),
  });
  expect(response.status).toBe(202);
}

/** The sessions of the visitor who viewed `path`. */
const sessionsOf = (path: string) =>
  db.query(
    `SELECT s.landing_path, s.exit_path, s.pageviews, s.duration_seconds, s.is_bounce, s.device,
       strftime(s.started_at, '%H:%M:%S') AS started, strftime(s.ended_at, '%H:%M:%S') AS ended
     FROM web_sessions s WHERE s.visitor_id IN (SELECT visitor_id FROM pageviews WHERE path = $1)
     ORDER BY s.started_at`,
    [path],
  );

describe("sessions in the database", () => {
  it("continues a session 29:59 after the last event and starts a new one at 30:00", async () => {
    const collector = startCollector();
    const ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 a";
    await send(collector, T0, { type: "pageview", url: `${SITE}/boundary` }, ua);
    await send(collector, T0 + 29 * MIN + 59 * SEC, { type: "pageview", url: `${SITE}/prijzen` }, ua);
    await send(collector, T0 + 59 * MIN + 59 * SEC, { type: "pageview", url: `${SITE}/boundary` }, ua);
    expect(await sessionsOf("/boundary")).toEqual([
      {
        landing_path: "/boundary",
        exit_path: "/prijzen",
        pageviews: 2,
        duration_seconds: 1799,
        is_bounce: false,
        device: "mobile",
        started: "09:00:00",
        ended: "09:29:59",
      },
      {
        landing_path: "/boundary",
        exit_path: "/boundary",
        pageviews: 1,
        duration_seconds: 0,
        is_bounce: true,
        device: "mobile",
        started: "09:59:59",
        ended: "09:59:59",
      },
    ]);
  });

  it("adds time on page from leave events to the stored pageview and extends the session", async () => {
    const collector = startCollector();
    const ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 b";
    const t = T0 + 2 * 60 * MIN;
    await send(collector, t, { type: "pageview", url: `${SITE}/leave` }, ua);
    await send(collector, t + 20 * SEC, { type: "leave", url: `${SITE}/leave`, engagedMs: 20_000 }, ua);
    await send(collector, t + 90 * SEC, { type: "leave", url: `${SITE}/leave`, engagedMs: 9_600 }, ua);
    const [page] = await db.query("SELECT engaged_seconds FROM pageviews WHERE path = '/leave'");
    expect(page).toEqual({ engaged_seconds: 30 });
    const [session] = await sessionsOf("/leave");
    // One pageview and no interaction: a bounce, whose duration counts as 0 s although it lasted 90 s.
    expect(session).toMatchObject({ is_bounce: true, duration_seconds: 0, ended: "11:01:30" });
  });

  it("continues a session that was active when the server restarted", async () => {
    const ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 c";
    const t = T0 + 4 * 60 * MIN;
    await send(startCollector(), t, { type: "pageview", url: `${SITE}/restart` }, ua);
    const restarted = startCollector();
    await send(restarted, t + 10 * MIN, { type: "pageview", url: `${SITE}/na-herstart` }, ua);
    await send(restarted, t + 11 * MIN, { type: "conversion", url: `${SITE}/bedankt`, value: 12.5 }, ua);
    expect(await sessionsOf("/restart")).toEqual([
      expect.objectContaining({ landing_path: "/restart", exit_path: "/na-herstart", pageviews: 2 }),
    ]);
    const events = await db.query(
      `SELECT e.kind, e.revenue_cents, e.session_id = p.session_id AS same_session
       FROM web_events e JOIN pageviews p ON p.path = '/restart' WHERE e.path = '/bedankt'`,
    );
    expect(events).toEqual([{ kind: "conversion", revenue_cents: 1250, same_session: true }]);
  });
});
