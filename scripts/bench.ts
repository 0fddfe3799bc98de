import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../src/server/db/database.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { generateDemoData } from "../src/server/demo/index.ts";
import { createApiKey } from "../src/server/ingest/api-keys.ts";
import { REPORT_CATALOGUE, REPORT_IDS, type ReportId } from "../src/shared/reports/catalogue.ts";
import type { ReportsIndex } from "../src/shared/reports/envelope.ts";
import { signInOverHttp } from "../tests/support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../tests/support/wasbord-process.ts";
import { type ClickTiming, measureClickToKpi } from "./bench-browser.ts";
import { BENCH_ORIGIN, type CollectResult, measureCollect } from "./bench-collect.ts";
import { type IngestionResult, measureIngestion } from "./bench-ingest.ts";
import { type LoadResult, measureReportsUnderIngestion } from "./bench-load.ts";
import { BENCH_QUERIES, filtersOf } from "./bench-queries.ts";

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
const REPORT_PERIODS = ["last-30-days", "this-year"] as const;

interface Latency {
  kind: "sql" | "report";
  /** Reports: all sites, or the first site of the chain (reports the site filter applies to). */
  sites?: "all" | "one";
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
  only: ReportId[] | undefined,
): Promise<Latency[]> {
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const results: Latency[] = [];
  const { sites } = (await get("/api/reports")) as ReportsIndex;
  const oneSite = sites[0].code;
  // Every report of the catalogue, the bespoke experiments report (its own endpoint) included.
  for (const id of only ?? REPORT_IDS) {
    const scopes = REPORT_CATALOGUE[id].site ? (["all", "one"] as const) : (["all"] as const);
    for (const sites of scopes) {
      for (const period of REPORT_PERIODS) {
        const key = `${id}?period=${period}${sites === "one" ? `&site=${oneSite}` : ""}`;
        const { p50Ms, p95Ms } = await timed(iterations, () => get(`/api/reports/${key}`));
        results.push({ kind: "report", sites, key, label: id, scale, p50Ms, p95Ms });
        log(`${scale}× rapport ${key}: p50 ${p50Ms} ms, p95 ${p95Ms} ms`);
      }
    }
  }
  return results;
}

const DEMO = { email: "demo@wasbord.nl", password: "demo" };

/** What one scale measured besides the latency table. */
interface ScaleRun {
  scale: number;
  load: LoadResult;
  /** CPU seconds (user + system) the server process used while the plate reads poured in. */
  loadCpuSeconds: number;
  clicks: ClickTiming[];
  /** The server process's peak resident memory (VmHWM) over the whole run at this scale. */
  peakMemoryMb: number;
  /** From the start of a restarted server to /healthz, and to its first answered report (sign-in included). */
  restart: { healthyMs: number; firstReportMs: number };
  /** From SIGTERM to the server's exit: requests drained, the database checkpointed and closed. */
  stopMs: number;
}

const startServer = (databasePath: string, today: string) =>
  startWasbord({
    databasePath,
    // Simulated website visitors arrive through X-Forwarded-For, as behind a proxy on this machine.
    env: { WASBORD_CLOCK: today, TRACKING_ORIGINS: BENCH_ORIGIN, TRUSTED_PROXIES: "127.0.0.1,::1" },
  });

/**
 * Waits until the server's background refresher has brought every report table up to date after its start
 * (on a fresh copy it builds them all: minutes at 10×), so that latencies are not measured beside that work.
 */
async function reportTablesReady(server: WasbordProcess): Promise<void> {
  const started = performance.now();
  while (!/Rapporttabellen bijgewerkt in/.test(server.output())) {
    // A first round that keeps failing logs its error and never this line: stop rather than wait for ever.
    if (performance.now() - started > 20 * 60_000)
      throw new Error("rapporttabellen na 20 minuten nog niet bij");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`rapporttabellen bijgewerkt na ${Math.round((performance.now() - started) / 1000)} s wachten`);
}

async function signIn(server: WasbordProcess): Promise<string> {
  const { accessToken } = await signInOverHttp({
    issuer: server.issuer,
    clientId: "wasbord-web",
    redirectUri: `${server.url}/auth/callback`,
    ...DEMO,
  });
  return accessToken;
}

function peakMemoryOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts the server again on the same database, as after a deploy or a crash, and times it. */
async function timeRestart(databasePath: string, today: string) {
  const started = performance.now();
  const server = await startServer(databasePath, today);
  const healthyMs = Math.round(performance.now() - started);
  const token = await signIn(server);
  const response = await fetch(`${server.url}/api/reports/users-unique?period=this-year`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`first report after restart: ${response.status}`);
  await response.arrayBuffer();
  return { server, healthyMs, firstReportMs: Math.round(performance.now() - started) };
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

function printTable(
  datasets: Dataset[],
  ingest: IngestionResult[],
  latencies: Latency[],
  runs: ScaleRun[],
): void {
  const nl = (n: number) => n.toLocaleString("nl-NL");
  console.log("\nData sets");
  for (const d of datasets) {
    const total = Object.values(d.rows).reduce((sum, n) => sum + n, 0);
    console.log(`  ${d.scale}×: ${nl(total)} rijen, gegenereerd in ${d.seedSeconds} s`);
  }
  console.log("\nIngestie over HTTP, batches van 1 000 rijen");
  for (const r of ingest) {
    console.log(
      `  ${r.endpoint.padEnd(13)} ${r.concurrency} tegelijk  ${nl(r.rowsPerSecond).padStart(8)} rijen/s   batch p50 ${r.batchP50Ms} ms, p95 ${r.batchP95Ms} ms, max ${r.batchMaxMs} ms`,
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
  const atRest = (scale: number, key: string) =>
    latencies.find((l) => l.kind === "report" && l.key === key && l.scale === scale);
  for (const run of runs) {
    const { ingestion: i } = run.load;
    console.log(
      `\n${run.scale}×: rapporten terwijl ${nl(i.rowsPerSecond)} kentekenlezingen/s binnenkomen (batch p50 ${i.batchP50Ms} ms, p95 ${i.batchP95Ms} ms, max ${i.batchMaxMs} ms; server ${nl(run.loadCpuSeconds)} s CPU in ${nl(i.seconds)} s), p50 / p95 ms`,
    );
    for (const r of run.load.reports) {
      const rest = atRest(run.scale, r.key);
      console.log(
        `  ${r.key.padEnd(40)} onder belasting ${`${r.p50Ms} / ${r.p95Ms}`.padStart(13)}   in rust ${rest ? `${rest.p50Ms} / ${rest.p95Ms}` : "-"}`,
      );
    }
    console.log(`${run.scale}×: Chromium, klik in de navigatie → KPI's getekend (mediaan / max ms)`);
    for (const c of run.clicks) {
      console.log(
        `  ${c.path.padEnd(40)} klik ${`${c.clickP50Ms} / ${c.clickMaxMs}`.padStart(13)}   "Dit jaar" ${c.yearP50Ms} / ${c.yearMaxMs}`,
      );
    }
    console.log(
      `${run.scale}×: piekgeheugen server ${nl(run.peakMemoryMb)} MB; stoppen ${nl(run.stopMs)} ms; herstart → /healthz ${nl(run.restart.healthyMs)} ms, → eerste rapport ${nl(run.restart.firstReportMs)} ms`,
    );
  }
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
        collect = await measureCollect({ baseUrl: server.url, events: 10_000, concurrency: 32 });
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
      const stopping = performance.now();
      await server.stop();
      const stopMs = Math.round(performance.now() - stopping);
      const restart = await timeRestart(work, data.today);
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
