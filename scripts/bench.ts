import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../src/server/db/database.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { generateDemoData } from "../src/server/demo/index.ts";
import { createApiKey } from "../src/server/ingest/api-keys.ts";
import { REPORT_IDS } from "../src/shared/reports/catalogue.ts";
import { signInOverHttp } from "../tests/support/idp-login.ts";
import { startWasbord } from "../tests/support/wasbord-process.ts";
import { BENCH_ORIGIN, type CollectResult, measureCollect } from "./bench-collect.ts";
import { type IngestionResult, measureIngestion } from "./bench-ingest.ts";
import { BENCH_QUERIES, filtersOf } from "./bench-queries.ts";

// npm run bench [-- --scales 1,10] [--seed 42] [--iterations 20]
// Builds (or reuses) the demo data set per scale under bench-results/, then on a copy of it measures
//  (a) ingestion over HTTP, batches of 1 000 plate reads and of 1 000 transactions (at the first scale);
//  (b) latency of the benchmark queries (direct SQL) and of every report endpoint (over HTTP, signed in).
// The server runs as a child process, as in production; only one process can open a DuckDB file, so the
// SQL queries run before it starts. Results: a table on stdout and bench-results/bench.json.

const OUT = "bench-results";
const REPORT_PERIODS = ["last-30-days", "this-year"] as const;

interface Latency {
  kind: "sql" | "report";
  key: string;
  label: string;
  scale: number;
  p50Ms: number;
  p95Ms: number;
}

interface Dataset {
  scale: number;
  seed: number;
  today: string;
  rows: Record<string, number>;
  seedSeconds: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const log = (line: string) => console.log(`[bench] ${line}`);

async function timed(
  iterations: number,
  work: () => Promise<unknown>,
): Promise<{ p50Ms: number; p95Ms: number }> {
  for (let i = 0; i < 2; i++) await work();
  const durations: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50Ms: round(percentile(durations, 50)), p95Ms: round(percentile(durations, 95)) };
}

/** The cached data set for a scale and seed; generated (minutes at 10×) when missing. */
async function dataset(scale: number, seed: number): Promise<Dataset & { path: string }> {
  const path = join(OUT, `demo-x${scale}-seed${seed}.duckdb`);
  const metaPath = `${path}.json`;
  if (existsSync(path) && existsSync(metaPath)) {
    log(`data set ${scale}× uit cache: ${path}`);
    return { ...(JSON.parse(readFileSync(metaPath, "utf8")) as Dataset), path };
  }
  rmSync(path, { force: true });
  rmSync(`${path}.wal`, { force: true });
  log(`data set ${scale}× genereren (seed ${seed}) …`);
  const db = await Database.open(path);
  const today = new Date();
  try {
    await migrate(db);
    const summary = await generateDemoData(db, {
      seed,
      scale,
      today,
      onProgress: (message) => log(`${scale}×: ${message}`),
    });
    const meta: Dataset = {
      scale,
      seed,
      today: today.toISOString(),
      rows: summary.rows,
      seedSeconds: Math.round(summary.durationMs / 100) / 10,
    };
    writeFileSync(metaPath, JSON.stringify(meta, null, 2));
    log(`${scale}×: klaar in ${meta.seedSeconds} s`);
    return { ...meta, path };
  } finally {
    await db.close();
  }
}

async function sqlLatencies(db: Database, scale: number, iterations: number): Promise<Latency[]> {
  const results: Latency[] = [];
  for (const query of BENCH_QUERIES) {
    const filters = await filtersOf(db, query.days);
    for (const sync of query.syncs) await sync(db);
    const { text, params } = query.build(filters);
    const { p50Ms, p95Ms } = await timed(iterations, () => db.query(text, params));
    results.push({ kind: "sql", key: query.key, label: query.label, scale, p50Ms, p95Ms });
    log(`${scale}× sql ${query.key}: p50 ${p50Ms} ms, p95 ${p95Ms} ms`);
  }
  return results;
}

async function reportLatencies(
  url: string,
  token: string,
  scale: number,
  iterations: number,
): Promise<Latency[]> {
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const results: Latency[] = [];
  // Every report of the catalogue, the bespoke experiments report (its own endpoint) included.
  for (const id of REPORT_IDS) {
    for (const period of REPORT_PERIODS) {
      const { p50Ms, p95Ms } = await timed(iterations, () => get(`/api/reports/${id}?period=${period}`));
      results.push({ kind: "report", key: `${id}?period=${period}`, label: id, scale, p50Ms, p95Ms });
      log(`${scale}× rapport ${id} (${period}): p50 ${p50Ms} ms, p95 ${p95Ms} ms`);
    }
  }
  return results;
}

async function ingestion(url: string, apiKey: string, today: string): Promise<IngestionResult[]> {
  const run = Date.now().toString(36);
  const start = Date.parse(today) - 6 * 3_600_000;
  const results: IngestionResult[] = [];
  const plan = [
    ["plate-reads", 1, 60],
    ["plate-reads", 4, 100],
    ["transactions", 1, 20],
    ["transactions", 4, 40],
  ] as const;
  for (const [endpoint, concurrency, batches] of plan) {
    const result = await measureIngestion({
      baseUrl: url,
      apiKey,
      endpoint,
      batches,
      concurrency,
      prefix: `bench-${run}-${endpoint}-${concurrency}`,
      start,
    });
    results.push(result);
    log(
      `ingestie ${endpoint}, ${concurrency} tegelijk: ${result.rowsPerSecond} rijen/s (batch p50 ${result.batchP50Ms} ms)`,
    );
  }
  return results;
}

function printTable(datasets: Dataset[], ingest: IngestionResult[], latencies: Latency[]): void {
  const nl = (n: number) => n.toLocaleString("nl-NL");
  console.log("\nData sets");
  for (const d of datasets) {
    const total = Object.values(d.rows).reduce((sum, n) => sum + n, 0);
    console.log(`  ${d.scale}×: ${nl(total)} rijen, gegenereerd in ${d.seedSeconds} s`);
  }
  console.log("\nIngestie over HTTP, batches van 1 000 rijen");
  for (const r of ingest) {
    console.log(
      `  ${r.endpoint.padEnd(13)} ${r.concurrency} tegelijk  ${nl(r.rowsPerSecond).padStart(8)} rijen/s   batch p50 ${r.batchP50Ms} ms, p95 ${r.batchP95Ms} ms`,
    );
  }
  const scales = datasets.map((d) => d.scale);
  console.log(`\nLatentie in ms (p50 / p95)${scales.map((s) => `  ${`${s}×`.padStart(15)}`).join("")}`);
  const keys = [...new Set(latencies.map((l) => `${l.kind} ${l.key}`))];
  for (const key of keys) {
    const cells = scales.map((scale) => {
      const l = latencies.find((x) => `${x.kind} ${x.key}` === key && x.scale === scale);
      return `  ${(l ? `${l.p50Ms} / ${l.p95Ms}` : "-").padStart(15)}`;
    });
    console.log(`  ${key.padEnd(52)}${cells.join("")}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scales: { type: "string", default: "1,10" },
      seed: { type: "string", default: "42" },
      iterations: { type: "string", default: "20" },
    },
  });
  const scales = values.scales.split(",").map(Number);
  const seed = Number(values.seed);
  const iterations = Number(values.iterations);
  mkdirSync(OUT, { recursive: true });
  const loadAtStart = loadavg()[0];

  const datasets: Dataset[] = [];
  const latencies: Latency[] = [];
  let ingest: IngestionResult[] = [];
  let collect: CollectResult | null = null;
  for (const [index, scale] of scales.entries()) {
    const data = await dataset(scale, seed);
    datasets.push(data);
    // A copy, so that the cached set stays as generated (ingestion adds rows, sign-ins touch users).
    const work = join(OUT, `work-x${scale}.duckdb`);
    rmSync(`${work}.wal`, { force: true });
    copyFileSync(data.path, work);
    const db = await Database.open(work);
    const { secret } = await createApiKey(db, { name: "bench", scope: "all" });
    latencies.push(...(await sqlLatencies(db, scale, iterations)));
    await db.close();

    log(`${scale}×: server starten …`);
    const server = await startWasbord({
      databasePath: work,
      // Simulated website visitors arrive through X-Forwarded-For, as behind a proxy on this machine.
      env: { WASBORD_CLOCK: data.today, TRACKING_ORIGINS: BENCH_ORIGIN, TRUSTED_PROXIES: "127.0.0.1,::1" },
    });
    try {
      const { accessToken } = await signInOverHttp({
        issuer: server.issuer,
        clientId: "wasbord-web",
        redirectUri: `${server.url}/auth/callback`,
        email: "demo@wasbord.nl",
        password: "demo",
      });
      latencies.push(...(await reportLatencies(server.url, accessToken, scale, iterations)));
      if (index === 0) {
        ingest = await ingestion(server.url, secret, data.today);
        collect = await measureCollect({ baseUrl: server.url, events: 10_000, concurrency: 32 });
        log(
          `collect: ${collect.eventsPerSecond} events/s (p50 ${collect.p50Ms} ms, p95 ${collect.p95Ms} ms)`,
        );
      }
    } finally {
      await server.stop();
      rmSync(work, { force: true });
      rmSync(`${work}.wal`, { force: true });
    }
  }

  printTable(datasets, ingest, latencies);
  if (collect) {
    console.log(
      `\nWebsite-tracking POST /api/collect, ${collect.concurrency} bezoekers tegelijk: ${collect.eventsPerSecond} events/s (p50 ${collect.p50Ms} ms, p95 ${collect.p95Ms} ms)`,
    );
  }
  console.log(
    `\nBelasting (load average, 1 min) bij start ${loadAtStart.toFixed(1)}, aan het eind ${loadavg()[0].toFixed(1)}`,
  );
  const report = {
    measuredAt: new Date().toISOString(),
    // Other work on the machine shows in the figures; the 1-minute load averages say how much there was.
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      loadAtStart,
      loadAtEnd: loadavg()[0],
    },
    datasets,
    ingestion: ingest,
    collect,
    latencies,
  };
  writeFileSync(join(OUT, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
  log(`geschreven: ${join(OUT, "bench.json")}`);
}

await main();
