import { describe, expect, it } from "vitest";
import { filtersFor } from "./filters.ts";
import { REPORTS } from "./registry.ts";

// Pins the SQL of every report (each module's `sql` builders), so a change to a query shows up in review
// as a changed snapshot; a new report is pinned the moment it is registered. The figures themselves are
// proven against the hand-worked fixture in tests/api/reports-*.test.ts.

const filters = filtersFor({
  preset: "custom",
  range: { from: "2026-10-19", to: "2026-10-25" },
  compare: "previous",
  shift: { unit: "day", amount: -7 },
  granularity: "day",
  sites: [{ id: 2, code: "zeist", name: "Zeist" }],
  now: new Date("2026-11-21T12:00:00Z"),
});

const builders = [...REPORTS.values()].flatMap((module) =>
  Object.entries(module.sql).map(([name, build]) => [name, build] as const),
);

describe("report SQL", () => {
  it.each(builders)("%s", (_name, build) => {
    const { text, params } = build(filters);
    expect(`${text}\n-- params: ${JSON.stringify(params)}`).toMatchSnapshot();
  });
});
