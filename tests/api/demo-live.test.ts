import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../src/server/db/database.ts";
import { generateDemoData } from "../../src/server/demo/index.ts";
import { emptyDerived } from "../../src/server/warehouse/additive-sync.ts";
import { POSTCODE_SALES } from "../../src/server/warehouse/derived/customers/postcode-sales.ts";
import { SALES_SUMS } from "../../src/server/warehouse/derived/transactions/sales-rollup.ts";
import { addDays } from "../../src/shared/reports/dates.ts";
import { type ApiClient, apiClient } from "../support/api-client.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import { migratedDatabase } from "../support/migrated-database.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

// The live demo against the derived tables. A demo history is generated up to 50 hours ago; the server then
// starts in demo mode with the simulator on, which catches up the 50 hours through /api/ingest. The reports
// of the last days (history and live data side by side) are read, incrementally maintained as the rows came
// in (read once the simulator is stopped, so that none is a refresher round behind); then the derived tables
// are emptied and rebuilt from the facts by a fresh server, and the same reports must answer exactly the same. The period ends yesterday, before the server started, so the simulator's
// later rows cannot move it.

const HOUR = 3_600_000;
const REPORTS = [
  "trx-sales",
  "trx-items",
  "trx-revenue",
  "users-recognition",
  "users-unique",
  "users-type",
  "users-geo",
  "users-flow",
];
// The customer tables have a sync of their own (visits-sync.ts); the sales sums and the postcode sales are
// emptied by their definitions.
const CUSTOMER_TABLES = [
  "customer_visits",
  "customer_visits_daily",
  "customer_cohorts_daily",
  "customer_visit_gaps_daily",
  "customer_flow_gaps_daily",
  "customer_flow_hours_daily",
  "customers",
];

const localDate = (ms: number) => new Date(ms).toLocaleDateString("sv-SE", { timeZone: "Europe/Amsterdam" });
const started = Date.now();
const yesterday = addDays(localDate(started), -1);
const period = `from=${addDays(yesterday, -3)}&to=${yesterday}`;

let dir: string;
let databasePath: string;
let server: WasbordProcess | null = null;

async function signIn(wasbord: WasbordProcess): Promise<ApiClient> {
  const { accessToken } = await signInOverHttp({
    issuer: wasbord.issuer,
    clientId: "wasbord-web",
    redirectUri: `${wasbord.url}/auth/callback`,
    email: "demo@wasbord.nl",
    password: "demo",
  });
  return apiClient(wasbord, accessToken);
}

/** A plain server on the demo's file, once its report tables are built (/readyz). */
async function readyServer(): Promise<WasbordProcess> {
  const started = await startWasbord({ databasePath });
  await expect
    .poll(() => fetch(`${started.url}/readyz`).then((response) => response.status), { timeout: 60_000 })
    .toBe(200);
  return started;
}

async function reports(api: ApiClient, query: string) {
  const answers: Record<string, unknown> = {};
  for (const report of REPORTS) {
    const response = await api.get(`/api/reports/${report}?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    answers[report] = response.body;
  }
  return answers;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "wasbord-live-"));
  databasePath = join(dir, "wasbord.duckdb");
  const db = await migratedDatabase(databasePath);
  await generateDemoData(db, { seed: 42, scale: 0.05, today: new Date(started - 50 * HOUR), days: 10 });
  await db.close();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the live demo", () => {
  let live: Record<string, unknown>;

  it("catches up the gap through /api/ingest with its own key, shown under Koppelingen", async () => {
    server = await startWasbord({
      databasePath,
      args: ["--demo"],
      env: { DEMO_LIVE: "true", SEED_SCALE: "0.05" },
    });
    const wasbord = server;
    await expect.poll(() => wasbord.output(), { timeout: 60_000 }).toMatch(/Live demo: .* ingehaald/);
    const api = await signIn(wasbord);

    const keys = await api.get("/api/admin/connections/api-keys");
    const key = keys.body.find((k: { name: string }) => k.name === "Live demo (simulator)");
    expect(key).toMatchObject({ scope: "all", revokedAt: null, lastUsedAt: expect.any(String) });

    // Yesterday began after the generated history ended (50 h ago): every wash in it came in live.
    const day = await api.get(`/api/reports/trx-sales?from=${yesterday}&to=${yesterday}`);
    const sales = day.body.kpis.find((k: { key: string }) => k.key === "transactions");
    expect(sales?.value).toBeGreaterThan(0);

    // The demo's KNMI history links every site to De Bilt, and the weather service sent each one's forecast.
    const weather = async () => (await api.get("/api/imports/weather")).body;
    await expect
      .poll(async () => (await weather()).stations.flatMap((s: { sites: object[] }) => s.sites), {
        timeout: 30_000,
      })
      .toEqual(Array(4).fill(expect.objectContaining({ forecastFrom: expect.any(String) })));

    // Ctrl-C: the simulator stops before the server closes under its requests, and says nothing about it.
    await wasbord.stop("SIGINT");
    expect(wasbord.output()).not.toMatch(/fetch failed|live demo: sending failed/);
    // Read by a plain server on the same file once its refresher took in, incrementally, whatever the live
    // server's had not yet: before that, a restarted server's request reads the tables as they were left.
    server = await readyServer();
    live = await reports(await signIn(server), period);
    await server.stop();
    server = null;
  }, 240_000);

  it("leaves the derived tables equal to a rebuild from the facts", async () => {
    const db = await Database.open(databasePath);
    await emptyDerived(db, SALES_SUMS);
    await emptyDerived(db, POSTCODE_SALES);
    for (const table of CUSTOMER_TABLES) await db.run(`DELETE FROM ${table}`);
    await db.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0");
    await db.close();

    server = await readyServer();
    const rebuilt = await reports(await signIn(server), period);
    for (const report of REPORTS) expect(live[report], report).toEqual(rebuilt[report]);
  }, 180_000);
});
