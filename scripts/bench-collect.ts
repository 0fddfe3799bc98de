import { Agent, request } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { startWasbord } from "../tests/support/wasbord-process.ts";

// Throughput of POST /api/collect over HTTP: simulated visitors, each from its own address (X-Forwarded-For,
// which the server believes from a loopback peer) so the per-client rate limit does not apply, send a
// realistic series of events one after the other; `concurrency` visitors are under way at once. Every
// event must be answered 202. The bodies are built before the clock starts.
//
// Standalone: npx tsx scripts/bench-collect.ts [--events 20000] [--concurrency 128]
// (starts its own server with a fresh database). `npm run bench` can call measureCollect against its
// server, started with TRACKING_ORIGINS=BENCH_ORIGIN.

export const BENCH_ORIGIN = "https://bench.wasbord.example";

export interface CollectResult {
  events: number;
  visitors: number;
  concurrency: number;
  seconds: number;
  eventsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const EVENTS_PER_VISITOR = 8;

/** One visit: landing with a campaign, an exposure, a second page, time on the first, a conversion. */
function visit(visitor: number): string[] {
  const base = { site: "bench.wasbord.example", referrer: null, width: visitor % 3 === 0 ? 390 : 1440 };
  const url = (path: string) => `${BENCH_ORIGIN}${path}`;
  const events = [
    {
      type: "pageview",
      url: url(`/?utm_source=google&utm_medium=cpc&gclid=b${visitor}`),
      referrer: "https://www.google.nl/",
    },
    {
      type: "experiment",
      url: url("/"),
      experiment: { key: "bench-hero", variant: visitor % 2 ? "b" : "control" },
    },
    { type: "leave", url: url(`/?utm_source=google&utm_medium=cpc&gclid=b${visitor}`), engagedMs: 12_000 },
    { type: "pageview", url: url("/prijzen") },
    { type: "leave", url: url("/prijzen"), engagedMs: 30_000 },
    { type: "pageview", url: url("/abonnement") },
    { type: "conversion", url: url("/bedankt"), value: 24.95 },
    { type: "leave", url: url("/abonnement"), engagedMs: 5_000 },
  ];
  return events.slice(0, EVENTS_PER_VISITOR).map((event) => JSON.stringify({ ...base, ...event }));
}

/** 198.18.0.0/15 is reserved for benchmarks: public as far as the server can tell, never a real visitor. */
const address = (visitor: number) => `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function measureCollect(options: {
  baseUrl: string;
  events: number;
  concurrency: number;
  /** Visitor numbers start here, so a second measurement on the same server has new visitors. */
  firstVisitor?: number;
}): Promise<CollectResult> {
  const visitors = Math.ceil(options.events / EVENTS_PER_VISITOR);
  const first = options.firstVisitor ?? 0;
  const plans = Array.from({ length: visitors }, (_, i) => ({
    ip: address(first + i),
    bodies: visit(first + i),
  }));
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const target = new URL("/api/collect", options.baseUrl);
  const send = (ip: string, body: string) =>
    new Promise<number>((resolve, reject) => {
      const call = request(
        target,
        {
          method: "POST",
          agent,
          headers: {
            origin: BENCH_ORIGIN,
            "user-agent": UA,
            "x-forwarded-for": ip,
            "content-type": "text/plain;charset=UTF-8",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      call.on("error", reject);
      call.end(body);
    });

  const durations: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next++];
      for (const body of plan.bodies) {
        const started = performance.now();
        const status = await send(plan.ip, body);
        durations.push(performance.now() - started);
        if (status !== 202) throw new Error(`collect answered ${status} for ${body}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  durations.sort((a, b) => a - b);
  const events = durations.length;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    events,
    visitors,
    concurrency: options.concurrency,
    seconds: round(seconds),
    eventsPerSecond: Math.round(events / seconds),
    p50Ms: round(percentile(durations, 50)),
    p95Ms: round(percentile(durations, 95)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: "string", default: "20000" },
      concurrency: { type: "string", default: "128" },
    },
  });
  // Simulated visitors arrive through X-Forwarded-For, as behind a reverse proxy on this machine.
  const server = await startWasbord({
    env: { TRACKING_ORIGINS: BENCH_ORIGIN, TRUSTED_PROXIES: "127.0.0.1,::1" },
  });
  try {
    const concurrency = Number(values.concurrency);
    await measureCollect({ baseUrl: server.url, events: 800, concurrency, firstVisitor: 60_000 });
    const result = await measureCollect({ baseUrl: server.url, events: Number(values.events), concurrency });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
