import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { defineReport } from "../define-report.ts";
import {
  breakdownTable,
  envelope,
  kpis,
  type Metric,
  type Totals,
  timeSeries,
  totalsOf,
} from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { syncProgrammeVisits } from "./programme-visits-sync.ts";
import { subscriptionSpellsSql } from "./subscriptions.ts";

// Programmakeuze (gedrag): the programme mix, how often an extra is taken, how a plate's programme changes
// from one visit to the next, subscriptions started and ended, and whether a free upgrade is bought again.

const GRAINS = ["total", "bucket", "programme", "pair", "pairs", "subscriptions"] as const;
/** How far back the previous visit of a plate is looked for; a plate not seen in a year counts as new. */
const LOOKBACK = "INTERVAL 365 DAY";
/** The node of a wash on a subscription, in the mix, the transitions and the sankey. */
const SUBSCRIPTION = "Abonnement";

interface FlowRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  programme: string | null;
  previous: string | null;
  next: string | null;
  sort_order: number | null;
  washes: number;
  revenue_cents: number;
  with_extra: number;
  subscription_washes: number;
  free_washes: number;
  pairs: number;
  upgrades: number;
  same: number;
  downgrades: number;
  free_upgrades_followed: number;
  free_upgrades_kept: number;
  started: number;
  ended: number;
  active_end: number;
  active_starts: number;
  churned: number;
}

// A visit here is a sale with a wash programme on it (the programme: its programme line; a subscription
// wash is a sale paid 'abonnement' and shows as "Abonnement"), read from programme_visits
// (programme-visits-sync.ts), where each visit carries the plate's previous sale at a site.
// washes / revenue_cents: such sales in the period, and the programme lines' amounts (incl. VAT, after
//   discount): the programme mix in quantity and revenue. A subscription wash has no revenue of its own
//   (the fee is paid per month, not per wash): the mix leaves its revenue empty and out of the revenue share.
// with_extra: those of them with at least one extra. Attach rate = with_extra ÷ washes.
// subscription_washes / free_washes: washes paid by subscription, and washes that cost nothing (a voucher
//   paid all). Subscription conversion = subscriptions started ÷ (washes − both).
// Pairs: consecutive visits of one plate whose second visit falls in the period (the first may lie before
//   it, up to LOOKBACK). upgrades / same / downgrades compare the programmes' order (items.sort_order) when
//   neither visit was a subscription wash.
// free_upgrades_followed / _kept: pairs whose first visit redeemed a free-upgrade promotion and whose second
//   is a paid programme; kept when that programme is at least the one the upgrade gave.
// Subscriptions (subscriptions.ts): started / ended in the period, active at its end; churn = ended in a
//   month among those active at its start (that month's new excluded) ÷ active at its start, summed over
//   the months of the period, each cut to the period.
export function itemFlowSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  sql.params.now = filters.now.toISOString();
  // The look-back runs from the earliest window's start, for both windows.
  const earliest =
    filters.comparison && filters.comparison.start < filters.current.start
      ? filters.comparison
      : filters.current;
  sql.params.lookback_from = earliest.start.toISOString();
  // Whole days from the daily sums (programme-visits-sync.ts), the unfinished last day from the visits, in the
  // same shape: a visit is one wash whose previous visit is always compared with the look-back.
  const visits = sql.daily(
    "programme_visits_daily",
    `(SELECT site_id, occurred_at, item_id, with_extra, subscription, free, previous_item_id, previous_subscription,
      previous_promotion_id, previous_at AS lookback_at, 1 AS washes, revenue_cents FROM programme_visits)`,
  );
  const washes = (condition: string) => `sum(CASE WHEN ${condition} THEN washes ELSE 0 END)::BIGINT`;
  // The day rows are summed by what the figures group and count by first, then named: a year of days comes
  // down to a few hundred rows before the programmes' names, orders and promotions are joined.
  const text = `WITH visits AS (
  SELECT *, ${sql.bucket(`coalesce(day::TIMESTAMP, ${sql.local("occurred_at")})`)} AS bucket FROM (${visits})
), mix AS (
  SELECT win, bucket, item_id, subscription, sum(washes) AS washes, sum(revenue_cents) AS revenue_cents,
    ${washes("with_extra")} AS extra_washes, ${washes("free")} AS free_washes
  FROM visits GROUP BY ALL
), steps AS (
  -- the previous sale's programme; a previous sale without one (extras only) is no pair
  SELECT win, item_id, subscription, free, previous_item_id, previous_subscription, previous_promotion_id,
    sum(washes) AS washes
  FROM visits
  WHERE previous_item_id IS NOT NULL
    AND (lookback_at IS NULL OR lookback_at >= $lookback_from::TIMESTAMPTZ - ${LOOKBACK})
  GROUP BY ALL
), nodes AS (
  SELECT m.*, i.sort_order, CASE WHEN m.subscription THEN '${SUBSCRIPTION}' ELSE i.name END AS node
  FROM mix m JOIN items i ON i.id = m.item_id
), pairs AS (
  SELECT v.win, v.washes, CASE WHEN v.subscription THEN '${SUBSCRIPTION}' ELSE n.name END AS next,
    n.sort_order AS next_order, v.subscription AS next_subscription, NOT v.subscription AND NOT v.free AS next_paid,
    CASE WHEN v.previous_subscription THEN '${SUBSCRIPTION}' ELSE i.name END AS previous,
    i.sort_order AS previous_order, v.previous_subscription,
    coalesce(pr.kind = 'gratis-upgrade', false) AS previous_free_upgrade
  FROM steps v JOIN items n ON n.id = v.item_id JOIN items i ON i.id = v.previous_item_id
  LEFT JOIN promotions pr ON pr.id = v.previous_promotion_id
), spells AS (
  ${subscriptionSpellsSql(sql)}
)
SELECT win,
  CASE WHEN GROUPING(node) = 0 THEN 'programme' WHEN GROUPING(bucket) = 0 THEN 'bucket' ELSE 'total' END AS grain,
  bucket, node AS programme, any_value(sort_order) AS sort_order,
  sum(washes)::BIGINT AS washes, sum(revenue_cents)::BIGINT AS revenue_cents, sum(extra_washes)::BIGINT AS with_extra,
  sum(CASE WHEN subscription THEN washes ELSE 0 END)::BIGINT AS subscription_washes,
  sum(free_washes)::BIGINT AS free_washes
FROM nodes
GROUP BY GROUPING SETS ((win), (win, bucket), (win, node))
UNION ALL BY NAME
SELECT win, CASE WHEN GROUPING(previous) = 0 THEN 'pair' ELSE 'pairs' END AS grain, previous, next,
  sum(washes)::BIGINT AS pairs,
  ${washes("NOT previous_subscription AND NOT next_subscription AND next_order > previous_order")} AS upgrades,
  ${washes("NOT previous_subscription AND NOT next_subscription AND next_order = previous_order")} AS same,
  ${washes("NOT previous_subscription AND NOT next_subscription AND next_order < previous_order")} AS downgrades,
  ${washes("previous_free_upgrade AND next_paid")} AS free_upgrades_followed,
  ${washes("previous_free_upgrade AND next_paid AND next_order >= previous_order")} AS free_upgrades_kept
FROM pairs GROUP BY GROUPING SETS ((win), (win, previous, next))
UNION ALL BY NAME
SELECT win, 'subscriptions' AS grain,
  sum(started) AS started, sum(ended) AS ended, sum(active_end) AS active_end,
  sum(active_starts) AS active_starts, sum(churned) AS churned
FROM spells GROUP BY win`;
  return { text, params: sql.params };
}

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
