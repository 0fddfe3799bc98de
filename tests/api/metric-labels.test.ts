import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database.ts";
import { runReport } from "../../src/server/reports/define-report.ts";
import { parseReportFilters } from "../../src/server/reports/filters.ts";
import { REPORTS } from "../../src/server/reports/registry.ts";
import { DIMENSIONS } from "../../src/shared/metrics/dimensions.ts";
import { findMetric, METRICS } from "../../src/shared/metrics/registry.ts";
import { METRIC_SCREENS } from "../../src/shared/metrics/usage.ts";
import { AD_FAMILIES } from "../../src/shared/reports/ad-reports.ts";
import { type CatalogueEntry, REPORT_CATALOGUE } from "../../src/shared/reports/catalogue.ts";
import type { ReportEnvelope } from "../../src/shared/reports/envelope.ts";
import { FIXTURE_NOW, openFixtureDatabase } from "./fixtures/reports-fixture.ts";

// One label per definition (DESIGN §7, issue 26): every figure on every screen of the catalogue, for one
// period (the fixture's week 43, so that the dashboard's "this week" is the same stretch), is a registered
// metric shown with the registry's label and unit; a label means the same figure on every screen, with the
// same value where the screen is not narrowed to one platform; and the glossary's "used on" is true.

const PERIOD = { from: "2026-10-19", to: "2026-10-25", granularity: "day" };
// The ad reports show one platform each: the same figure rightly has another value there.
const SCOPED = new Set(Object.values(AD_FAMILIES).flatMap((family) => Object.keys(family.levels)));

interface Seen {
  report: string;
  where: string;
  key: string;
  label: string;
  unit: string;
  value?: number | null;
}

const built = (Object.values(REPORT_CATALOGUE) as CatalogueEntry[]).filter((e) => e.status === "built");
const envelopes = new Map<string, ReportEnvelope>();
const dimensionLabels = new Map<string, Set<string>>();
for (const d of DIMENSIONS)
  dimensionLabels.set(d.key, (dimensionLabels.get(d.key) ?? new Set()).add(d.label));

let db: Database;
beforeAll(async () => {
  db = await openFixtureDatabase();
  for (const entry of built) {
    const module = REPORTS.get(entry.id);
    if (!module) throw new Error(`no module for ${entry.id}`);
    const query = entry.id === "dashboard" ? {} : PERIOD;
    const filters = await parseReportFilters(query, db, new Date(FIXTURE_NOW), entry);
    envelopes.set(entry.id, await runReport(module, db, filters));
  }
}, 120_000);
afterAll(() => db?.close());

/** Every figure of every screen; the dashboard's this-week tiles as the week's figures, its today's apart. */
function figures(): Seen[] {
  const out: Seen[] = [];
  for (const [report, envelope] of envelopes) {
    for (const kpi of envelope.kpis) {
      const today = report === "dashboard" && kpi.key.startsWith("today_");
      const key = report === "dashboard" ? kpi.key.replace(/^(today|week)_/, "") : kpi.key;
      out.push({
        report,
        where: today ? "kpi-today" : "kpi",
        key,
        label: kpi.label,
        unit: kpi.unit,
        value: kpi.value,
      });
    }
    for (const series of envelope.series) {
      // `sessions:Google Ads`: one series per channel or programme, named after it
      if (series.key.includes(":")) continue;
      const key = report === "dashboard" ? series.key.replace(/^(today|week)_/, "") : series.key;
      out.push({ report, where: "series", key, label: series.label, unit: series.unit });
    }
    for (const table of envelope.tables) {
      const keys = new Set(table.columns.map((column) => column.key));
      for (const column of table.columns) {
        const base = column.key.replace(/_(previous|change)$/, "");
        if (base !== column.key && keys.has(base)) continue; // the comparison beside a figure
        if (dimensionLabels.has(column.key) && !findMetric(column.key)) continue;
        if (column.type === "text" || column.type === "datetime") continue;
        out.push({
          report,
          where: `table ${table.key}`,
          key: column.key,
          label: column.label,
          unit: column.type,
        });
      }
    }
  }
  return out;
}

describe("the metric registry against every screen", () => {
  it("gives no two figures the same label", () => {
    const labels = METRICS.map((metric) => metric.label);
    expect(labels.length).toBe(new Set(labels).size);
    const dimensions = new Set(DIMENSIONS.map((d) => d.label));
    expect(labels.filter((label) => dimensions.has(label))).toEqual([]);
  });

  it("shows every KPI, series and column with its registered label and unit", () => {
    const wrong = figures().flatMap((seen) => {
      const metric = findMetric(seen.key);
      if (!metric) return [`${seen.report} ${seen.where}: ${seen.key} ("${seen.label}") is not registered`];
      if (metric.label !== seen.label || metric.unit !== seen.unit) {
        return [
          `${seen.report} ${seen.where}: ${seen.key} shows "${seen.label}" (${seen.unit}), registered "${metric.label}" (${metric.unit})`,
        ];
      }
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it("names a row only with a declared dimension label", () => {
    const wrong: string[] = [];
    for (const [report, envelope] of envelopes) {
      for (const table of envelope.tables) {
        for (const column of table.columns) {
          if (column.type !== "text" && column.type !== "datetime" && !dimensionLabels.has(column.key))
            continue;
          if (findMetric(column.key) && column.type !== "text") continue;
          if (!dimensionLabels.get(column.key)?.has(column.label)) {
            wrong.push(`${report} ${table.key}: ${column.key} "${column.label}"`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives a label on several screens one definition, and one value where no platform is chosen", () => {
    const byLabel = new Map<string, Seen[]>();
    for (const seen of figures()) byLabel.set(seen.label, [...(byLabel.get(seen.label) ?? []), seen]);
    const wrong: string[] = [];
    for (const [label, seen] of byLabel) {
      const definitions = new Set(seen.map((s) => findMetric(s.key)?.key));
      if (definitions.size > 1) wrong.push(`"${label}" stands for ${[...definitions].join(" and ")}`);
      // a screen without the facts for a ratio shows none ("–"): nothing to compare
      const values = seen.filter(
        (s) => s.where === "kpi" && !SCOPED.has(s.report) && s.value !== null && s.value !== undefined,
      );
      for (const other of values.slice(1)) {
        if (other.value !== values[0].value) {
          wrong.push(`"${label}": ${values[0].report} ${values[0].value}, ${other.report} ${other.value}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("says truly where each figure is shown (the glossary's list, src/shared/metrics/usage.ts)", () => {
    const used: Record<string, Set<string>> = {};
    for (const seen of figures()) {
      const key = findMetric(seen.key)?.key;
      if (!key) continue;
      used[key] = used[key] ?? new Set();
      used[key].add(seen.report);
    }
    const actual = Object.fromEntries(
      Object.entries(used)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, reports]) => [key, [...reports].sort().join(" ")]),
    );
    if (process.env.UPDATE_METRIC_USAGE) {
      const file = new URL("../../src/shared/metrics/usage.ts", import.meta.url);
      const text = readFileSync(file, "utf8");
      const start = text.indexOf("export const METRIC_SCREENS");
      writeFileSync(
        file,
        `${text.slice(0, start)}export const METRIC_SCREENS: Record<string, string> = ${JSON.stringify(actual, null, 2)};\n`,
      );
    }
    expect(METRIC_SCREENS).toEqual(actual);
  });
});
