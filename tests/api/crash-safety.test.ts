import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, describe, expect, it } from "vitest";
import { Database } from "../../src/server/db/database.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { createApiKey } from "../../src/server/ingest/api-keys.ts";
import { apiClient } from "../support/api-client.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

// Acknowledged data survives kill -9 at any moment: the server answers a batch only after its COMMIT, so every
// batch it acknowledged must be there after a restart, exactly once; a batch cut off mid-flight is all or
// nothing. And no kill, not even one during the migrations or before the first checkpoint, may leave a
// database that cannot be opened again (a kill at each step of building a new database:
// crash-migrations.slow.test.ts).

// kill -9 ends a process, not the machine: what it wrote stays in the kernel's page cache for the next one, so
// nothing proved here depends on the disk. Linux's memory file system spares the fsyncs of every commit and
// checkpoint, which are most of the time of the thousands of migrations below on a busy disk.
const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "wasbord-crash-"));
const READS_PER_BATCH = 500;
const SALES_PER_BATCH = 100;
const running = new Set<{ stop: (signal?: NodeJS.Signals) => Promise<void> }>();

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start(databasePath: string): Promise<WasbordProcess> {
  const server = await startWasbord({ databasePath });
  running.add(server);
  return server;
}

async function kill(server: WasbordProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  await server.stop(signal);
  running.delete(server);
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

const batchSize = (n: number) => (n % 2 === 0 ? READS_PER_BATCH : SALES_PER_BATCH);

async function send(url: string, key: string, n: number): Promise<Response> {
  const { path, rows } = batch(n);
  return fetch(`${url}/api/ingest/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(rows),
  });
}

/** Three senders in parallel, so that batches are in flight when the process dies of kill -9. */
async function ingestThenKill(server: WasbordProcess, key: string, batches = 30) {
  const acknowledged: number[] = [];
  let next = 0;
  let killed = false;
  const sender = async () => {
    while (!killed) {
      const n = next++;
      try {
        const response = await send(server.url, key, n);
        if (response.status === 200) acknowledged.push(n);
        else throw new Error(`batch ${n}: ${response.status} ${await response.text()}`);
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const senders = [sender(), sender(), sender()];
  while (acknowledged.length < batches) await new Promise((resolve) => setTimeout(resolve, 10));
  killed = true;
  await kill(server);
  await Promise.all(senders);
  return { acknowledged, sent: next };
}

/**
 * Restarts on the killed database, checks every acknowledged batch is there exactly once and every other
 * one all or nothing, and returns the figures for the issue note.
 */
async function expectAcknowledgedOnce(
  databasePath: string,
  key: string,
  run: { acknowledged: number[]; sent: number },
) {
  const server = await start(databasePath);
  // Re-sending what was acknowledged stores nothing: it is all there.
  for (const n of run.acknowledged) {
    const response = await send(server.url, key, n);
    expect(await response.json(), `batch ${n}`).toEqual({ accepted: 0, duplicates: batchSize(n) });
  }
  await kill(server, "SIGTERM");

  const db = await Database.open(databasePath);
  try {
    const stored = await db.query<{ batch: string; rows: number; ids: number }>(
      `SELECT split_part(event_id, '-', 1) AS batch, count(*) AS rows, count(DISTINCT event_id) AS ids
       FROM (SELECT event_id FROM plate_reads UNION ALL SELECT event_id FROM transactions) GROUP BY 1`,
    );
    const byBatch = new Map(stored.map((row) => [Number(row.batch.slice(1)), row]));
    const figures = { acknowledgedRows: 0, lost: 0, doubled: 0 };
    for (let n = 0; n < run.sent; n++) {
      const found = byBatch.get(n);
      if (run.acknowledged.includes(n)) {
        figures.acknowledgedRows += batchSize(n);
        figures.lost += batchSize(n) - (found?.ids ?? 0);
      }
      figures.doubled += (found?.rows ?? 0) - (found?.ids ?? 0);
      // Batches cut off in flight: either all of it or nothing.
      if (found && !run.acknowledged.includes(n))
        expect(found.rows, `unacknowledged batch ${n}`).toBe(batchSize(n));
    }
    expect(figures).toEqual({ acknowledgedRows: figures.acknowledgedRows, lost: 0, doubled: 0 });
    const [lines] = await db.query<{ transactions: number; lines: number }>(
      "SELECT (SELECT count(*) FROM transactions) AS transactions, (SELECT count(*) FROM transaction_lines) AS lines",
    );
    expect(lines.lines).toBe(2 * lines.transactions);
    console.log(
      `crash figures: ${JSON.stringify({ batchesAcknowledged: run.acknowledged.length, ...figures })}`,
    );
  } finally {
    await db.close();
  }
}

describe("crash safety", () => {
  it("keeps every acknowledged batch exactly once after kill -9 and a restart", async () => {
    const databasePath = join(dir, "prepared.duckdb");
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

    const run = await ingestThenKill(await start(databasePath), key.secret);
    await expectAcknowledgedOnce(databasePath, key.secret, run);
  }, 180_000);

  it("opens a fresh installation killed before its first checkpoint with every acknowledged row", async () => {
    // The server builds the database itself on an empty path; the catalogue and the key come through the
    // admin API, so nothing but the server's own writes is in the file when it is killed.
    const databasePath = join(dir, "fresh.duckdb");
    const server = await start(databasePath);
    const { accessToken } = await signInOverHttp({
      issuer: server.issuer,
      clientId: "wasbord-web",
      redirectUri: `${server.url}/auth/callback`,
      email: "demo@wasbord.nl",
      password: "demo",
    });
    const admin = apiClient(server, accessToken);
    const site = { code: "zeist", name: "Zeist", address: "Wasstraat 1", postcode: "3705HX", city: "Zeist" };
    expect(
      (await admin.post("/api/admin/sites", { ...site, lat: 52.09, lon: 5.23, lanes: 2, active: true }))
        .status,
    ).toBe(201);
    const item = {
      code: "basis",
      name: "Basis",
      kind: "programma",
      price: "10,00",
      vatRatePercent: 21,
      active: true,
    };
    expect((await admin.post("/api/admin/items", item)).status).toBe(201);
    const key = await admin.post("/api/admin/connections/api-keys", { name: "crash-test", scope: "all" });
    expect(key.status).toBe(201);

    const run = await ingestThenKill(server, key.body.secret);
    await expectAcknowledgedOnce(databasePath, key.body.secret, run);
  }, 180_000);

  it("recovers a database killed between a migration's commit and its checkpoint", async () => {
    const databasePath = join(dir, "uncheckpointed.duckdb");
    const fixture = join(import.meta.dirname, "fixtures/commit-migrations-then-die.ts");
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      fixture,
      databasePath,
    ]).catch((error: { stdout: string; signal: string }) => {
      expect(error.signal).toBe("SIGKILL");
      return error;
    });
    const secret = stdout.trim();
    // The state the fixture leaves is the one DuckDB 1.5.5 cannot open by itself (see wal-recovery.ts).
    await expect(DuckDBInstance.create(databasePath)).rejects.toThrow(/replaying WAL/);

    const run = await ingestThenKill(await start(databasePath), secret);
    await expectAcknowledgedOnce(databasePath, secret, run);
  }, 180_000);
});
