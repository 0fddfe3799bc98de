import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/server/ingest/api-keys.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { spawnWasbord, startWasbord } from "../support/wasbord-process.ts";

// DuckDB can raise a fatal (or internal) error after which every query of the process fails ("database has
// been invalidated because of a previous fatal error"). The server must then stop saying it is healthy, say
// why in one line and exit non-zero, so that the supervisor (systemd Restart=always) starts it again; the
// new process replays the log and serves every row it acknowledged before. The fatal error is injected:
// WASBORD_FAULT_FATAL_SQL (honoured outside production only) makes statements containing it fail as DuckDB's
// fatal errors do, here the readiness probe's write.

const FATAL_LINE = "Database ongeldig na een fatale fout; het proces stopt zodat de supervisor het herstart";
let dir: string;
let databasePath: string;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-fatal-"));
  databasePath = join(dir, "wasbord.duckdb");
  const db = await migratedDatabase(databasePath);
  await db.run(`INSERT INTO sites (id, code, name, postcode, city, lat, lon, lanes)
    VALUES (1, 'zeist', 'Wasbord Zeist', '3705HX', 'Zeist', 52.09, 5.23, 2)`);
  key = (await createApiKey(db, { name: "camera", scope: "plate-reads" })).secret;
  await db.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reads = Array.from({ length: 50 }, (_, i) => ({
  eventId: `fatal-${i}`,
  site: "zeist",
  readAt: "2026-03-02T08:15:00+01:00",
  camera: "zeist-cam-1",
  plate: "GBB01B",
}));

const ingest = (url: string) =>
  fetch(`${url}/api/ingest/plate-reads`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(reads),
  });

describe("a fatal database error", () => {
  it("stops the process non-zero, and a restart on the same file serves what was acknowledged", async () => {
    const server = await startWasbord({ databasePath, env: { WASBORD_FAULT_FATAL_SQL: "health_check" } });
    try {
      const acknowledged = await ingest(server.url);
      expect(await acknowledged.json()).toEqual({ accepted: 50, duplicates: 0 });

      // Ready but for the injected fault: once what a start prepares is done (start-up.ts), the probe writes,
      // and that write fails.
      const readiness = () =>
        fetch(`${server.url}/readyz`).then(
          async (response) => `${response.status} ${(await response.json()).reason}`,
          () => "gone",
        );
      await expect.poll(readiness, { timeout: 60_000 }).not.toMatch(/not (built|checkpointed|fitted) yet$/);
      expect(await readiness()).toMatch(/^503 database (not writable|invalidated)$|^gone$/);
      // From now on nothing says healthy: the probes answer 503 until the process is gone.
      const healthz = await fetch(`${server.url}/healthz`).then(
        (response) => response.status,
        () => "gone",
      );
      expect([503, "gone"]).toContain(healthz);
      await expect.poll(() => server.exitCode(), { timeout: 10_000 }).not.toBeNull();
      expect(server.exitCode()).not.toBe(0);
      expect(server.output().split(FATAL_LINE).length - 1, server.output()).toBe(1);
    } finally {
      await server.stop("SIGKILL");
    }

    const restarted = await startWasbord({ databasePath });
    try {
      expect(await (await ingest(restarted.url)).json()).toEqual({ accepted: 0, duplicates: 50 });
      await expect
        .poll(() => fetch(`${restarted.url}/readyz`).then((response) => response.status), { timeout: 60_000 })
        .toBe(200);
    } finally {
      await restarted.stop();
    }
  }, 120_000);

  it("is not injected in production mode", async () => {
    const server = spawnWasbord({
      databasePath,
      env: {
        NODE_ENV: "production",
        DEV_IDP_ALLOW_IN_PRODUCTION: "true",
        WASBORD_FAULT_FATAL_SQL: "health_check",
      },
    });
    const started = await server;
    try {
      await expect
        .poll(
          () =>
            fetch(`${started.url}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000 },
        )
        .toBe(200);
    } finally {
      await started.stop();
    }
  }, 90_000);
});
