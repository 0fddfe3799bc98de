import { describe, expect, it } from "vitest";
import { filtersFor } from "../filters.ts";
import { cohortSql } from "./cohorts.ts";
import { usersFrequencySql } from "./frequency.ts";
import { migrationSql } from "./segments.ts";
import { usersFlowSql } from "./users-flow.ts";
import { usersGeoSql } from "./users-geo.ts";
import { usersRecognitionSql } from "./users-recognition.ts";
import { usersTypeSql } from "./users-type.ts";
import { usersUniqueSql } from "./users-unique.ts";

// Pins the SQL of the KLANTEN reports, so that a change to a query shows up in review as a changed snapshot.
// The figures are proven against the hand-worked fixture in tests/api/reports-customers*.test.ts.

const filters = filtersFor({
  preset: "custom",
  range: { from: "2026-10-19", to: "2026-10-25" },
  compare: "year",
  shift: { unit: "year", amount: -1 },
  granularity: "day",
  site: { id: 2, code: "zeist", name: "Zeist" },
  now: new Date("2026-11-21T12:00:00Z"),
});

describe("customer report SQL", () => {
  it.each([
    ["users-recognition", usersRecognitionSql],
    ["users-unique", usersUniqueSql],
    ["users-unique frequency", usersFrequencySql],
    ["users-type", usersTypeSql],
    ["users-type cohorts", cohortSql],
    ["users-flow", usersFlowSql],
    ["users-flow migration", migrationSql],
    ["users-geo", usersGeoSql],
  ])("%s", (_name, build) => {
    const { text, params } = build(filters);
    expect(`${text}\n-- params: ${JSON.stringify(params)}`).toMatchSnapshot();
  });
});
