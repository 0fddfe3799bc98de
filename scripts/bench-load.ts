import { type IngestionResult, measureIngestion } from "./bench-ingest.ts";

// Reports while the cameras pour in, for `npm run bench`: plate reads are ingested over HTTP as fast as
// `concurrency` senders manage (the target is ≥ 20 000 reads/s), and meanwhile a reader opens reports one
// after the other. Both sides' latencies are reported side by side with the reports' latency at rest.

export const REPORTS_UNDER_LOAD = [
  "dashboard?period=last-30-days",
  "users-unique?period=this-year",
  "users-recognition?period=last-30-days",
  "trx-sales?period=last-30-days",
] as const;

export interface LoadResult {
  ingestion: IngestionResult;
  reports: { key: string; calls: number; p50Ms: number; p95Ms: number }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function measureReportsUnderIngestion(options: {
  baseUrl: string;
  apiKey: string;
  accessToken: string;
  /** Epoch ms of the first ingested read. */
  start: number;
  batches: number;
  concurrency: number;
}): Promise<LoadResult> {
  const durations = new Map<string, number[]>(REPORTS_UNDER_LOAD.map((key) => [key, []]));
  let ingesting = false;
  let reading: Promise<void> = Promise.resolve();
  const reader = async () => {
    while (ingesting) {
      for (const key of REPORTS_UNDER_LOAD) {
        if (!ingesting) return;
        const started = performance.now();
        const response = await fetch(`${options.baseUrl}/api/reports/${key}`, {
          headers: { authorization: `Bearer ${options.accessToken}` },
        });
        if (response.status !== 200) throw new Error(`${key}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        durations.get(key)?.push(performance.now() - started);
      }
    }
  };
  const ingestion = await measureIngestion({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    endpoint: "plate-reads",
    batches: options.batches,
    concurrency: options.concurrency,
    prefix: `bench-load-${Date.now().toString(36)}`,
    start: options.start,
    onSending: () => {
      ingesting = true;
      reading = reader();
      // Rethrown by the await below once the senders are done; unhandled meanwhile, it would end the bench
      // at once and leave its server running.
      reading.catch(() => {});
    },
  }).finally(() => {
    ingesting = false;
  });
  await reading;
  const reports = [...durations].map(([key, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      key,
      calls: sorted.length,
      p50Ms: Math.round(percentile(sorted, 50) ?? 0),
      p95Ms: Math.round(percentile(sorted, 95) ?? 0),
    };
  });
  return { ingestion, reports };
}
