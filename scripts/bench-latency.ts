import type { Database } from "../src/server/db/database.ts";
import { REPORT_CATALOGUE, REPORT_IDS, type ReportId } from "../src/shared/reports/catalogue.ts";
import type { ReportsIndex } from "../src/shared/reports/envelope.ts";
import { BENCH_QUERIES, filtersOf } from "./bench-queries.ts";

// Latencies of the benchmark: the benchmark queries as direct SQL, and every report endpoint over HTTP.

const REPORT_PERIODS = ["last-30-days", "this-year"] as const;

export interface Latency {
  kind: "sql" | "report";
  /** Reports: all sites, or the first site of the chain (reports the site filter applies to). */
  sites?: "all" | "one";
  key: string;
  label: string;
  scale: number;
  p50Ms: number;
  p95Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const log = (line: string) => console.log(`[bench] ${line}`);

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

export async function sqlLatencies(db: Database, scale: number, iterations: number): Promise<Latency[]> {
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

export async function reportLatencies(
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
