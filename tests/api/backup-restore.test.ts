import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { listBackups } from "../../src/server/db/backup.ts";
import type { ReportEnvelope } from "../../src/shared/reports/envelope.ts";
import { apiClient } from "../support/api-client.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";
import { FIXTURE_NOW, loadReportsFixture } from "./fixtures/reports-fixture.ts";

// Backup → restore into a new database → the same report figures. The dashboard reads every kind of fact
// (sales, plate reads, website conversions, ad spend), so it shows whether each came back. Its figures for the
// fixture's "today" are worked out by hand in reports-dashboard.test.ts: 3 washes for 4 961, 2 plates of
// which 1 new, 1 conversion, ad spend 1 000; yesterday 1 wash for 1 210, 1 plate (new), 1 conversion, 2 000.

const dir = mkdtempSync(join(tmpdir(), "wasbord-backup-"));
const backups = join(dir, "backups");
const running = new Set<WasbordProcess>();
afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start(databasePath: string, env: Record<string, string> = {}): Promise<WasbordProcess> {
  const server = await startWasbord({
    databasePath,
    env: { WASBORD_CLOCK: FIXTURE_NOW, BACKUP_DIR: backups, BACKUP_INTERVAL_HOURS: "0", ...env },
  });
  running.add(server);
  return server;
}

async function stop(server: WasbordProcess): Promise<void> {
  await server.stop();
  running.delete(server);
}

async function dashboard(server: WasbordProcess): Promise<ReportEnvelope> {
  const { accessToken } = await signInOverHttp({
    issuer: server.issuer,
    clientId: "wasbord-web",
    redirectUri: `${server.url}/auth/callback`,
    email: "demo@wasbord.nl",
    password: "demo",
  });
  const response = await apiClient(server, accessToken).get<ReportEnvelope>("/api/reports/dashboard");
  expect(response.status).toBe(200);
  return response.body;
}

const today = (report: ReportEnvelope) =>
  Object.fromEntries(
    report.kpis.filter((k) => k.key.startsWith("today_")).map((k) => [k.key.slice(6), [k.value, k.previous]]),
  );

const restore = (backup: string, database: string) =>
  promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/restore.ts", backup, "--database", database],
    {
      cwd: join(import.meta.dirname, "../.."),
    },
  );

describe("backup and restore", () => {
  it("restores a scheduled backup into a new database with the same report figures", async () => {
    const original = join(dir, "wasbord.duckdb");
    const db = await migratedDatabase(original);
    await loadReportsFixture(db);
    await db.close();

    // No backup yet, so the schedule writes one right after start.
    const server = await start(original, { BACKUP_INTERVAL_HOURS: "24" });
    const deadline = Date.now() + 60_000;
    while (listBackups(backups).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const [backup] = listBackups(backups);
    expect(backup).toMatch(/wasbord-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    const before = await dashboard(server);
    await stop(server);

    const restored = join(dir, "restored.duckdb");
    const { stdout } = await restore(backup, restored);
    expect(stdout).toContain(`teruggezet in ${restored}`);

    const again = await start(restored);
    const after = await dashboard(again);
    expect(today(after)).toMatchObject({
      washes: [3, 1],
      revenue: [4_961, 1_210],
      plates: [2, 1],
      conversions: [1, 1],
      ad_spend: [1_000, 2_000],
    });
    expect(after.kpis).toEqual(before.kpis);
    expect(after.series).toEqual(before.series);
    expect(after.tables).toEqual(before.tables);

    // While a server holds the file, restore refuses and replaces nothing.
    await expect(restore(backup, restored)).rejects.toMatchObject({ code: 1 });
    expect(readdirSync(dir).filter((name) => name.includes("before-restore"))).toEqual([]);
    await stop(again);

    // Over an existing database, which is kept beside it.
    await restore(backup, restored);
    expect(
      readdirSync(dir).filter((name) => name.startsWith("restored.duckdb.before-restore-")),
    ).toHaveLength(1);
    expect(existsSync(`${restored}.restoring`)).toBe(false);
  }, 180_000);
});
