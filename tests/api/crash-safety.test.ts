import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Database } from "../../src/server/db/database.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { createApiKey } from "../../src/server/ingest/api-keys.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

// Acknowledged data survives kill -9: the server answers a batch only after its COMMIT, so every batch it
// acknowledged must be there after a restart, exactly once; a batch cut off mid-flight is all or nothing.

const dir = mkdtempSync(join(tmpdir(), "wasbord-crash-"));
const databasePath = join(dir, "wasbord.duckdb");
const READS_PER_BATCH = 500;
const SALES_PER_BATCH = 100;
let server: WasbordProcess | null = null;

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The database as the server finds it on first start: migrated, one site, one item, one API key. */
async function prepareDatabase(): Promise<string> {
  const db = await Database.open(databasePath);
  await migrate(db);
  await db.run(
    `INSERT INTO sites (code, name, postcode, city, lat, lon) VALUES ('zeist', 'Zeist', '3705HX', 'Zeist', 52.09, 5.23)`,
  );
  await db.run(
    `INSERT INTO items (code, name, kind, price_cents) VALUES ('basis', 'Basis', 'programma', 1000)`,
  );
  const key = await createApiKey(db, { name: "crash-test", scope: "all" });
  await db.close();
  return key.secret;
}

function batch(n: number): { path: string; rows: { eventId: string }[] } {
  const at = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  if (n % 2 === 0) {
    const rows = Array.from({ length: READS_PER_BATCH }, (_, i) => ({
      eventId: `b${n}-${i}`,
      site: "zeist",
      readAt: at,
      camera: "zeist-cam-1",
      plate: "GBB01B",
    }));
    return { path: "plate-reads", rows };
  }
  const rows = Array.from({ length: SALES_PER_BATCH }, (_, i) => ({
    eventId: `b${n}-${i}`,
    site: "zeist",
    occurredAt: at,
    paymentMethod: "pin",
    lines: [
      { item: "basis", unitPriceCents: 1000 },
      { item: "basis", unitPriceCents: 1000 },
    ],
    totalCents: 2000,
  }));
  return { path: "transactions", rows };
}

async function send(url: string, key: string, n: number): Promise<Response> {
  const { path, rows } = batch(n);
  return fetch(`${url}/api/ingest/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(rows),
  });
}

describe("crash safety", () => {
  it("keeps every acknowledged batch exactly once after kill -9 and a restart", async () => {
    const key = await prepareDatabase();
    server = await startWasbord({ databasePath });
    const running = server;

    // Three senders in parallel, so that batches are in flight when the process dies.
    const acknowledged: number[] = [];
    let next = 0;
    let killed = false;
    const sender = async () => {
      while (!killed) {
        const n = next++;
        try {
          const response = await send(running.url, key, n);
          if (response.status === 200) acknowledged.push(n);
          else throw new Error(`batch ${n}: ${response.status} ${await response.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const senders = [sender(), sender(), sender()];
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
    killed = true;
    await running.stop("SIGKILL");
    await Promise.all(senders);
    const sent = next;

    server = await startWasbord({ databasePath });
    // Re-sending what was acknowledged stores nothing: it is all there.
    for (const n of acknowledged) {
      const response = await send(server.url, key, n);
      const size = n % 2 === 0 ? READS_PER_BATCH : SALES_PER_BATCH;
      expect(await response.json(), `batch ${n}`).toEqual({ accepted: 0, duplicates: size });
    }
    await server.stop("SIGTERM");
    server = null;

    const db = await Database.open(databasePath);
    try {
      const stored = await db.query<{ batch: number; rows: number; ids: number }>(
        `SELECT split_part(event_id, '-', 1) AS batch, count(*) AS rows, count(DISTINCT event_id) AS ids
         FROM (SELECT event_id FROM plate_reads UNION ALL SELECT event_id FROM transactions) GROUP BY 1`,
      );
      const byBatch = new Map(stored.map((row) => [Number(String(row.batch).slice(1)), row]));
      for (let n = 0; n < sent; n++) {
        const size = n % 2 === 0 ? READS_PER_BATCH : SALES_PER_BATCH;
        const found = byBatch.get(n);
        if (acknowledged.includes(n))
          expect(found, `batch ${n}`).toEqual(expect.objectContaining({ rows: size, ids: size }));
        // Batches cut off in flight: either all of it or nothing.
        else if (found) expect(found.rows, `unacknowledged batch ${n}`).toBe(size);
      }
      const [lines] = await db.query<{ transactions: number; lines: number }>(
        "SELECT (SELECT count(*) FROM transactions) AS transactions, (SELECT count(*) FROM transaction_lines) AS lines",
      );
      expect(lines.lines).toBe(2 * lines.transactions);
    } finally {
      await db.close();
    }
  }, 180_000);
});
