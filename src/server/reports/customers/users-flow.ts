import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { defineReport } from "../define-report.ts";
import { categorySeries, envelope, kpis, type Metric, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { keptMigrationSql, readMigration, syncSegmentCounts } from "./segment-counts.ts";
import {
  type MigrationRow,
  migrationFilters,
  migrationFlow,
  migrationSql,
  SEGMENT_LABELS,
} from "./segments.ts";
import { previousVisit, visitFacts, visitsMetric } from "./visits.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// Flow: when customers arrive (weekday × hour), how long they stay away between visits, and how they move
// between kinds of customer (nieuw, incidenteel, regelmatig, vast, verloren) from one period to the next.

const GRAINS = ["total", "cell", "gap"] as const;

interface FlowRow extends Windowed {
  grain: (typeof GRAINS)[number];
  weekday: number;
  hour: number;
  gap: string;
  visits: number;
  median_gap_days: number | null;
}

/** Time since the customer's previous visit (within the scope), in classes of days: [label, upper bound). */
export const GAPS: [string, number][] = [
  ["< 1 week", 7],
  ["1–2 weken", 14],
  ["2–4 weken", 28],
  ["1–2 maanden", 61],
  ["2–3 maanden", 92],
  ["3–6 maanden", 183],
  ["> 6 maanden", Number.POSITIVE_INFINITY],
];

const HOUR_US = 3_600_000_000;

// visits: arrivals. weekday (1 = Monday) and hour: local time of the arrival, in the period only (the
// heatmap shows no comparison). gap: time between a visit and the customer's previous visit (at the chosen
// site, or any site), in whole hours; a first visit has none. median_gap_days: the median gap of the
// window's visits (the smallest whole hour that at least half of the gaps do not exceed), in days. Gaps are
// grouped per hour once; totals, classes and median come from those groups. (One pass with grouping sets
// for cells and gaps cost more: it grouped the comparison's cells too, and hashed every visit three times.)
// The cells are grouped on weekday and hour alone, whose small known ranges let DuckDB index a fixed
// table instead of hashing (with the window's name in the key it could not).
export function usersFlowSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const previous = previousVisit(filters).at;
  const gapClass = `CASE ${GAPS.slice(0, -1)
    .map(([label, days]) => `WHEN gap_hours < ${days * 24} THEN '${label}'`)
    .join(" ")} ELSE '${GAPS[GAPS.length - 1][0]}' END`;
  const text = `WITH by_gap AS (
  SELECT win, (epoch_us(visit_at) - epoch_us(${previous})) // ${HOUR_US} AS gap_hours, count(*) AS visits
  FROM (${visitFacts(sql)})
  GROUP BY ALL
), gaps AS (
  SELECT win, gap_hours, visits, sum(visits) OVER (PARTITION BY win ORDER BY gap_hours) AS running,
    sum(visits) OVER (PARTITION BY win) AS gaps
  FROM by_gap WHERE gap_hours IS NOT NULL
), totals AS (
  SELECT win, sum(visits) AS visits FROM by_gap GROUP BY win
)
SELECT win, 'total' AS grain, NULL AS weekday, NULL AS hour, NULL AS gap, visits,
  (SELECT min(g.gap_hours) FROM gaps g WHERE g.win = s.win AND g.running * 2 >= g.gaps) / 24 AS median_gap_days
FROM totals s
UNION ALL
SELECT 'current', 'cell', isodow(visit_local) AS weekday, hour(visit_local) AS hour, NULL, count(*), NULL
FROM (${sql.facts("customer_visits", "visit_at")}) WHERE win = 'current' GROUP BY weekday, hour
UNION ALL
SELECT win, 'gap', NULL, NULL, ${gapClass}, sum(visits), NULL FROM gaps GROUP BY ALL`;
  return { text, params: sql.params };
}

const visits = visitsMetric<FlowRow>();
const medianGap: Metric<FlowRow> = {
  key: "median_gap_days",
  label: "Mediane tijd tussen bezoeken (dagen)",
  unit: "ratio",
  hint: "De helft van de terugkerende bezoeken kwam binnen zoveel dagen na het vorige bezoek van dezelfde klant.",
  value: (row) => row?.median_gap_days ?? null,
};

async function run(db: Queryable, filters: ReportFilters) {
  const flow = usersFlowSql(filters);
  const [result, migrationRows] = await Promise.all([
    db.query<FlowRow>(flow.text, flow.params),
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
        .map(({ weekday, hour, visits }) => ({ weekday, hour, visits })),
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
      .sort((a, b) => b.plates - a.plates)
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
    "users-flow migration": migrationSql,
    "users-flow migration kept": keptMigrationSql,
  },
  run,
});
