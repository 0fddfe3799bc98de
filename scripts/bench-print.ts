import type { ClickTiming } from "./bench-browser.ts";
import type { IngestionResult } from "./bench-ingest.ts";
import type { Latency } from "./bench-latency.ts";
import type { LoadResult } from "./bench-load.ts";

// What the benchmark measured, as the table it prints on stdout (bench.json holds the same, whole).

export interface Dataset {
  scale: number;
  seed: number;
  today: string;
  rows: Record<string, number>;
  seedSeconds: number;
}

/** What one scale measured besides the latency table. */
export interface ScaleRun {
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

export function printTable(
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
