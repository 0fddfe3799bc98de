import { type Channel, channelLabels } from "../../../shared/admin/promotions.ts";
import type { Table } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { syncJourney } from "../../warehouse/derived/journey/journey-sync.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, metricColumn, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { daysBetweenSql, voucherCohortSql } from "./voucher-cohort.ts";

// Vouchers › flow: the codes issued in the period (voucher-cohort.ts) step by step, per channel: issued →
// claimed → redeemed → paid again without a voucher within 90 days → a subscriber or a regular customer;
// per month of redemption the share that came back paying within 30, 60 and 90 days; the days between steps.

const GRAINS = ["total", "path", "month"] as const;
const STAGES = ["claimed", "redeemed", "back", "end"] as const;

interface FlowRow extends Windowed {
  grain: (typeof GRAINS)[number];
  channel: Channel;
  claim_step: string;
  redeem_step: string | null;
  back_step: string | null;
  end_step: string | null;
  month: string;
  codes: number;
  // total grain: the steps' counts and median days between them
  issued: number;
  claimed: number;
  redeemed: number;
  back: number;
  days_to_claim: number | null;
  days_to_redeem: number | null;
  days_to_return: number | null;
  // month grain: redemptions with a plate, and per horizon those whose horizon passed and those back by then
  with_plate: number;
  due_30: number;
  back_30: number;
  due_60: number;
  back_60: number;
  due_90: number;
  back_90: number;
}

// Steps of a code (one path per code; the sankey's links are the paths' consecutive steps):
//   claim_step: geclaimd | niet-geclaimd (flyer codes are redeemed without a claim);
//   redeem_step: ingewisseld | niet-ingewisseld (only after a claim: an unclaimed, unredeemed code stops);
//   back_step, for a redemption: terug (paid again without a voucher within 90 days) | niet-terug (the 90
//     days passed) | te-vroeg (not back yet, days still running) | geen-kenteken (cannot be followed);
//   end_step, after terug: abonnee (washed on a subscription in the 90 days) | vaste-klant (at least 3
//     visits in the 90 days after the redemption) | incidenteel.
// back_<n>: redemptions with a plate whose first paid return came within n days; due_<n>: those whose n
//   days have passed (the share is back ÷ due, so a young month is not counted as lost).
export function vouchersFlowSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  sql.params.now = filters.now.toISOString();
  const horizons = [30, 60, 90]
    .map(
      (
        n,
      ) => `count_if(plate IS NOT NULL AND redeemed_at + INTERVAL ${n} DAY <= $now::TIMESTAMPTZ) AS due_${n},
    count_if(first_paid_at < redeemed_at + INTERVAL ${n} DAY) AS back_${n}`,
    )
    .join(",\n    ");
  const text = `WITH cohort AS (
  ${voucherCohortSql(sql)}
), steps AS (
  SELECT *,
    CASE WHEN claimed_at IS NOT NULL THEN 'geclaimd' ELSE 'niet-geclaimd' END AS claim_step,
    CASE WHEN redeemed_at IS NOT NULL THEN 'ingewisseld' WHEN claimed_at IS NOT NULL THEN 'niet-ingewisseld' END AS redeem_step,
    CASE WHEN redeemed_at IS NULL THEN NULL WHEN plate IS NULL THEN 'geen-kenteken'
      WHEN first_paid_at IS NOT NULL THEN 'terug' WHEN matured THEN 'niet-terug' ELSE 'te-vroeg' END AS back_step,
    CASE WHEN first_paid_at IS NULL THEN NULL WHEN subscriber THEN 'abonnee' WHEN visits_90d >= 3 THEN 'vaste-klant'
      ELSE 'incidenteel' END AS end_step
  FROM cohort
)
SELECT win, 'path' AS grain, channel, claim_step, redeem_step, back_step, end_step, count(*) AS codes
FROM steps WHERE win = 'current' GROUP BY ALL
UNION ALL BY NAME
SELECT win, 'total' AS grain,
  count(*) AS issued, count(claimed_at) AS claimed, count(redeemed_at) AS redeemed, count(first_paid_at) AS back,
  median(${daysBetweenSql("issued_at", "claimed_at")}) AS days_to_claim,
  median(${daysBetweenSql("coalesce(claimed_at, issued_at)", "redeemed_at")}) AS days_to_redeem,
  median(${daysBetweenSql("redeemed_at", "first_paid_at")}) AS days_to_return
FROM steps GROUP BY win
UNION ALL BY NAME
SELECT win, 'month' AS grain, strftime(timezone('Europe/Amsterdam', redeemed_at), '%Y-%m') AS month,
  count(plate) AS with_plate,
  ${horizons}
FROM steps WHERE win = 'current' AND redeemed_at IS NOT NULL GROUP BY ALL
ORDER BY month`;
  return { text, params: sql.params };
}

const count = (key: keyof FlowRow & string) =>
  metric<FlowRow>(key, (row) => sum(row?.[key] as number | undefined));
const days = (key: keyof FlowRow & string) =>
  metric<FlowRow>(key, (row) => (row?.[key] as number | null | undefined) ?? null);
const backShare = metric<FlowRow>("back_share", (row) => ratio(sum(row?.back), row?.redeemed));

const STEP_LABELS: Record<string, string> = {
  geclaimd: "Geclaimd",
  "niet-geclaimd": "Niet geclaimd",
  ingewisseld: "Ingewisseld",
  "niet-ingewisseld": "Niet ingewisseld",
  terug: "Terug binnen 90 dagen",
  "niet-terug": "Niet teruggekomen",
  "te-vroeg": "Nog geen 90 dagen",
  "geen-kenteken": "Kenteken onbekend",
  abonnee: "Abonnee",
  "vaste-klant": "Vaste klant",
  incidenteel: "Af en toe",
};

export interface FlowNode {
  id: string;
  label: string;
  /** The column of the sankey: 0 the channels, then the steps. */
  depth: number;
}

/** One sankey for every channel together, then one per channel. */
function flows(rows: FlowRow[]) {
  const channels = [...new Set(rows.map((row) => row.channel))].sort();
  return [
    { channel: "all", label: "Alle kanalen", flow: flowGraph(rows) },
    ...channels.map((channel) => ({
      channel,
      label: channelLabels[channel],
      flow: flowGraph(rows.filter((row) => row.channel === channel)),
    })),
  ];
}

/** The sankey: nodes per channel and step, links summed over the codes' paths. */
function flowGraph(rows: FlowRow[]) {
  const nodes = new Map<string, FlowNode>();
  const links = new Map<string, { from: string; to: string; value: number }>();
  const node = (id: string, label: string, depth: number) => {
    if (!nodes.has(id)) nodes.set(id, { id, label, depth });
    return id;
  };
  for (const row of rows) {
    const path = [node(`kanaal:${row.channel}`, channelLabels[row.channel], 0)];
    const steps = [row.claim_step, row.redeem_step, row.back_step, row.end_step];
    steps.forEach((step, i) => {
      if (step) path.push(node(`${STAGES[i]}:${step}`, STEP_LABELS[step], i + 1));
    });
    for (let i = 1; i < path.length; i++) {
      const key = `${path[i - 1]}→${path[i]}`;
      const link = links.get(key) ?? { from: path[i - 1], to: path[i], value: 0 };
      link.value += row.codes;
      links.set(key, link);
    }
  }
  return { nodes: [...nodes.values()], links: [...links.values()] };
}

const HORIZONS = [30, 60, 90] as const;

/** Per month of redemption: how many came back paying within 30, 60 and 90 days. */
function returnTable(rows: FlowRow[]): Table {
  const share = (row: FlowRow, n: (typeof HORIZONS)[number]) =>
    ratio(row[`back_${n}`], row[`due_${n}`] || null);
  const total = (key: keyof FlowRow) => rows.reduce((s, row) => s + Number(row[key] ?? 0), 0);
  return {
    key: "return_by_month",
    label: "Terug per maand van inwisseling",
    columns: [
      { key: "month", label: "Maand", type: "text" },
      metricColumn("with_plate"),
      ...HORIZONS.map((n) => metricColumn(`back_${n}`)),
    ],
    rows: rows.map((row) => ({
      month: row.month,
      with_plate: row.with_plate,
      ...Object.fromEntries(HORIZONS.map((n) => [`back_${n}`, share(row, n)])),
    })),
    totals: {
      month: "Totaal",
      with_plate: total("with_plate"),
      ...Object.fromEntries(HORIZONS.map((n) => [`back_${n}`, ratio(total(`back_${n}`), total(`due_${n}`))])),
    },
  };
}

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = vouchersFlowSql(filters);
  const rows = byGrain(await db.query<FlowRow>(text, params), GRAINS);
  const totals = totalsOf(rows.total);
  return envelope("vouchers/flow", filters, {
    kpis: kpis(
      filters,
      [
        count("issued"),
        count("claimed"),
        count("redeemed"),
        backShare,
        days("days_to_claim"),
        days("days_to_redeem"),
        days("days_to_return"),
      ],
      totals,
    ),
    series: [],
    tables: [returnTable(rows.month)],
    extra: { flows: flows(rows.path) },
  });
}

export const vouchersFlow = defineReport({
  id: "vouchers/flow",
  syncs: [syncJourney],
  sql: { "vouchers/flow": vouchersFlowSql },
  run,
});
