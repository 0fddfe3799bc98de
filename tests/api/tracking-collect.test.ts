import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { databaseAfterStop } from "./tracking-support.ts";

const SITE = "https://www.wasbord.nl";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/** More than the default burst allowance of one client (60). */
const FLOOD = 100;

let server: WasbordProcess;
let dir: string;
/** Answers to the flooding client, in order. */
const statuses: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-collect-"));
  server = await startWasbord({
    databasePath: join(dir, "wasbord.duckdb"),
    // The test plays several visitors through X-Forwarded-For, as a reverse proxy on this machine would.
    env: { TRACKING_ORIGINS: `${SITE},https://wasbord.nl`, TRUSTED_PROXIES: "127.0.0.1,::1" },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Client {
  origin?: string | null;
  ua?: string;
  ip?: string;
}

function collect(body: unknown, client: Client = {}) {
  const headers: Record<string, string> = {
    "content-type": "text/plain;charset=UTF-8",
    "user-agent": client.ua ?? CHROME,
    "x-forwarded-for": client.ip ?? "198.51.100.10",
  };
  if (client.origin !== null) headers.origin = client.origin ?? SITE;
  return fetch(`${server.url}/api/collect`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The server's warnings and errors, to say why a request failed. */
const serverProblems = () =>
  server
    .output()
    .split("\n")
    .filter((line) => /"level":"(warn|error)"/.test(line))
    .join("\n");

const event = (type: string, path: string, extra: Record<string, unknown> = {}) => ({
  type,
  site: "wasbord.nl",
  url: `${SITE}${path}`,
  referrer: null,
  width: 1440,
  ts: Date.now(),
  ...extra,
});

describe("GET /t.js", () => {
  it("serves the tracking script for other websites: JavaScript, CORS *, cross-origin, cached a day", async () => {
    const response = await fetch(`${server.url}/t.js`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("cache-control")).toContain("max-age=86400");
    expect(await response.text()).toBe(
      readFileSync(new URL("../../src/server/tracking/tracker.js", import.meta.url), "utf8"),
    );
  });

  it("is under 2 KB over the wire, gzipped", async () => {
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get }) =>
        get(`${server.url}/t.js`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          expect(res.headers["content-encoding"]).toBe("gzip");
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      );
    });
    expect(raw.length).toBeLessThan(2048);
    expect(gunzipSync(raw).toString()).toContain("/api/collect");
  });

  it("answers 304 to a browser that has the current version", async () => {
    const etag = (await fetch(`${server.url}/t.js`)).headers.get("etag") ?? "";
    expect((await fetch(`${server.url}/t.js`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });
});

describe("POST /api/collect", () => {
  it("stores events from an allowed website and answers with its origin for CORS", async () => {
    const response = await collect(
      event("pageview", "/?utm_source=marktplaats", { referrer: "https://www.marktplaats.nl/" }),
    );
    expect(response.status).toBe(202);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
    // sendBeacon posts in no-cors mode; the browser only accepts an answer marked for other origins.
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect((await collect(event("pageview", "/prijzen"))).status).toBe(202);
    expect(
      (await collect(event("experiment", "/prijzen", { experiment: { key: "prijzen-tabel", variant: "b" } })))
        .status,
    ).toBe(202);
    expect((await collect(event("conversion", "/bedankt", { value: 24.95 }))).status).toBe(202);
    expect((await collect(event("leave", "/prijzen", { engagedMs: 12_400 }))).status).toBe(202);
  });

  it("answers the CORS preflight for allowed websites only", async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/collect`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
    const allowed = await preflight("https://wasbord.nl");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://wasbord.nl");
    const refused = await preflight("https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses other websites and requests without an origin with 403", async () => {
    const other = await collect(event("pageview", "/"), { origin: "https://evil.example" });
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect((await other.json()).error.code).toBe("origin_not_allowed");
    expect((await collect(event("pageview", "/"), { origin: null })).status).toBe(403);
  });

  it("refuses malformed events with 400 and names the field", async () => {
    expect((await collect("{not json")).status).toBe(400);
    const wrong = await collect({ ...event("conversion", "/"), value: "veel" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual([{ path: "value", message: expect.any(String) }]);
    const elsewhere = await collect({ ...event("pageview", "/"), url: "https://evil.example/" });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.fields[0].path).toBe("url");
  });

  it("drops bots silently with 204", async () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await collect(event("pageview", "/bot"), { ua: googlebot, ip: "198.51.100.99" })).status).toBe(
      204,
    );
    const headless = CHROME.replace("Chrome/", "HeadlessChrome/");
    expect((await collect(event("pageview", "/bot"), { ua: headless, ip: "198.51.100.99" })).status).toBe(
      204,
    );
  });

  it("answers 429 with Retry-After once a client has sent too much, and only for that client", async () => {
    const flooder = { ip: "203.0.113.66" };
    for (let i = 0; i < FLOOD; i++) {
      statuses.push((await collect(event("pageview", `/flood/${i}`), flooder)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses), serverProblems()).toEqual(new Set([202, 429]));
    const limited = await collect(event("pageview", "/flood/again"), flooder);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await collect(event("pageview", "/"), { ip: "203.0.113.67" })).status).toBe(202);
  });
});

describe("what is stored (checked in the database after the server stopped)", () => {
  let db: Database;
  beforeAll(async () => {
    // Counters are written once a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    db = await databaseAfterStop(server);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("builds one session with landing and exit page, channel, events and time on page", async () => {
    const sessions = await db.query(
      `SELECT landing_path, exit_path, pageviews, interactive_events, is_bounce, channel, referrer_host, utm_source,
         device, hostname
       FROM web_sessions WHERE landing_path = '/' AND pageviews = 2`,
    );
    expect(sessions).toEqual([
      {
        landing_path: "/",
        exit_path: "/prijzen",
        pageviews: 2,
        interactive_events: 1,
        is_bounce: false,
        channel: "Marktplaats",
        referrer_host: "www.marktplaats.nl",
        utm_source: "marktplaats",
        device: "desktop",
        hostname: "www.wasbord.nl",
      },
    ]);
    const events = await db.query(
      "SELECT kind, path, revenue_cents, experiment_key, variant_key FROM web_events ORDER BY occurred_at",
    );
    expect(events).toEqual([
      {
        kind: "experiment",
        path: "/prijzen",
        revenue_cents: null,
        experiment_key: "prijzen-tabel",
        variant_key: "b",
      },
      { kind: "conversion", path: "/bedankt", revenue_cents: 2495, experiment_key: null, variant_key: null },
    ]);
    const pages = await db.query(
      `SELECT p.path, p.engaged_seconds FROM pageviews p JOIN web_sessions s ON s.id = p.session_id
       WHERE s.pageviews = 2 ORDER BY p.viewed_at`,
    );
    expect(pages).toEqual([
      { path: "/", engaged_seconds: null },
      { path: "/prijzen", engaged_seconds: 12 },
    ]);
  });

  it("stored nothing of refused, malformed, bot or rate-limited events", async () => {
    const [{ bots }] = await db.query<{ bots: number }>(
      "SELECT count(*) AS bots FROM pageviews WHERE path IN ('/bot', '/flood/again')",
    );
    expect(bots).toBe(0);
    const [{ flood }] = await db.query<{ flood: number }>(
      "SELECT count(*) AS flood FROM pageviews WHERE path LIKE '/flood/%'",
    );
    expect(flood).toBe(statuses.filter((status) => status === 202).length);
    const [{ sessions }] = await db.query<{ sessions: number }>(
      "SELECT count(*) AS sessions FROM web_sessions",
    );
    // The first visitor, the flooder and the client after the flood.
    expect(sessions).toBe(3);
  });

  it("counted what it dropped, per reason", async () => {
    const counts = Object.fromEntries(
      (
        await db.query<{ outcome: string; events: number }>("SELECT outcome, events FROM tracking_counts")
      ).map((row) => [row.outcome, row.events]),
    );
    expect(counts).toMatchObject({ bot: 2, origin_refused: 2, malformed: 3 });
    expect(counts.rate_limited).toBeGreaterThanOrEqual(1);
  });

  it("keeps no IP address anywhere", async () => {
    const tables = ["web_sessions", "pageviews", "web_events", "tracking_counts", "tracking_salts"];
    for (const table of tables) {
      const [{ text }] = await db.query<{ text: string }>(
        `SELECT coalesce(string_agg(CAST(t AS VARCHAR), ' '), '') AS text FROM ${table} t`,
      );
      expect(text).not.toMatch(/198\.51\.100|203\.0\.113|127\.0\.0\.1/);
    }
  });
});
