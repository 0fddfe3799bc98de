import type { BuiltSql, Queryable } from "../src/server/db/database.ts";
import type { DerivedSync } from "../src/server/reports/define-report.ts";
import { filtersFor, type ReportFilters } from "../src/server/reports/filters.ts";
import { REPORTS } from "../src/server/reports/registry.ts";
import { localDate } from "../src/server/warehouse/time-zone.ts";
import { addDays } from "../src/shared/reports/dates.ts";
import { defaultGranularity } from "../src/shared/reports/filters.ts";

// The reports' own queries, run directly for `npm run bench` (no HTTP, no envelope): the SQL each report
// module pins in its snapshot, over a window ending with the newest data, so the yardstick measures the
// definitions the screens use and never a copy of them. The endpoints are measured over HTTP as well.

export interface BenchQuery {
  key: string;
  label: string;
  /** Whole local days in the window, ending with the day of the newest data. */
  days: number;
  syncs: readonly DerivedSync[];
  build: (filters: ReportFilters) => BuiltSql;
}

const PICKS: [report: string, query: string, days: number, label: string][] = [
  ["trx-sales", "trx-sales", 30, "Transacties per dag, vestiging, betaalwijze en uur (30 dagen)"],
  ["users-unique", "users-unique", 365, "Unieke kentekens per week en vestiging (365 dagen)"],
  ["users-type", "users-type", 365, "Nieuwe en terugkerende klanten per week (365 dagen)"],
  ["trx-items", "trx-items", 365, "Programmamix per week (365 dagen)"],
  ["users-recognition", "users-recognition", 30, "Leesgraad per camera en uur (30 dagen)"],
  ["google-ads/keywords", "google-ads/keywords", 365, "Google Ads per zoekwoord (365 dagen)"],
];

export const BENCH_QUERIES: BenchQuery[] = PICKS.map(([report, query, days, label]) => {
  const module = REPORTS.get(report);
  const build = module?.sql[query];
  if (!module || !build) throw new Error(`no query ${query} in report ${report}`);
  return { key: `${report}:${query}`, label, days, syncs: module.syncs, build };
});

/** The last `days` whole local days up to the day of the newest transaction (the demo's "today"), no comparison. */
export async function filtersOf(db: Queryable, days: number): Promise<ReportFilters> {
  const [row] = await db.query<{ last: string }>("SELECT max(occurred_at) AS last FROM transactions");
  const last = new Date(row.last);
  const to = localDate(last);
  const range = { from: addDays(to, 1 - days), to };
  return filtersFor({
    preset: "custom",
    range,
    compare: "none",
    shift: null,
    granularity: defaultGranularity(range),
    sites: [],
    now: new Date(last.getTime() + 1),
  });
}
