import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/server/db/database.ts";
import { createApiKey } from "../../src/server/ingest/api-keys.ts";
import { freePort } from "../support/free-port.ts";
import { metricValue } from "../support/metrics.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

// Running the server as an operator does: its metrics on their own port, and a restart (SIGTERM) that
// lets a request in flight finish before the process exits.

const dir = mkdtempSync(join(tmpdir(), "wasbord-ops-"));
const databasePath = join(dir, "wasbord.duckdb");
let server: WasbordProcess;
let metricsUrl: string;
let apiKey: string;

beforeAll(async () => {
  const db = await migratedDatabase(databasePath);
  await db.run(
    `INSERT INTO sites (code, name, postcode, city, lat, lon) VALUES ('zeist', 'Zeist', '3705HX', 'Zeist', 52.09, 5.23)`,
  );
  apiKey = (await createApiKey(db, { name: "ops-test", scope: "all" })).secret;
  await db.close();
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  server = await startWasbord({ databasePath, env: { METRICS_PORT: String(metricsPort) } });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const read = (eventId: string, plate: string | null = "GBB01B") => ({
  eventId,
  site: "zeist",
  readAt: "2026-03-02T08:15:00+01:00",
  camera: "zeist-cam-1",
  plate,
});

const ingest = (rows: unknown[]) =>
  fetch(`${server.url}/api/ingest/plate-reads`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(rows),
  });

/** The test server allows no tracking origin: this event is refused (and counted) by origin. */
const refusedCollect = () =>
  fetch(`${server.url}/api/collect`, {
    method: "POST",
    headers: { origin: "https://elders.example", "content-type": "text/plain" },
    body: "{}",
  });

const metrics = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return response.text();
};

describe("the metrics port", () => {
  it("counts ingested rows, requests per route, collect events and the database's size", async () => {
    const before = await metrics();
    // Nothing ingested yet on this fresh server: the series exist, at 0.
    expect(metricValue(before, 'wasbord_ingest_rows_total{endpoint="plate-reads",outcome="accepted"}')).toBe(
      0,
    );
    expect(before).toContain('wasbord_ingest_rows_total{endpoint="plate-reads",outcome="accepted"} 0');
    expect(before).toContain("wasbord_alerts_sent_total 0");

    // Two new rows; the same two again (duplicates); three rows of which one has no site (all refused).
    expect((await ingest([read("m-1"), read("m-2")])).status).toBe(200);
    expect((await ingest([read("m-1"), read("m-2")])).status).toBe(200);
    expect((await ingest([read("m-3"), { ...read("m-4"), site: undefined }, read("m-5")])).status).toBe(422);
    expect((await refusedCollect()).status).toBe(403);

    const after = await metrics();
    const rows = (outcome: string) =>
      metricValue(after, `wasbord_ingest_rows_total{endpoint="plate-reads",outcome="${outcome}"}`);
    expect([rows("accepted"), rows("duplicate"), rows("refused")]).toEqual([2, 2, 3]);
    const requests = (status: number) =>
      metricValue(
        after,
        `wasbord_http_requests_total{method="POST",route="/api/ingest/plate-reads",status="${status}"}`,
      );
    expect([requests(200), requests(422)]).toEqual([2, 1]);
    expect(
      metricValue(after, 'wasbord_http_request_duration_seconds_count{route="/api/ingest/plate-reads"}'),
    ).toBe(3);
    expect(metricValue(after, 'wasbord_collect_events_total{outcome="origin_refused"}')).toBe(1);
    expect(metricValue(after, "wasbord_duckdb_file_bytes")).toBeGreaterThan(0);
    expect(after).toMatch(/^wasbord_duckdb_wal_bytes \d+$/m);
  });

  it("answers only GET /metrics", async () => {
    expect((await fetch(metricsUrl.replace("/metrics", "/"))).status).toBe(404);
  });
});

describe("keep-alive", () => {
  it("keeps an idle connection for 65 s, longer than a reverse proxy keeps its upstream connections", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("keep-alive")).toBe("timeout=65");
  });
});

describe("a restart", () => {
  it("lets a request in flight during SIGTERM finish, writes the counters, refuses new connections, exits cleanly", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => read(`s-${i}`));
    const body = Buffer.from(JSON.stringify(rows));
    const request = httpRequest(`${server.url}/api/ingest/plate-reads`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${apiKey}`,
        "content-type": "application/json",
        "content-length": body.length,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("error", reject);
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
    });
    // Headers and the first bytes of the batch: the server is now reading this request's body.
    request.write(body.subarray(0, 100));
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Counted in memory and written a second later, or by the shutdown if that comes first.
    expect((await refusedCollect()).status).toBe(403);
    const stopped = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    request.end(body.subarray(100));
    expect(await answer).toEqual({ status: 200, body: JSON.stringify({ accepted: 40, duplicates: 0 }) });
    await stopped;
    expect(server.exitCode()).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');

    // The database was closed properly: it opens again and holds the batch answered during the shutdown.
    const db = await Database.open(databasePath);
    const [{ n }] = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 's-%'",
    );
    await db.close();
    expect(n).toBe(40);
  });
});
