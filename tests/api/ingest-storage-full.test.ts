import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FillableDisk, fillableDisk } from "../support/full-disk.ts";
import { type IngestServer, startIngestServer } from "./ingest-fixture.ts";

// Ingestion on a full disk: DuckDB cannot write its log, the batch is refused with 503 storage_full and
// Retry-After (a camera or till retries later), and nothing of it is stored. Once there is room again the
// same batch is taken.

let parent: string;
let disk: FillableDisk;
let server: IngestServer;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), "wasbord-full-"));
  disk = fillableDisk(parent);
  server = await startIngestServer({ dir: disk.dir });
}, 60_000);
afterAll(async () => {
  disk?.free();
  await server?.close();
  disk?.remove();
  rmSync(parent, { recursive: true, force: true });
});

const reads = Array.from({ length: 500 }, (_, i) => ({
  eventId: `full-${i}`,
  site: "zeist",
  readAt: "2026-03-02T08:15:00+01:00",
  lane: 1,
  camera: "zeist-cam-1",
  plate: "GBB01B",
  confidence: 0.93,
}));

const post = () =>
  fetch(`${server.url}/plate-reads`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${server.keys.all}` },
    body: JSON.stringify(reads),
  });

const stored = async () =>
  (
    await server.db.query<{ n: number }>("SELECT count(*) AS n FROM plate_reads WHERE event_id LIKE 'full-%'")
  )[0].n;

describe("ingestion on a full disk", () => {
  it("answers 503 storage_full with Retry-After and stores nothing; takes the batch once there is room", async () => {
    disk.fill();
    let response: Response;
    try {
      response = await post();
    } finally {
      disk.free();
    }
    const body = await response.json();
    expect(response.status, `${disk.kind}: ${JSON.stringify(body)}`).toBe(503);
    expect(body.error.code).toBe("storage_full");
    expect(body.error.message).toMatch(/niets opgeslagen/);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toBe(0);

    const retried = await post();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ accepted: 500, duplicates: 0 });
    expect(await stored()).toBe(500);
  });
});
