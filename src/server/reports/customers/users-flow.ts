import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { defineReport } from "../define-report.ts";
import { categorySeries, envelope, kpis, type Metric, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { byGrain } from "../sql.ts";
import { GAPS } from "./flow-daily.ts";
import {
  type FlowRow,
  flowRows,
  GRAINS,
  usersFlowDailySql,
  usersFlowGapHoursSql,
  usersFlowSql,
} from "./flow-rows.ts";
import { keptMigrationSql, readMigration, syncSegmentCounts } from "./segment-counts.ts";
import {
  type MigrationRow,
  migrationFilters,
  migrationFlow,
  migrationSql,
  SEGMENT_LABELS,
} from "./segments.ts";
import { visitsMetric } from "./visits.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// Flow: when customers arrive (weekday × hour), how long they stay away between visits, and how they move
// between kinds of customer (nieuw, incidenteel, regelmatig, vast, verloren) from one period to the next.

const visits = visitsMetric<FlowRow>();
const medianGap: Metric<FlowRow> = {
  key: "median_gap_days",
  label: "Mediane tijd tussen bezoeken (dagen)",
  unit: "ratio",
  hint: "De helft van de terugkerende bezoeken kwam binnen zoveel dagen na het vorige bezoek van dezelfde klant.",
  value: (row) => row?.median_gap_days ?? null,
};

async function run(db: Queryable, filters: ReportFilters) {
  const [result, migrationRows] = await Promise.all([
    flowRows(db, filters),
    readMigration(db, filters).then(({ rows }) => rows),
  ]);
  const rows = byGrain(result, GRAINS);
  const totals = totalsOf(rows.total);
  const moved = (from: string[], to: string[]) =>
    migrationRows
      .filter((row) => from.includes(row.from_segment) && to.includes(row.to_segment))
      .reduce((s, row) => s + row.plates, 0);
  const active = ["nieuw", "incidenteel", "regelmatig", "vast"];
  const previousPeriod = migrationFilters(filters).comparison;
  const migrationHint = previousPeriod
    ? ` (vorige periode: ${previousPeriod.from} t/m ${previousPeriod.to}).`
    : ".";

  return envelope("users-flow", filters, {
    kpis: [
      ...kpis(filters, [visits, medianGap], totals),
      {
        key: "lost",
        label: "Verloren klanten",
        unit: "count",
        good: "down",
        hint: `Kentekens die in de vorige periode kwamen en nu niet${migrationHint}`,
        value: moved(active, ["verloren"]),
        previous: null,
      },
      {
        key: "won_back",
        label: "Teruggekomen klanten",
        unit: "count",
        hint: `Kentekens die eerder klant waren, in de vorige periode niet kwamen en nu wel${migrationHint}`,
        value: moved(["verloren"], active),
        previous: null,
      },
    ],
    series: [
      categorySeries(
        filters,
        GAPS.map(([x]) => ({ x, matches: (row: FlowRow) => row.gap === x })),
        rows.gap,
        { ...visits, key: "visits_by_gap", label: "Bezoeken naar tijd sinds het vorige bezoek" },
      ),
    ],
    tables: [migrationTable(migrationRows)],
    extra: {
      heatmap: rows.cell
        .filter((row) => row.win === "current")
        .map(({ weekday, hour, visits }) => ({ weekday, hour, visits }))
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
      migration: migrationFlow(filters, migrationRows),
    },
  });
}

/** The sankey's links as a table: from which segment to which, and the share of the segment it left. */
function migrationTable(rows: MigrationRow[]): Table {
  const leaving = (segment: string) =>
    rows.filter((row) => row.from_segment === segment).reduce((s, row) => s + row.plates, 0);
  return {
    key: "migration",
    label: "Verschuivingen tussen segmenten",
    columns: [
      { key: "from", label: "Vorige periode", type: "text" },
      { key: "to", label: "Deze periode", type: "text" },
      { key: "plates", label: "Kentekens", type: "count" },
      {
        key: "share",
        label: "Aandeel van het segment",
        type: "percent",
        hint: "Deel van de kentekens in het segment van de vorige periode.",
      },
    ],
    rows: [...rows]
      // ties in a fixed order, not the query's
      .sort(
        (a, b) =>
          b.plates - a.plates ||
          a.from_segment.localeCompare(b.from_segment) ||
          a.to_segment.localeCompare(b.to_segment),
      )
      .map((row) => ({
        from: SEGMENT_LABELS[row.from_segment],
        to: SEGMENT_LABELS[row.to_segment],
        plates: row.plates,
        share: ratio(row.plates, leaving(row.from_segment)),
      })),
    totals: { from: "Totaal", to: null, plates: rows.reduce((s, row) => s + row.plates, 0), share: null },
  };
}

export const usersFlow = defineReport({
  id: "users-flow",
  syncs: [syncCustomerVisits, syncSegmentCounts],
  sql: {
    "users-flow": usersFlowSql,
    "users-flow daily": usersFlowDailySql,
    // the hours of two gap_days, as if the median lay 12 days after the previous visit in one window, 3 in the other
    "users-flow gap hours": (filters) => usersFlowGapHoursSql(filters, [12, 3]),
    "users-flow migration": migrationSql,
    "users-flow migration kept": keptMigrationSql,
  },
  run,
});
