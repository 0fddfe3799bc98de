import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { GAPS } from "../../warehouse/derived/customers/flow-daily.ts";
import { syncSegmentCounts } from "../../warehouse/derived/customers/segment-counts.ts";
import { syncCustomerVisits } from "../../warehouse/derived/customers/visits-sync.ts";
import { defineReport } from "../define-report.ts";
import {
  categorySeries,
  envelope,
  kpis,
  metric,
  metricColumn,
  registeredKpi,
  totalsOf,
} from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { byGrain } from "../sql.ts";
import {
  type FlowRow,
  flowRows,
  GRAINS,
  usersFlowDailySql,
  usersFlowGapHoursSql,
  usersFlowSql,
} from "./flow-rows.ts";
import { keptMigrationSql, readMigration } from "./segment-counts.ts";
import {
  type MigrationRow,
  migrationFilters,
  migrationFlow,
  migrationSql,
  SEGMENT_LABELS,
} from "./segments.ts";
import { visitsMetric } from "./visits.ts";

// Flow: when customers arrive (weekday × hour), how long they stay away between visits, and how they move
// between kinds of customer (nieuw, incidenteel, regelmatig, vast, verloren) from one period to the next.

const visits = visitsMetric<FlowRow>();
const medianGap = metric<FlowRow>("median_gap_days", (row) => row?.median_gap_days ?? null);

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
  const note = previousPeriod
    ? `(Vorige periode: ${previousPeriod.from} t/m ${previousPeriod.to}.)`
    : undefined;

  return envelope("users-flow", filters, {
    kpis: [
      ...kpis(filters, [visits, medianGap], totals),
      registeredKpi("lost", moved(active, ["verloren"]), { note }),
      registeredKpi("won_back", moved(["verloren"], active), { note }),
    ],
    series: [
      categorySeries(
        filters,
        GAPS.map(([x]) => ({ x, matches: (row: FlowRow) => row.gap === x })),
        rows.gap,
        metric("visits_by_gap", visits.value),
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
      metricColumn("plates"),
      metricColumn("segment_share"),
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
        segment_share: ratio(row.plates, leaving(row.from_segment)),
      })),
    totals: {
      from: "Totaal",
      to: null,
      plates: rows.reduce((s, row) => s + row.plates, 0),
      segment_share: null,
    },
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
