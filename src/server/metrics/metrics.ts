import { stat } from "node:fs/promises";
import { Counter, Gauge, Histogram, Registry } from "./registry.ts";

// Wasbord's metrics, one instance per process like the process itself. Routes are label values by their
// pattern (`/api/reports/:id`), never by path, so the number of series stays bounded.

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const registry = new Registry();

export const httpRequests = registry.register(
  new Counter(
    "wasbord_http_requests_total",
    "HTTP requests answered, by method, route pattern and status.",
    [],
  ),
);
export const httpDuration = registry.register(
  new Histogram(
    "wasbord_http_request_duration_seconds",
    "Time to answer an HTTP request, by route.",
    SECONDS,
  ),
);
export const rateLimited = registry.register(
  new Counter("wasbord_rate_limited_total", "Requests refused with 429 Too Many Requests, by route.", []),
);
export const ingestRows = registry.register(
  new Counter(
    "wasbord_ingest_rows_total",
    "Rows sent to /api/ingest/*: accepted (stored), duplicate (already stored) or refused (batch invalid).",
    ["plate-reads", "transactions", "ad-stats", "memberships", "weather"].flatMap((endpoint) =>
      ["accepted", "duplicate", "refused"].map((outcome) => ({ endpoint, outcome })),
    ),
  ),
);
export const collectEvents = registry.register(
  new Counter(
    "wasbord_collect_events_total",
    "Website tracking events at /api/collect, by outcome.",
    ["stored", "bot", "rate_limited", "origin_refused", "malformed"].map((outcome) => ({ outcome })),
  ),
);
export const reportDuration = registry.register(
  new Histogram(
    "wasbord_report_duration_seconds",
    "Time to compute a report's envelope, by report.",
    SECONDS,
  ),
);
export const alertsSent = registry.register(new Counter("wasbord_alerts_sent_total", "Alert messages sent."));

registry.register(
  new Gauge("wasbord_process_resident_memory_bytes", "Resident memory of the server process.", () =>
    process.memoryUsage.rss(),
  ),
);
registry.register(
  new Gauge("wasbord_process_uptime_seconds", "Seconds since the server process started.", () =>
    Math.round(process.uptime()),
  ),
);

const fileSize = async (path: string) => (await stat(path).catch(() => null))?.size ?? null;

/** The exposition text: the metrics above plus the DuckDB file and its write-ahead log, measured now. */
export async function renderMetrics(databasePath: string): Promise<string> {
  const files = new Registry();
  if (databasePath !== ":memory:") {
    files.register(
      new Gauge("wasbord_duckdb_file_bytes", "Size of the DuckDB database file.", () =>
        fileSize(databasePath),
      ),
    );
    // Absent right after a checkpoint: reported as 0, which is what it holds.
    files.register(
      new Gauge(
        "wasbord_duckdb_wal_bytes",
        "Size of the DuckDB write-ahead log (not yet checkpointed).",
        async () => (await fileSize(`${databasePath}.wal`)) ?? 0,
      ),
    );
  }
  return (await registry.render()) + (await files.render());
}
