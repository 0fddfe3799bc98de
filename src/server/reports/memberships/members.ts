import { formatDate } from "../../../shared/format.ts";
import type { Queryable } from "../../db/database.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { syncMemberWashes } from "../../warehouse/derived/memberships/member-washes.ts";
import { sumsInstant } from "../../warehouse/derived/memberships/wash-sums.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, metric, type Totals } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { type Backtest, churnHistory, historyInstants } from "./churn-history.ts";
import { churnChance } from "./churn-score.ts";
import { activeMembersSql, featuresSql, SHOWN_MEMBERS } from "./members-sql.ts";

// Abonnementen › Leden: who is about to leave (REPORT-DEFINITIONS §5), at the end of the period (now, for a
// period that runs to now). The at-risk rule: an open decline, or days since the last wash more than twice
// the member's own usual gap. The churn-risk score: the chance of ending within the next month, from a model
// fitted on the club's own history, with its backtest (churn-history.ts).

interface MemberRow {
  member_id: string;
  plate: string | null;
  site_name: string | null;
  plan_name: string;
  signed_up_at: string;
  open_decline_at: string | null;
  last_wash_at: string | null;
  days_since_wash: number;
  washes: number;
  usual_gap: number | null;
  /** What the score weighs (FEATURES). */
  f: number[];
}
/** How many members are active, listed, at risk (an open decline or late) and with an open decline. */
type Counts = Record<"active" | "listed" | "at_risk" | "open_declines", number>;
type Listed = MemberRow & { win: "current"; reason: string; churn_risk: number | null };

const late = (row: MemberRow) =>
  row.usual_gap !== null && row.usual_gap > 0 && row.days_since_wash > 2 * row.usual_gap;

function reasonOf(row: MemberRow, topDecile: boolean): string | null {
  const reasons = [
    row.open_decline_at && `Betaling mislukt op ${formatDate(new Date(row.open_decline_at))}`,
    late(row) &&
      `${Math.floor(row.days_since_wash)} dagen niet gewassen (gewoonlijk ${Math.round(row.usual_gap as number)})`,
    topDecile && "Hoogste 10 % risicoscore",
  ].filter(Boolean);
  return reasons.length ? reasons.join("; ") : null;
}

const args = (built: { text: string; params: Record<string, unknown> }) =>
  [built.text, built.params as never] as const;

async function run(db: Queryable, filters: ReportFilters) {
  const [{ model, test }, sumsAt] = await Promise.all([churnHistory(db, filters), sumsInstant(db)]);
  const rows = await db.query<MemberRow & Counts & { top: boolean | null }>(
    ...args(activeMembersSql(filters, filters.current.end, { model, sumsAt })),
  );
  const listed: Listed[] = rows.flatMap((row) => {
    const reason = row.member_id === null ? null : reasonOf(row, row.top === true);
    if (!reason) return [];
    return [
      { ...row, win: "current" as const, reason, churn_risk: model ? churnChance(model, row.f) : null },
    ];
  });
  const summary: Summary = {
    win: "current",
    active: rows[0].active,
    at_risk: rows[0].at_risk,
    open_declines: rows[0].open_declines,
    test,
  };
  const unfiltered = { ...filters, comparison: null };
  return envelope("memberships/members", filters, {
    kpis: kpis(unfiltered, summaryMetrics(test), { current: summary }),
    series: [],
    tables: [memberTable(unfiltered, listed, rows[0].listed), backtestTable(unfiltered, test)],
  });
}

interface Summary {
  win: "current";
  active: number;
  at_risk: number;
  open_declines: number;
  test: Backtest | null;
}

function summaryMetrics(test: Backtest | null): Metric<Summary>[] {
  const note = test
    ? `Toets: het model van de maanden vóór ${test.month.slice(0, 7)}, op de leden van 1 ${test.month.slice(0, 7)}, naast wie er in die maand stopte.`
    : "Er is nog geen hele maand om te toetsen.";
  return [
    metric("members_active", (row) => row?.active ?? null),
    metric("members_at_risk", (row) => row?.at_risk ?? null),
    metric("open_declines", (row) => row?.open_declines ?? null),
    metric("risk_top_decile", (row) => row?.test?.topRate ?? null, { note }),
    metric("risk_base_rate", (row) => row?.test?.baseRate ?? null, { note }),
    metric("risk_auc", (row) => row?.test?.auc ?? null, { note }),
  ];
}

/** `rows`: the riskiest of the `total` listed, or all of them (activeMembersSql). */
function memberTable(filters: ReportFilters, rows: Listed[], total: number) {
  const totals: Totals<Listed> = {};
  const table = breakdownTable(
    filters,
    {
      key: "members",
      label: "Leden die dreigen te stoppen",
      dimensions: [
        { key: "member", label: "Lid", value: (row) => row.member_id },
        { key: "plate", label: "Kenteken", value: (row) => row.plate, personal: "plate" },
        { key: "site", label: "Vestiging", value: (row) => row.site_name ?? "Online" },
        { key: "reason", label: "Waarom", value: (row) => row.reason },
        { key: "plan", label: "Abonnement", value: (row) => row.plan_name },
        { key: "signed_up_at", label: "Lid sinds", value: (row) => formatDate(new Date(row.signed_up_at)) },
      ],
      metrics: [
        metric<Listed>("churn_risk", (row) => row?.churn_risk ?? null),
        metric<Listed>("days_since_wash", (row) => (row ? Math.floor(row.days_since_wash) : null)),
        metric<Listed>("usual_gap", (row) =>
          row?.usual_gap === null || !row ? null : Math.round(row.usual_gap),
        ),
      ],
    },
    rows,
    (row) => row.member_id,
    totals,
  );
  // A list of people, not of figures: the riskiest first, no totals, and no "rest" row summing their scores.
  if (filters.table.all || total <= SHOWN_MEMBERS) return { ...table, totals: null };
  return {
    ...table,
    totals: null,
    rows: table.rows.slice(0, SHOWN_MEMBERS),
    cut: { shown: SHOWN_MEMBERS, total, rest: null },
  };
}

type DecileRow = { win: "current"; decile: number; members: number; ended: number };

function backtestTable(filters: ReportFilters, test: Backtest | null) {
  const rows: DecileRow[] = (test?.groups ?? []).map((group, i) => ({
    win: "current",
    decile: i + 1,
    ...group,
  }));
  const all: DecileRow = {
    win: "current",
    decile: 0,
    members: rows.reduce((n, row) => n + row.members, 0),
    ended: rows.reduce((n, row) => n + row.ended, 0),
  };
  return breakdownTable(
    filters,
    {
      key: "backtest",
      label: "Toets van de risicoscore, per tiende van de leden",
      dimensions: [
        {
          key: "decile",
          label: "Risicogroep",
          value: (row) =>
            row.decile === 1
              ? "1 (hoogste risico)"
              : row.decile === 10
                ? "10 (laagste risico)"
                : String(row.decile),
        },
      ],
      metrics: [
        metric<DecileRow>("backtest_members", (row) => row?.members ?? null),
        metric<DecileRow>("backtest_ended", (row) => row?.ended ?? null),
        metric<DecileRow>("backtest_rate", (row) => ratio(row?.ended, row?.members)),
      ],
      // from the riskiest tenth down, as the score ranks them
      rankBy: null,
    },
    rows,
    (row) => String(row.decile),
    rows.length ? { current: all } : {},
  );
}

export const membershipMembers = defineReport({
  id: "memberships/members",
  syncs: [syncMemberState, syncMemberWashes],
  sql: {
    "members-active": (filters) =>
      activeMembersSql(filters, filters.current.end, { model: null, sumsAt: null }),
    "members-history": (filters) => featuresSql(filters, historyInstants(filters.current.end)),
  },
  run,
});
