import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../../tests/support/migrated-database.ts";
import type { CollectPayload } from "../../../../shared/collect.ts";
import type { Database } from "../../../db/database.ts";
import { SessionTracker } from "../../../tracking/sessions.ts";
import { CollectStore } from "../../../tracking/store.ts";
import { emptyDerived } from "../../additive-sync.ts";
import { syncWebPages, WEB_PAGES } from "./web-pages-sync.ts";

// web_page_sessions must hold what a rebuild from all facts gives, whatever order the facts arrive in and
// also when the collector writes engaged time onto a stored pageview (an UPDATE, not a new row).
// Times are UTC.

let db: Database;
beforeEach(async () => {
  db = await migratedDatabase();
});
afterEach(() => db.close());

/** A time on 5 October 2026 ("10:00:00"), or a whole UTC timestamp ("2026-10-04T20:00:00"). */
const stamp = (at: string) => (at.includes("T") ? `${at}Z` : `2026-10-05T${at}Z`);
const session = (id: number, at: string, channel = "Direct", visitor = `v${id}`) =>
  db.run(
    `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, channel, device)
     VALUES ($1, $2, 'wasbord.nl', $3::TIMESTAMPTZ, $3::TIMESTAMPTZ, '/a', '/a', $4, 'mobile')`,
    [id, visitor, stamp(at), channel],
  );
const view = (id: number, at: string, path: string, engaged: number | null = null) =>
  db.run(
    `INSERT INTO pageviews (session_id, visitor_id, viewed_at, path, engaged_seconds)
     VALUES ($1, $2, $3::TIMESTAMPTZ, $4, $5)`,
    [id, `v${id}`, stamp(at), path, engaged],
  );
const event = (id: number, at: string, kind: "voucher" | "conversion") =>
  db.run(
    `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, voucher_code)
     VALUES ($1, $2, $3::TIMESTAMPTZ, $4, '/b', $5)`,
    [id, `v${id}`, stamp(at), kind, kind === "voucher" ? "CODE" : null],
  );

/** The derived rows as plain values, in a fixed order. */
const rows = () =>
  db.query<Record<string, unknown>>(
    `SELECT session_id::INTEGER AS session, path, pageviews, page_seconds::INTEGER AS seconds, exits, is_first AS first,
       claims, conversions, channel
     FROM web_page_sessions ORDER BY session_id, path`,
  );

/** Every column of every row, in a fixed order. */
const everything = () =>
  db.query<Record<string, unknown>>("SELECT * FROM web_page_sessions ORDER BY session_id, path");

/** web_page_daily as [day, path, channel, then its sums in the table's order], in a fixed order. */
const daily = async () =>
  (
    await db.query<Record<string, unknown>>(
      "SELECT strftime(day, '%m-%d') AS day, * EXCLUDE (day) FROM web_page_daily ORDER BY day, path, channel",
    )
  ).map((r) => Object.values(r).map((value) => (typeof value === "bigint" ? Number(value) : value)));

/** Every column worked out again from all facts, from an empty table. */
async function rebuilt() {
  await emptyDerived(db, WEB_PAGES);
  await syncWebPages(db);
  return everything();
}

const row = (session: number, path: string, figures: Record<string, unknown>) => ({
  session,
  path,
  channel: "Direct",
  claims: 0,
  conversions: 0,
  first: false,
  ...figures,
});

describe("web_page_sessions", () => {
  it("works a session out again when a pageview, an event or the session itself arrives late", async () => {
    await session(1, "10:00:00");
    await view(1, "10:00:00", "/a");
    await view(1, "10:01:00", "/b");
    // session 2's pageview arrives before its session row: nothing to show yet
    await view(2, "11:00:00", "/a", 15);
    await syncWebPages(db);
    // /a: 60 s to the next page; /b: the last page without a report has no time, and is the exit
    expect(await rows()).toEqual([
      row(1, "/a", { pageviews: 1, seconds: 60, exits: 0, first: true }),
      row(1, "/b", { pageviews: 1, seconds: null, exits: 1 }),
    ]);

    // Out of order: a view of /c between /a and /b, a conversion after it, and session 2's row.
    await view(1, "10:00:30", "/c");
    await event(1, "10:00:40", "conversion");
    await session(2, "11:00:00", "Facebook");
    await syncWebPages(db);
    // /a 30 s to /c, /c 30 s to /b; the conversion (10:00:40) followed /a (10:00) and /c (10:00:30), not /b
    const expected = [
      row(1, "/a", { pageviews: 1, seconds: 30, exits: 0, first: true, conversions: 1 }),
      row(1, "/b", { pageviews: 1, seconds: null, exits: 1 }),
      row(1, "/c", { pageviews: 1, seconds: 30, exits: 0, conversions: 1 }),
      row(2, "/a", { pageviews: 1, seconds: 15, exits: 1, first: true, channel: "Facebook" }),
    ];
    expect(await rows()).toEqual(expected);
    const caughtUp = await everything();
    expect(await rebuilt()).toEqual(caughtUp);
  });

  it("caps a page left open and counts a reload as one page with two views", async () => {
    await session(3, "08:00:00");
    await view(3, "08:00:00", "/a", 5000); // engaged 5 000 s → 1 800 s (30 minutes)
    await view(3, "09:30:00", "/d"); // 1 h 30 to the reload: 5 400 s → 1 800 s
    await view(3, "11:00:00", "/d");
    await event(3, "07:59:00", "voucher"); // before every view: follows none
    await syncWebPages(db);
    expect(await rows()).toEqual([
      row(3, "/a", { pageviews: 1, seconds: 1800, exits: 0, first: true }),
      row(3, "/d", { pageviews: 2, seconds: 1800, exits: 1 }),
    ]);
  });

  it("moves a visitor's first-of-the-day flags when an earlier session of that day arrives late", async () => {
    const flags = async () =>
      (
        await db.query<Record<string, unknown>>(
          `SELECT session_id::INTEGER AS s, path, first_of_visitor AS v, first_of_visitor_path AS vp,
             first_of_visitor_channel AS vc, first_timed_of_visitor_path AS tp
           FROM web_page_sessions ORDER BY session_id, path`,
        )
      ).map((r) => `${r.s} ${r.path} ${[r.v, r.vp, r.vc, r.tp].map((f) => (f ? 1 : 0)).join("")}`);
    // visitor w: session 20 at 10:00 (Direct) shows /a (20 s) and /b (no time, its last page)
    await session(20, "10:00:00", "Direct", "w");
    await view(20, "10:00:00", "/a", 20);
    await view(20, "10:05:00", "/b");
    await syncWebPages(db);
    // flags: first of the visitor, per path, per channel, per path with a time
    expect(await flags()).toEqual(["20 /a 1111", "20 /b 0100"]);

    // session 21 of the same visitor, earlier that day (Facebook), arrives late: it is now the visitor's first
    // in all and for /a; session 20 stays first for /b, for Direct, and for /a with a time (21's /a has none)
    await session(21, "09:00:00", "Facebook", "w");
    await view(21, "09:00:00", "/a");
    await syncWebPages(db);
    expect(await flags()).toEqual(["20 /a 0011", "20 /b 0100", "21 /a 1110"]);
    const caughtUp = await everything();
    expect(await rebuilt()).toEqual(caughtUp);
  });

  it("sums each local day into web_page_daily, late sessions and pageviews included", async () => {
    // visitor u: session 30 (Direct) /a engaged 20 s, then /b (its last page, no time); session 31
    // (Facebook) /a engaged 10 s, a voucher claimed after it. All on 5 Oct (12:00 and 13:00 in Amsterdam).
    await session(30, "10:00:00", "Direct", "u");
    await view(30, "10:00:00", "/a", 20);
    await view(30, "10:01:00", "/b");
    await session(31, "11:00:00", "Facebook", "u");
    await view(31, "11:00:00", "/a", 10);
    await event(31, "11:00:05", "voucher");
    await syncWebPages(db);
    // day, path, channel, pageviews, sessions, first sessions, seconds, exits, claims, first claims,
    // conversions, first conversions, visitors (all / per path / per channel / per both / timed per path /
    // timed per path and channel): u's first row is 30 /a; 31 /a is the first of Facebook, not of /a.
    const a = ["10-05", "/a", "Direct", 1, 1, 1, 20, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    const b = ["10-05", "/b", "Direct", 1, 1, 0, null, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0];
    const facebook = ["10-05", "/a", "Facebook", 1, 1, 1, 10, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1];
    expect(await daily()).toEqual([a, facebook, b]);

    // Late: a view of /c in session 30 between /a and /b (30 s to /b), and a session of visitor z on the
    // evening of 4 Oct (22:00 in Amsterdam) with /a engaged 5 s.
    await view(30, "10:00:30", "/c");
    await session(32, "2026-10-04T20:00:00", "Direct", "z");
    await view(32, "2026-10-04T20:00:00", "/a", 5);
    await syncWebPages(db);
    const sums = await daily();
    expect(sums).toEqual([
      ["10-04", "/a", "Direct", 1, 1, 1, 5, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1],
      a,
      facebook,
      b,
      ["10-05", "/c", "Direct", 1, 1, 0, 30, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1],
    ]);
    await rebuilt();
    expect(await daily()).toEqual(sums);
  });

  it("takes in engaged time the collector writes onto a stored pageview", async () => {
    const t0 = Date.parse("2026-10-05T12:00:00Z");
    const ids = { current: "visitor-x", previous: null };
    const base = { site: "wasbord.nl", referrer: null, width: 400 };
    const page = (path: string): CollectPayload => ({
      type: "pageview",
      url: `https://wasbord.nl${path}`,
      ...base,
    });
    const tracker = new SessionTracker({ ownHosts: ["wasbord.nl"] });
    const store = new CollectStore(db, tracker, () => t0);
    await store.ready();
    tracker.record(page("/a"), ids, t0);
    tracker.record(page("/b"), ids, t0 + 60_000);
    await store.flush();
    await syncWebPages(db);
    const seconds = async () => (await rows()).map((r) => [r.path, r.seconds, r.exits]);
    // no report yet: /a counts the 60 s to /b
    expect(await seconds()).toEqual([
      ["/a", 60, 0],
      ["/b", null, 1],
    ]);

    // The visitor comes back to the tab of /a: its visible 45 s arrive, and are written onto the stored view.
    const leave: CollectPayload = { type: "leave", url: "https://wasbord.nl/a", engagedMs: 45_000, ...base };
    tracker.record(leave, ids, t0 + 90_000);
    await store.flush();
    await syncWebPages(db);
    expect(await seconds()).toEqual([
      ["/a", 45, 0],
      ["/b", null, 1],
    ]);
    const caughtUp = await everything();
    expect(await rebuilt()).toEqual(caughtUp);
  });
});

describe("web_landing_daily", () => {
  /** A session with its figures as the collector stores them. */
  const visit = (
    id: number,
    at: string,
    landing: string,
    channel: string,
    pageviews: number,
    seconds: number,
  ) =>
    db.run(
      `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, channel,
         device, pageviews, duration_seconds, is_bounce)
       VALUES ($1, $2, 'wasbord.nl', $3::TIMESTAMPTZ, $3::TIMESTAMPTZ, $4, $4, $5, 'mobile', $6, $7, $6 = 1)`,
      [id, `v${id}`, stamp(at), landing, channel, pageviews, seconds],
    );
  const conversion = (id: number, at: string, cents: number | null) =>
    db.run(
      `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, revenue_cents)
       VALUES ($1, $2, $3::TIMESTAMPTZ, 'conversion', '/b', $4)`,
      [id, `v${id}`, stamp(at), cents],
    );
  /** [day, landing page, channel, sessions, bounces, seconds, pageviews, conversions, converting, cents, claims] */
  const landing = async () =>
    (
      await db.query<Record<string, unknown>>(
        "SELECT strftime(day, '%m-%d') AS day, * EXCLUDE (day) FROM web_landing_daily ORDER BY day, landing_path, channel",
      )
    ).map((r) => Object.values(r).map((value) => (typeof value === "bigint" ? Number(value) : value)));

  it("sums each local day of the sessions and their events, late ones included", async () => {
    // 5 Oct: 40 on /a (3 pages, 120 s) with conversions of €15 and of no value; 41 on /a a bounce
    // (1 page, 0 s); 42 on /b from Facebook (2 pages, 60 s) with a voucher claim.
    await visit(40, "10:00:00", "/a", "Direct", 3, 120);
    await visit(41, "11:00:00", "/a", "Direct", 1, 0);
    await visit(42, "12:00:00", "/b", "Facebook", 2, 60);
    await conversion(40, "10:02:00", 1500);
    await conversion(40, "10:03:00", null);
    await event(42, "12:00:30", "voucher");
    await syncWebPages(db);
    const b = ["10-05", "/b", "Facebook", 1, 0, 60, 2, 0, 0, 0, 1];
    // /a: 2 sessions, 1 bounce, 120 s, 3 + 1 pages, 2 conversions in 1 session, 1 500 cents
    expect(await landing()).toEqual([["10-05", "/a", "Direct", 2, 1, 120, 4, 2, 1, 1500, 0], b]);

    // Late: a €7 conversion of 41 (the session row as stored: still a bounce), a bounce on /a at 22:30 UTC
    // on 4 Oct (00:30 on 5 Oct in Amsterdam) and one on /b from Facebook at 21:00 UTC (23:00 on 4 Oct there).
    await conversion(41, "11:01:00", 700);
    await visit(43, "2026-10-04T22:30:00", "/a", "Direct", 1, 0);
    await visit(44, "2026-10-04T21:00:00", "/b", "Facebook", 1, 0);
    await syncWebPages(db);
    const sums = await landing();
    expect(sums).toEqual([
      ["10-04", "/b", "Facebook", 1, 1, 0, 1, 0, 0, 0, 0],
      // /a: 3 sessions, 2 bounces, 120 s, 5 pages, 3 conversions in 2 sessions, 2 200 cents
      ["10-05", "/a", "Direct", 3, 2, 120, 5, 3, 2, 2200, 0],
      b,
    ]);
    await rebuilt();
    expect(await landing()).toEqual(sums);
  });

  it("takes in a session the collector updates without a new pageview or claim", async () => {
    const t0 = Date.parse("2026-10-05T12:00:00Z");
    const ids = { current: "visitor-y", previous: null };
    const base = { site: "wasbord.nl", referrer: null, width: 400 };
    const tracker = new SessionTracker({ ownHosts: ["wasbord.nl"] });
    const store = new CollectStore(db, tracker, () => t0);
    await store.ready();
    tracker.record({ type: "pageview", url: "https://wasbord.nl/a", ...base }, ids, t0);
    tracker.record({ type: "pageview", url: "https://wasbord.nl/b", ...base }, ids, t0 + 60_000);
    await store.flush();
    await syncWebPages(db);
    // one session on /a, no bounce (2 pages), 60 s
    expect(await landing()).toEqual([["10-05", "/a", "Direct", 1, 0, 60, 2, 0, 0, 0, 0]]);

    // An experiment exposure 5 minutes in: no pageview, no claim or conversion, but the stored session's
    // duration becomes 300 s (an UPDATE of its row, which only the update log tells the sync about).
    const exposure: CollectPayload = {
      type: "experiment",
      url: "https://wasbord.nl/b",
      experiment: { key: "hero", variant: "b" },
      ...base,
    };
    tracker.record(exposure, ids, t0 + 300_000);
    await store.flush();
    await syncWebPages(db);
    const sums = await landing();
    expect(sums).toEqual([["10-05", "/a", "Direct", 1, 0, 300, 2, 0, 0, 0, 0]]);
    await rebuilt();
    expect(await landing()).toEqual(sums);
  });
});
