import { SITES } from "../src/server/demo/catalog.ts";

// Ingestion load for `npm run bench`: batches of 1 000 rows, built before the clock starts, sent over HTTP
// to a running server by `concurrency` senders; every batch must be fully accepted.

export interface IngestionResult {
  endpoint: "plate-reads" | "transactions";
  concurrency: number;
  batches: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  batchP50Ms: number;
  batchP95Ms: number;
  /** The slowest batch: a checkpoint inside a commit shows here first. */
  batchMaxMs: number;
}

export const BATCH_SIZE = 1000;
const LETTERS = "BDFGHJKLMNPRSTVWXYZ";

/** A plausible sidecode-9 plate (XX-999-X) for row `n`, so the plate rules do real work. */
function plate(n: number): string {
  const letter = (i: number) => LETTERS[Math.floor(n / 19 ** i) % 19];
  return `${letter(0)}${letter(1)}-${String(n % 1000).padStart(3, "0")}-${letter(2)}`;
}

function plateReads(prefix: string, batch: number, start: number): unknown[] {
  return Array.from({ length: BATCH_SIZE }, (_, i) => {
    const n = batch * BATCH_SIZE + i;
    const site = SITES[n % SITES.length];
    return {
      eventId: `${prefix}-${n}`,
      site: site.code,
      readAt: new Date(start + n * 50).toISOString(),
      lane: 1,
      camera: `${site.code}-cam-1`,
      plate: n % 50 === 0 ? null : plate(n),
      confidence: 0.9,
    };
  });
}

function transactions(prefix: string, batch: number, start: number): unknown[] {
  return Array.from({ length: BATCH_SIZE }, (_, i) => {
    const n = batch * BATCH_SIZE + i;
    return {
      eventId: `${prefix}-${n}`,
      site: SITES[n % SITES.length].code,
      occurredAt: new Date(start + n * 50).toISOString(),
      plate: plate(n),
      paymentMethod: "pin",
      lines: [
        { item: "glans", unitPriceCents: 1495 },
        { item: "velgen", unitPriceCents: 300 },
      ],
      discountCents: n % 10 === 0 ? 300 : 0,
      totalCents: n % 10 === 0 ? 1495 : 1795,
    };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function measureIngestion(options: {
  baseUrl: string;
  apiKey: string;
  endpoint: IngestionResult["endpoint"];
  batches: number;
  concurrency: number;
  /** Event ids must be new for every measurement: a repeated id is a duplicate, not an insert. */
  prefix: string;
  /** Epoch ms of the first row's time; rows follow 50 ms apart, as a busy camera's would. */
  start: number;
  /** Called when the bodies are built and the first batch is about to leave. */
  onSending?: () => void;
}): Promise<IngestionResult> {
  const build = options.endpoint === "plate-reads" ? plateReads : transactions;
  const bodies = Array.from({ length: options.batches }, (_, b) =>
    JSON.stringify(build(options.prefix, b, options.start)),
  );
  const durations: number[] = [];
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const sent = performance.now();
      const response = await fetch(`${options.baseUrl}/api/ingest/${options.endpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
        body,
      });
      const answer = (await response.json()) as { accepted?: number };
      if (response.status !== 200 || answer.accepted !== BATCH_SIZE) {
        throw new Error(`${options.endpoint}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
      }
      durations.push(performance.now() - sent);
    }
  };
  options.onSending?.();
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, sender));
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const rows = options.batches * BATCH_SIZE;
  return {
    endpoint: options.endpoint,
    concurrency: options.concurrency,
    batches: options.batches,
    rows,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    batchP50Ms: Math.round(percentile(durations, 50)),
    batchP95Ms: Math.round(percentile(durations, 95)),
    batchMaxMs: Math.round(durations[durations.length - 1] ?? 0),
  };
}
