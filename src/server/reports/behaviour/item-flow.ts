import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, type Totals, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain } from "../sql.ts";
import { type FlowRow, GRAINS, itemFlowSql, SUBSCRIPTION } from "./item-flow-sql.ts";
import { syncProgrammeVisits } from "./programme-visits-sync.ts";

// Programmakeuze (gedrag): the programme mix, how often an extra is taken, how a plate's programme changes
// from one visit to the next, subscriptions started and ended, and whether a free upgrade is bought again.

const washes: Metric<FlowRow> = {
  key: "washes",
  label: "Wasbeurten",
  unit: "count",
  hint: "Verkopen met een wasprogramma, ook op abonnement.",
  value: (row) => sum(row?.washes),
};
const attachRate: Metric<FlowRow> = {
  key: "attach_rate",
  label: "Extra's meegenomen",
  unit: "percent",
  hint: "Wasbeurten met minstens één extra ÷ wasbeurten.",
  value: (row) => ratio(sum(row?.with_extra), row?.washes),
};
const pairCount = (row: FlowRow | undefined) => sum(row?.upgrades) + sum(row?.same) + sum(row?.downgrades);
const direction = (
  key: "upgrades" | "same" | "downgrades",
  label: string,
  hint: string,
): Metric<FlowRow> => ({
  key: `${key}_rate`,
  label,
  unit: "percent",
  hint,
  value: (row) => ratio(sum(row?.[key]), pairCount(row) || null),
});
const upgradeRate = direction(
  "upgrades",
  "Upgrade",
  "Opeenvolgende bezoeken van een kenteken (het tweede in de periode) met een duurder programma dan de vorige keer ÷ zulke paren zonder abonnement.",
);
const sameRate = direction(
  "same",
  "Zelfde programma",
  "Paren met hetzelfde programma ÷ paren zonder abonnement.",
);
const downgradeRate = direction(
  "downgrades",
  "Downgrade",
  "Paren met een goedkoper programma dan de vorige keer ÷ paren zonder abonnement.",
);
const keptUpgrade: Metric<FlowRow> = {
  key: "free_upgrade_kept",
  label: "Gratis upgrade opnieuw gekocht",
  unit: "percent",
  hint: "Na een gratis upgrade: volgende betaalde bezoeken met minstens het programma van de upgrade ÷ volgende betaalde bezoeken.",
  value: (row) => ratio(sum(row?.free_upgrades_kept), row?.free_upgrades_followed || null),
};
const started: Metric<FlowRow> = {
  key: "subscriptions_started",
  label: "Nieuwe abonnementen",
  unit: "count",
  hint: "Abonnementen waarvan de eerste betaling in de periode valt (na meer dan 35 dagen zonder betaling).",
  value: (row) => sum(row?.started),
};
const ended: Metric<FlowRow> = {
  key: "subscriptions_ended",
  label: "Beëindigde abonnementen",
  unit: "count",
  good: "down",
  hint: "Abonnementen waarvan de laatst betaalde maand in de periode afliep zonder nieuwe betaling.",
  value: (row) => sum(row?.ended),
};
const active: Metric<FlowRow> = {
  key: "subscriptions_active",
  label: "Actieve abonnementen",
  unit: "count",
  hint: "Abonnementen die aan het eind van de periode lopen.",
  value: (row) => sum(row?.active_end),
};
const churn: Metric<FlowRow> = {
  key: "churn",
  label: "Opzeggingen (churn)",
  unit: "percent",
  good: "down",
  hint: "Per maand: beëindigd in de maand ÷ actief aan het begin ervan (nieuwe van die maand niet meegeteld), opgeteld over de maanden van de periode.",
  value: (row) => ratio(sum(row?.churned), row?.active_starts || null),
};

const conversion: Metric<FlowRow> = {
  key: "subscription_conversion",
  label: "Conversie naar abonnement",
  unit: "percent",
  hint: "Nieuwe abonnementen ÷ wasbeurten die er één hadden kunnen worden (zonder abonnements- en gratis wasbeurten).",
  value: (row) =>
    ratio(
      sum(row?.started),
      sum(row?.washes) - sum(row?.subscription_washes) - sum(row?.free_washes) || null,
    ),
};

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
  const rows = byGrain(await db.query<FlowRow>(text, params), GRAINS);
  const totals = totalsOf(rows.total);
  const all = combined(totals, totalsOf(rows.pairs), totalsOf(rows.subscriptions));
  return envelope("item-flow", filters, {
    kpis: kpis(
      filters,
      [
        washes,
        attachRate,
        upgradeRate,
        sameRate,
        downgradeRate,
        keptUpgrade,
        started,
        ended,
        active,
        churn,
        conversion,
      ],
      all,
    ),
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
  const share = (key: "washes" | "revenue_cents", label: string, hint: string): Metric<FlowRow> => ({
    key: `${key === "washes" ? "quantity" : "revenue"}_share`,
    label,
    unit: "percent",
    hint,
    value: (row) =>
      key === "revenue_cents" && !own(row) ? null : ratio(sum(row?.[key]), totals.current?.[key]),
  });
  return breakdownTable(
    filters,
    {
      key: "mix",
      label: "Programmamix",
      dimensions: [{ key: "programme", label: "Programma", value: (row) => row.programme }],
      metrics: [
        washes,
        share(
          "washes",
          "Aandeel aantal",
          "Wasbeurten van het programma ÷ alle wasbeurten, ook op abonnement.",
        ),
        {
          key: "revenue",
          label: "Omzet",
          unit: "eur_cents",
          hint: "Incl. btw, na korting. Wasbeurten op abonnement hebben geen eigen omzet (het abonnement wordt per maand betaald): leeg.",
          value: (row) => (own(row) ? sum(row?.revenue_cents) : null),
        },
        share(
          "revenue_cents",
          "Aandeel omzet",
          "Omzet van het programma ÷ omzet van alle betaalde wasbeurten; abonnementswassen tellen niet mee.",
        ),
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
      { key: "pairs", label: "Bezoeken", type: "count" },
      { key: "share", label: "Aandeel van vorige keer", type: "percent" },
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
        share: ratio(row.pairs, leaving(row.previous)),
      })),
    totals: { previous: "Totaal", next: null, pairs: rows.reduce((s, row) => s + row.pairs, 0), share: null },
  };
}

export const itemFlow = defineReport({
  id: "item-flow",
  syncs: [syncProgrammeVisits],
  sql: { "item-flow": itemFlowSql },
  run,
});
