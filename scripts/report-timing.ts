import { copyFileSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";

// In-process report timings, without HTTP and the other helpers' noise on the socket: each report's
// runReport (its syncs, then run) on a copy of a bench data set, for "Laatste 30 dagen" and "Dit jaar",
// all sites and one site. Prints wall-clock p50 / p95 in ms, the process CPU time per run (DuckDB's threads
// included: on a loaded machine it moves far less than the wall clock) and the load average.
//   npx tsx scripts/report-timing.ts [--data bench-results/demo-x1-seed42.duckdb] [--iterations 20]
//     [--reports dashboard,users-unique] [--today <ISO>, when --data has no bench .json beside it]

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "bench-results/demo-x1-seed42.duckdb" },
    iterations: { type: "string", default: "20" },
    reports: { type: "string" },
    today: { type: "string" },
  },
});
const iterations = Number(values.iterations);
const today =
  values.today ?? (JSON.parse(readFileSync(`${values.data}.json`, "utf8")) as { today: string }).today;
// The server's clock is the data set's "now", as the bench sets it for its server: kept per-period tables
// (Flow's segment counts) are counted for the server's today, and must be the requests' today.
process.env.NODE_ENV = "test";
process.env.WASBORD_CLOCK = today;
const { Database } = await import("../src/server/db/database.ts");
const { migrate } = await import("../src/server/db/migrate.ts");
const { runReport } = await import("../src/server/reports/define-report.ts");
const { parseReportFilters } = await import("../src/server/reports/filters.ts");
const { REPORT_IDS, REPORTS } = await import("../src/server/reports/registry.ts");
const work = `/tmp/report-timing-${process.pid}.duckdb`;
copyFileSync(values.data, work);
const db = await Database.open(work);
await migrate(db); // a data set seeded before the newest migrations
const now = new Date(today);
const [site] = await db.query<{ code: string }>("SELECT code FROM sites WHERE active ORDER BY id LIMIT 1");
const ids = values.reports ? values.reports.split(",") : REPORT_IDS;
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(
  `load at start ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
try {
  for (const id of ids) {
    const report = REPORTS.get(id);
    if (!report) throw new Error(`no report ${id}`);
    for (const period of ["last-30-days", "this-year"]) {
      for (const query of [{ period }, { period, site: site.code }]) {
        const filters = await parseReportFilters(query, db, now, report.entry).catch(() => null);
        if (!filters) continue; // the site filter does not apply to this report
        for (let i = 0; i < 2; i++) await runReport(report, db, filters);
        const times: number[] = [];
        const cpu = process.cpuUsage();
        for (let i = 0; i < iterations; i++) {
          const started = performance.now();
          await runReport(report, db, filters);
          times.push(performance.now() - started);
        }
        const used = process.cpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000 / iterations;
        times.sort((a, b) => a - b);
        const label = `${id} ${period}${query.site ? " 1 site" : ""}`;
        console.log(
          `${label.padEnd(48)} p50 ${p(times, 0.5).toFixed(1).padStart(7)}  p95 ${p(times, 0.95).toFixed(1).padStart(7)}  cpu ${cpuMs.toFixed(1).padStart(7)}`,
        );
      }
    }
  }
} finally {
  console.log(
    `load at end ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  await db.close();
  rmSync(work, { force: true });
  rmSync(`${work}.wal`, { force: true });
}
