import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database.ts";
import { runReport } from "../../src/server/reports/define-report.ts";
import { parseReportFilters } from "../../src/server/reports/filters.ts";
import { REPORTS } from "../../src/server/reports/registry.ts";
import { navPages, REPORT_SECTIONS } from "../../src/shared/navigation.ts";
import { type CatalogueEntry, REPORT_CATALOGUE } from "../../src/shared/reports/catalogue.ts";
import { REPORT_DECLARATIONS } from "../../src/web/features/reports/declarations/index.ts";
import { FIXTURE_NOW, openFixtureDatabase } from "./fixtures/reports-fixture.ts";

// Walks the report catalogue: every built report has its module, its screen declaration, its pinned SQL
// and an answer whose keys are the catalogue's — so adding a report tells you what you forgot. A bespoke
// report (experiments) has its own endpoint and screen instead. Runs the reports in-process on the base fixture.

const entries = Object.values(REPORT_CATALOGUE) as CatalogueEntry[];
const built = entries.filter((entry) => entry.status === "built");
const snapshots = readFileSync(
  new URL("../../src/server/reports/__snapshots__/report-sql.test.ts.snap", import.meta.url),
  "utf8",
);
// The series a declaration or the catalogue names, `prefix:*` standing for every key with that prefix.
const matches = (pattern: string, key: string) =>
  pattern.endsWith("*") ? key.startsWith(pattern.slice(0, -1)) : pattern === key;

let db: Database;
beforeAll(async () => {
  db = await openFixtureDatabase();
}, 60_000);
afterAll(() => db?.close());

describe("the report catalogue", () => {
  it("lists every report path of the navigation, and the dashboard", () => {
    const paths = navPages(REPORT_SECTIONS).map((page) => page.path.replace("/reports/", ""));
    expect(entries.map((entry) => entry.id).sort()).toEqual([...paths, "dashboard"].sort());
  });

  it("has a module for every built report and none for a bespoke one", () => {
    expect([...REPORTS.keys()].sort()).toEqual(built.map((entry) => entry.id).sort());
  });

  it("has a screen declaration for every built report, and none for a bespoke one", () => {
    for (const entry of entries) {
      // The dashboard is its own page (features/dashboard), not a path under /reports.
      if (entry.id === "dashboard") continue;
      expect(!!REPORT_DECLARATIONS[`/reports/${entry.id}`], entry.id).toBe(entry.status === "built");
    }
  });

  it("pins the SQL of every built report", () => {
    for (const module of REPORTS.values()) {
      expect(Object.keys(module.sql).length, module.id).toBeGreaterThan(0);
      for (const name of Object.keys(module.sql)) {
        expect(snapshots, `${module.id}: ${name}`).toContain(`exports[\`report SQL > ${name} 1\`]`);
      }
    }
  });

  it.each(built.map((entry) => [entry.id, entry] as const))(
    "%s answers with the keys of its entry, and its declaration names only those",
    async (id, entry) => {
      const module = REPORTS.get(id);
      if (!module) throw new Error(`no module for ${id}`);
      const filters = await parseReportFilters({}, db, new Date(FIXTURE_NOW), entry);
      const envelope = await runReport(module, db, filters);

      expect(envelope.kpis.map((kpi) => kpi.key).sort()).toEqual([...entry.kpis].sort());
      expect(envelope.tables.map((table) => table.key).sort()).toEqual([...entry.tables].sort());
      // The granularity control shows exactly where the answer has figures over time.
      expect(
        envelope.series.some((series) => series.axis === "time"),
        `${id}: bucketed`,
      ).toBe(entry.bucketed);
      for (const series of envelope.series) {
        expect(
          entry.series.some((pattern) => matches(pattern, series.key)),
          `${id}: ${series.key}`,
        ).toBe(true);
      }
      for (const pattern of entry.series.filter((p) => !p.endsWith("*"))) {
        expect(
          envelope.series.map((s) => s.key),
          `${id}: series ${pattern}`,
        ).toContain(pattern);
      }
      if (entry.extra) expect(entry.extra.safeParse(envelope.extra).success, `${id}: extra`).toBe(true);
      else expect(envelope.extra).toBeUndefined();

      const declaration = REPORT_DECLARATIONS[`/reports/${id}`];
      if (!declaration) return;
      const kpiKeys = (declaration.kpis ?? []).flatMap((k) => (typeof k === "string" ? [k] : k.keys));
      for (const key of kpiKeys) expect(entry.kpis as readonly string[], `${id}: KPI ${key}`).toContain(key);
      for (const key of declaration.charts.flatMap((chart) => chart.series)) {
        expect(entry.series as readonly string[], `${id}: chart series ${key}`).toContain(key);
      }
      for (const key of declaration.tables ?? []) {
        expect(entry.tables as readonly string[], `${id}: table ${key}`).toContain(key);
      }
    },
  );
});
