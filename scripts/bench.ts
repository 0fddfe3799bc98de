import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../src/server/db/database.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { generateDemoData } from "../src/server/demo/index.ts";
import { createApiKey } from "../src/server/ingest/api-keys.ts";
import { REPORT_IDS, type ReportId } from "../src/shared/reports/catalogue.ts";
import { measureClickToKpi } from "./bench-browser.ts";
import { type CollectResult, measureCollect } from "./bench-collect.ts";
import { type IngestionResult, measureIngestion } from "./bench-ingest.ts";
import { type Latency, log, reportLatencies, sqlLatencies } from "./bench-latency.ts";
import { measureReportsUnderIngestion } from "./bench-load.ts";
import { type Dataset, printTable, type ScaleRun } from "./bench-print.ts";
import {
  cpuSecondsOf,
  DEMO,
  peakMemoryOf,
  reportTablesReady,
  signIn,
  startServer,
  timeRestart,
} from "./bench-server.ts";

// npm run bench [-- --scales 1,10] [--seed 42] [--iterations 20] [--reports users-unique,dashboard]
// Builds (or reuses) the demo data set per scale under bench-results/, then on a copy of it measures
//  (a) ingestion over HTTP, batches of 1 000 plate reads and of 1 000 transactions (at the first scale);
//  (b) latency of the benchmark queries (direct SQL) and of every report endpoint (over HTTP, signed in),
//      for all sites and for one site;
//  (c) report latency while plate reads are ingested as fast as possible, side by side with the ingestion;
//  (d) in Chromium, click in the navigation → KPI tiles drawn, for the heavy screens (at rest, before (a));
//  (e) the server's peak memory, and the time from a restart to the first answered report.
// The server runs as a child process, as in production; only one process can open a DuckDB file, so the
// SQL queries run before it starts. Results: a table on stdout and bench-results/bench.json.

const OUT = "bench-results";

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
      `ingestie ${endpoint}, ${concurrency} tegelijk: ${result.rowsPerSecond} rijen/s (batch p50 ${result.batchP50Ms} ms, p95 ${result.batchP95Ms} ms, max ${result.batchMaxMs} ms)`,
    );
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scales: { type: "string", default: "1,10" },
      seed: { type: "string", default: "42" },
      iterations: { type: "string", default: "20" },
      // Only these reports' latencies (all of them when absent): for checking one report's speed quickly.
      reports: { type: "string" },
    },
  });
  const scales = values.scales.split(",").map(Number);
  const seed = Number(values.seed);
  const iterations = Number(values.iterations);
  const only = values.reports?.split(",").map((id) => {
    if (!REPORT_IDS.includes(id as ReportId)) throw new Error(`--reports: onbekend rapport ${id}`);
    return id as ReportId;
  });
  mkdirSync(OUT, { recursive: true });
  const loadAtStart = loadavg()[0];

  const datasets: Dataset[] = [];
  const latencies: Latency[] = [];
  let ingest: IngestionResult[] = [];
  let collect: CollectResult | null = null;
  const runs: ScaleRun[] = [];
  for (const [index, scale] of scales.entries()) {
    const data = await dataset(scale, seed);
    datasets.push(data);
    // A copy, so that the cached set stays as generated (ingestion adds rows, sign-ins touch users).
    const work = join(OUT, `work-x${scale}.duckdb`);
    rmSync(`${work}.wal`, { force: true });
    copyFileSync(data.path, work);
    const db = await Database.open(work);
    await migrate(db); // a cached set from before the newest migrations, as the server would on start
    const { secret } = await createApiKey(db, { name: "bench", scope: "all" });
    latencies.push(...(await sqlLatencies(db, scale, iterations)));
    await db.close();

    log(`${scale}×: server starten …`);
    let server = await startServer(work, data.today);
    try {
      await reportTablesReady(server);
      const accessToken = await signIn(server);
      latencies.push(...(await reportLatencies(server.url, accessToken, scale, iterations, only)));
      // At rest, as the latencies: after the ingestion below the server spends a while taking the new rows
      // into its report tables, and the browser would measure that.
      const clicks = await measureClickToKpi({
        baseUrl: server.url,
        email: DEMO.email,
        password: DEMO.password,
      });
      for (const c of clicks)
        log(`${scale}× browser ${c.path}: klik ${c.clickP50Ms} ms, Dit jaar ${c.yearP50Ms} ms`);
      if (index === 0) {
        ingest = await ingestion(server.url, secret, data.today);
        collect = await measureCollect({ baseUrl: server.url, events: 10_000, concurrency: 128 });
        log(
          `collect: ${collect.eventsPerSecond} events/s (p50 ${collect.p50Ms} ms, p95 ${collect.p95Ms} ms)`,
        );
      }
      const cpuBefore = cpuSecondsOf(server.pid);
      const load = await measureReportsUnderIngestion({
        baseUrl: server.url,
        apiKey: secret,
        accessToken,
        start: Date.parse(data.today) - 30 * 3_600_000,
        // Long enough for the reader to open each report several times: at 10× a year's report under load
        // takes seconds, and 400 batches went in within one round of it.
        batches: 400 * Math.ceil(scale / 2),
        concurrency: 6,
      });
      const loadCpuSeconds = Math.round((cpuSecondsOf(server.pid) - cpuBefore) * 10) / 10;
      log(
        `${scale}× onder belasting: ${load.ingestion.rowsPerSecond} kentekenlezingen/s, ${loadCpuSeconds} s CPU`,
      );
      const peakMemoryMb = peakMemoryOf(server.pid);
      // signed in before the restart, as an operator with the app open is
      const token = await signIn(server);
      const stopping = performance.now();
      await server.stop();
      const stopMs = Math.round(performance.now() - stopping);
      const restart = await timeRestart(server, data.today, token);
      server = restart.server;
      log(
        `${scale}× herstart: gezond na ${restart.healthyMs} ms, eerste rapport na ${restart.firstReportMs} ms`,
      );
      runs.push({
        scale,
        load,
        loadCpuSeconds,
        clicks,
        peakMemoryMb,
        restart: { healthyMs: restart.healthyMs, firstReportMs: restart.firstReportMs },
        stopMs,
      });
    } catch (error) {
      // The server runs as a child: show what it said last, which is where a failure here is explained.
      log(
        `${scale}×: mislukt; de laatste regels van de server:\n${server.output().split("\n").slice(-40).join("\n")}`,
      );
      throw error;
    } finally {
      await server.stop();
      rmSync(work, { force: true });
      rmSync(`${work}.wal`, { force: true });
    }
  }

  printTable(datasets, ingest, latencies, runs);
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
    runs,
  };
  writeFileSync(join(OUT, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
  log(`geschreven: ${join(OUT, "bench.json")}`);
}

await main();
