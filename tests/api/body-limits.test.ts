import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "../../src/server/http/body.ts";
import { MAX_BATCH_BYTES } from "../../src/shared/ingest.ts";
import { postChunked } from "../support/chunked-post.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { databaseAfterStop } from "./tracking-support.ts";

// Every endpoint that reads a body stops reading it at its limit, also when the body is chunked (no
// Content-Length to refuse it by): 413 with the one error shape, nothing stored, and the server's memory
// does not grow with what the client keeps sending.

const SITE = "https://www.wasbord.nl";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const MB = 1024 * 1024;

let server: WasbordProcess;
/** Headers of a signed-in beheerder's state-changing call: token, XSRF cookie and header. */
let signedIn: Record<string, string>;
let apiKey: string;
const dir = mkdtempSync(join(tmpdir(), "wasbord-limits-"));

beforeAll(async () => {
  server = await startWasbord({ databasePath: join(dir, "wasbord.duckdb"), env: { TRACKING_ORIGINS: SITE } });
  const { accessToken } = await signInOverHttp({
    issuer: server.issuer,
    clientId: "wasbord-web",
    redirectUri: `${server.url}/auth/callback`,
    email: "demo@wasbord.nl",
    password: "demo",
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(
    (await fetch(`${server.url}/api/config`)).headers.get("set-cookie") ?? "",
  )?.[1];
  signedIn = {
    authorization: `Bearer ${accessToken}`,
    cookie: `XSRF-TOKEN=${xsrf}`,
    "x-xsrf-token": xsrf as string,
    "content-type": "application/json",
  };
  const key = await fetch(`${server.url}/api/admin/connections/api-keys`, {
    method: "POST",
    headers: signedIn,
    body: JSON.stringify({ name: "limits", scope: "all" }),
  });
  apiKey = (await key.json()).secret;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Peak resident memory of the server, in MB, sampled every 20 ms while `work` runs. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) / 1024;
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  try {
    return { result: await work(), before, peak };
  } finally {
    clearInterval(sampler);
  }
}

const endpoints = [
  {
    name: "POST /api/collect (public)",
    path: "/api/collect",
    headers: () => ({ origin: SITE, "user-agent": CHROME, "content-type": "text/plain;charset=UTF-8" }),
    prefix: `{"type":"pageview","site":"wasbord.nl","url":"${SITE}/","ts":1,"referrer":"`,
    limit: BODY_LIMITS.collect,
  },
  {
    name: "POST /api/ingest/plate-reads (API key)",
    path: "/api/ingest/plate-reads",
    headers: () => ({ authorization: `Bearer ${apiKey}`, "content-type": "application/json" }),
    prefix: `[{"eventId":"x","site":"zeist","readAt":"2026-01-01T00:00:00Z","camera":"c","plate":"`,
    limit: MAX_BATCH_BYTES,
  },
  {
    name: "POST /api/imports/preview",
    path: "/api/imports/preview",
    headers: () => signedIn,
    prefix: `{"fileName":"meta.csv","content":"`,
    limit: 14 * MB,
  },
  {
    name: "POST /api/imports/commit",
    path: "/api/imports/commit",
    headers: () => signedIn,
    prefix: `{"fileName":"meta.csv","content":"`,
    limit: 14 * MB,
  },
  {
    name: "POST /api/admin/sites",
    path: "/api/admin/sites",
    headers: () => signedIn,
    prefix: `{"code":"houten","city":"Houten","postcode":"3991AB","lat":52,"lon":5,"lanes":1,"active":true,"name":"`,
    limit: BODY_LIMITS.form,
  },
  {
    name: "POST /api/experiments",
    path: "/api/experiments",
    headers: () => signedIn,
    prefix: `{"key":"groot","variants":[{"key":"a","name":"A"},{"key":"b","name":"B"}],"name":"`,
    limit: BODY_LIMITS.form,
  },
];

describe("request bodies above the limit, chunked", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: 413 before reading much past ${endpoint.limit} bytes`, async () => {
      const total = endpoint.limit + 48 * MB;
      const answer = await postChunked(
        `${server.url}${endpoint.path}`,
        endpoint.headers(),
        endpoint.prefix,
        total,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toMatch(/too_large/);
      // The server answered while the client was still sending: it did not wait for the whole body.
      expect(answer.sentBytes).toBeLessThan(total);
    });
  }

  it("keeps the server's memory flat under four parallel 64 MB bodies to the public collect endpoint", async () => {
    const attack = () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          postChunked(`${server.url}/api/collect`, endpoints[0].headers(), endpoints[0].prefix, 64 * MB),
        ),
      );
    const { result, before, peak } = await peakRss(attack);
    expect(result.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
    // Buffering the bodies would take 256 MB or more; reading stops after 16 kB each.
    expect(peak - before).toBeLessThan(48);
  });

  it("stored nothing from any of them, and left no connection waiting for the rest of a refused body", async () => {
    const db = await databaseAfterStop(server);
    // A refused body's connection is closed with the 413: kept open, it counted as a request in flight, and
    // the stop above waited its whole grace period (10 s) and cut it off.
    expect(server.output()).not.toContain("still in flight");
    try {
      const [counts] = await db.query(
        `SELECT (SELECT count(*) FROM web_events) + (SELECT count(*) FROM pageviews) AS tracking,
                (SELECT count(*) FROM plate_reads) AS plate_reads, (SELECT count(*) FROM ad_stats_daily) AS ad_stats,
                (SELECT count(*) FROM sites) AS sites, (SELECT count(*) FROM experiments) AS experiments`,
      );
      expect(counts).toEqual({ tracking: 0, plate_reads: 0, ad_stats: 0, sites: 0, experiments: 0 });
    } finally {
      await db.close();
    }
  });
});
