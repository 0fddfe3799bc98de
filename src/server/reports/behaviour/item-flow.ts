import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { syncProgrammeVisits } from "../../warehouse/derived/behaviour/programme-visits-sync.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { syncMemberWashes } from "../../warehouse/derived/memberships/member-washes.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, metricColumn, type Totals, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { membershipKpis } from "../memberships/overview.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain } from "../sql.ts";
import { type FlowRow, GRAINS, itemFlowSql, SUBSCRIPTION } from "./item-flow-sql.ts";

// Programmakeuze (gedrag): the programme mix, how often an extra is taken, how a plate's programme changes
// from one visit to the next, whether a free upgrade is bought again, and the wash club's members.

const washes = metric<FlowRow>("washes", (row) => sum(row?.washes));
const attachRate = metric<FlowRow>("attach_rate", (row) => ratio(sum(row?.with_extra), row?.washes));
const pairCount = (row: FlowRow | undefined) => sum(row?.upgrades) + sum(row?.same) + sum(row?.downgrades);
const direction = (key: "upgrades" | "same" | "downgrades") =>
  metric<FlowRow>(`${key}_rate`, (row) => ratio(sum(row?.[key]), pairCount(row) || null));
const upgradeRate = direction("upgrades");
const sameRate = direction("same");
const downgradeRate = direction("downgrades");
const keptUpgrade = metric<FlowRow>("free_upgrade_kept", (row) =>
  ratio(sum(row?.free_upgrades_kept), row?.free_upgrades_followed || null),
);
/** The wash club's figures shown here, read from Abonnementen › Overzicht itself: one definition each. */
const MEMBER_FIGURES = [
  "members_new",
  "members_ended",
  "members_active",
  "member_churn",
  "membership_conversion",
];

/** The one-row grains of a window side by side: each grain fills its own columns (the rest are NULL). */
function combined(...parts: Totals<FlowRow>[]): Totals<FlowRow> {
  const out: Totals<FlowRow> = {};
  for (const win of ["current", "comparison"] as const) {
    const rows = parts.map((part) => part[win]).filter((row) => row !== undefined);
    if (rows.length === 0) continue;
    const row: Record<string, unknown> = {};
    for (const part of rows) {
      for (const [key, value] of Object.entries(part)) if (value !== null) row[key] = value;
    }
    out[win] = row as unknown as FlowRow;
  }
  return out;
}

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = itemFlowSql(filters);
  const [flow, club] = await Promise.all([
    db.query<FlowRow>(text, params),
    membershipKpis(db, filters, MEMBER_FIGURES),
  ]);
  const rows = byGrain(flow, GRAINS);
  const totals = totalsOf(rows.total);
  const all = combined(totals, totalsOf(rows.pairs));
  return envelope("item-flow", filters, {
    kpis: [
      ...kpis(filters, [washes, attachRate, upgradeRate, sameRate, downgradeRate, keptUpgrade], all),
      ...club,
    ],
    series: timeSeries(filters, rows.bucket, [washes, attachRate]),
    tables: [
      mixTable(filters, rows.programme, totals),
      transitionsTable(rows.pair.filter((row) => row.win === "current")),
    ],
    extra: {
      transitions: transitionFlow(
        rows.pair.filter((row) => row.win === "current"),
        new Map(rows.programme.map((row) => [String(row.programme), Number(row.sort_order)])),
      ),
    },
  });
}

function mixTable(filters: ReportFilters, rows: FlowRow[], totals: Totals<FlowRow>): Table {
  // A subscription wash has no revenue of its own (its fee is paid per month): empty, not € 0.
  const own = (row: FlowRow | undefined) => row?.programme !== SUBSCRIPTION;
  const share = (key: "washes" | "revenue_cents") =>
    metric<FlowRow>(`${key === "washes" ? "quantity" : "revenue"}_share`, (row) =>
      key === "revenue_cents" && !own(row) ? null : ratio(sum(row?.[key]), totals.current?.[key]),
    );
  return breakdownTable(
    filters,
    {
      key: "mix",
      label: "Programmamix",
      dimensions: [{ key: "programme", label: "Programma", value: (row) => row.programme }],
      metrics: [
        washes,
        share("washes"),
        metric<FlowRow>("revenue", (row) => (own(row) ? sum(row?.revenue_cents) : null), {
          note: "Wassen op abonnement hebben geen eigen omzet (het abonnement wordt per maand betaald): leeg.",
        }),
        share("revenue_cents"),
        attachRate,
      ],
      changes: ["washes"],
    },
    rows,
    (row) => String(row.programme),
    totals,
  );
}

/**
 * The sankey of the transitions: previous programme (left) → next (right), both sides in the programmes'
 * order (`order`: programme → its sort order) with Abonnement last.
 */
function transitionFlow(rows: FlowRow[], order: Map<string, number>) {
  const rank = (label: string) => (label === SUBSCRIPTION ? Infinity : (order.get(label) ?? 0));
  const labels = (side: "from" | "to") =>
    [...new Set(rows.map((row) => String(side === "from" ? row.previous : row.next)))].sort(
      (a, b) => rank(a) - rank(b) || a.localeCompare(b, "nl"),
    );
  return {
    nodes: [
      ...labels("from").map((label) => ({ id: `from:${label}`, label, depth: 0 })),
      ...labels("to").map((label) => ({ id: `to:${label}`, label, depth: 1 })),
    ],
    // in the nodes' order, not the query's row order, so equal answers look the same
    links: rows
      .map((row) => ({ from: String(row.previous), to: String(row.next), value: row.pairs }))
      .sort(
        (a, b) =>
          rank(a.from) - rank(b.from) ||
          rank(a.to) - rank(b.to) ||
          a.from.localeCompare(b.from) ||
          a.to.localeCompare(b.to),
      )
      .map((link) => ({ from: `from:${link.from}`, to: `to:${link.to}`, value: link.value })),
  };
}

/** Previous → next programme, with the share of the previous programme's visits that went there. */
function transitionsTable(rows: FlowRow[]): Table {
  const leaving = (previous: string | null) =>
    rows.filter((row) => row.previous === previous).reduce((s, row) => s + row.pairs, 0);
  return {
    key: "transitions",
    label: "Van programma naar programma",
    columns: [
      { key: "previous", label: "Vorige keer", type: "text" },
      { key: "next", label: "Deze keer", type: "text" },
      metricColumn("pairs"),
      metricColumn("previous_share"),
    ],
    rows: [...rows]
      // ties in a fixed order, not the query's
      .sort(
        (a, b) =>
          b.pairs - a.pairs ||
          String(a.previous).localeCompare(String(b.previous)) ||
          String(a.next).localeCompare(String(b.next)),
      )
      .map((row) => ({
        previous: row.previous,
        next: row.next,
        pairs: row.pairs,
        previous_share: ratio(row.pairs, leaving(row.previous)),
      })),
    totals: {
      previous: "Totaal",
      next: null,
      pairs: rows.reduce((s, row) => s + row.pairs, 0),
      previous_share: null,
    },
  };
}

export const itemFlow = defineReport({
  id: "item-flow",
  syncs: [syncProgrammeVisits, syncMemberState, syncMemberWashes],
  sql: { "item-flow": itemFlowSql },
  run,
});
