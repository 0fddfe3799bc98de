import { addMonths } from "../../../shared/reports/dates.ts";
import type { Table } from "../../../shared/reports/envelope.ts";
import type { MemberCohortsExtra } from "../../../shared/reports/extras.ts";
import type { Queryable } from "../../db/database.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { startOfDay } from "../../warehouse/time-zone.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, metric, type Totals } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { monthName } from "./churn-months.ts";
import { COHORT_MONTHS, cohortsSql, firstCohortMonth, MAX_K } from "./cohorts-sql.ts";

// Abonnementen › Cohorten: how long members stay and what they are worth, by the month they signed up in,
// by how they were sold and by the promotion they signed up with (REPORT-DEFINITIONS §5). Only what has
// happened counts: retention at k for months m + k that have ended, LTV at k for cohorts whose first k
// months have.

interface CellRow {
  month: string;
  ended: boolean;
  paid_for: boolean;
  channel: string;
  promotion: string | null;
  k: number;
  members: number;
  retained: number;
  paid_cents: number;
}

/** A group of cohort members (a month, a channel, a promotion, or all): its size and pooled figures. */
interface Group {
  win: "current";
  key: string;
  label: string;
  members: number;
  retention: Record<number, number | null>;
  ltv: Record<number, number | null>;
}

const SHOWN_K = [3, 6, 12] as const;
const CHANNELS: Record<string, string> = { site: "Op de vestiging", online: "Online", app: "App" };

/** Pools cells into one group: a figure at k over the cohorts for which it is complete. */
function pool(cells: CellRow[], key: string, label: string): Group {
  const retention: Group["retention"] = {};
  const ltv: Group["ltv"] = {};
  for (let k = 0; k <= MAX_K; k++) {
    const atK = cells.filter((cell) => cell.k === k);
    const ended = atK.filter((cell) => cell.ended);
    retention[k] = ratio(sumOf(ended, "retained"), sumOf(ended, "members"));
    const paidFor = atK.filter((cell) => cell.paid_for);
    ltv[k] = k === 0 ? null : ratio(sumOf(paidFor, "paid_cents"), sumOf(paidFor, "members"));
  }
  return {
    win: "current",
    key,
    label,
    members: sumOf(
      cells.filter((cell) => cell.k === 0),
      "members",
    ),
    retention,
    ltv,
  };
}

const sumOf = (cells: CellRow[], field: "members" | "retained" | "paid_cents") =>
  cells.reduce((n, cell) => n + cell[field], 0);

const FIGURES: Metric<Group>[] = [
  metric("cohort_members", (group) => group?.members ?? null),
  ...SHOWN_K.map((k) => metric<Group>(`member_retention_${k}`, (group) => group?.retention[k] ?? null)),
  ...SHOWN_K.map((k) =>
    metric<Group>(`member_ltv_${k}`, (group) => {
      const value = group?.ltv[k];
      return value === null || value === undefined ? null : Math.round(value);
    }),
  ),
];

/** Groups the cells by one of their columns, a row each, named by `label`. */
function groups(cells: CellRow[], by: (cell: CellRow) => string | null, label: (key: string) => string) {
  const keys = [...new Set(cells.map((cell) => by(cell) ?? ""))];
  return keys.map((key) =>
    pool(
      cells.filter((cell) => (by(cell) ?? "") === key),
      key,
      label(key),
    ),
  );
}

function cohortTable(
  filters: ReportFilters,
  key: string,
  label: string,
  heading: string,
  rows: Group[],
  totals: Totals<Group>,
) {
  return breakdownTable(
    { ...filters, comparison: null },
    {
      key,
      label,
      dimensions: [
        { key: key === "by_month" ? "month" : key.slice(3), label: heading, value: (row) => row.label },
      ],
      metrics: FIGURES,
    },
    rows,
    (row) => row.key,
    totals,
  );
}

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = cohortsSql(filters);
  const cells = await db.query<CellRow>(text, params);
  const now = filters.now;
  const all = pool(cells, "all", "Alle");
  const totals: Totals<Group> = { current: all };
  const byMonth = groups(cells, (cell) => cell.month, monthName);
  const extra: MemberCohortsExtra = {
    cohorts: {
      months: COHORT_MONTHS,
      rows: monthsFrom(firstCohortMonth(filters)).map((month) => {
        const ofMonth = cells.filter((cell) => cell.month === month);
        const members = ofMonth.filter((cell) => cell.k === 0).reduce((n, cell) => n + cell.members, 0);
        return {
          month,
          members,
          retention: Array.from({ length: MAX_K + 1 }, (_, k) => {
            // a month without signups has no cells to say whether month m + k is over
            if (startOfDay(addMonths(month, k + 1)) > now) return null;
            const retained = ofMonth.filter((cell) => cell.k === k).reduce((n, cell) => n + cell.retained, 0);
            return { members: retained, share: ratio(retained, members) };
          }),
        };
      }),
    },
  };
  return envelope("memberships/cohorts", filters, {
    kpis: kpis({ ...filters, comparison: null }, FIGURES, totals),
    series: [],
    tables: [
      inMonthOrder(
        cohortTable(filters, "by_month", "Per aanmeldingsmaand", "Maand", byMonth, totals),
        byMonth,
      ),
      cohortTable(
        filters,
        "by_channel",
        "Per verkoopkanaal",
        "Kanaal",
        groups(
          cells,
          (cell) => cell.channel,
          (channel) => CHANNELS[channel] ?? channel,
        ),
        totals,
      ),
      cohortTable(
        filters,
        "by_promotion",
        "Per actie bij aanmelding",
        "Actie",
        groups(
          cells,
          (cell) => cell.promotion,
          (promotion) => promotion || "Zonder actie",
        ),
        totals,
      ),
    ],
    extra,
  });
}

/** The months' table in calendar order, as the matrix above it, instead of by size. */
function inMonthOrder(table: Table, groups: Group[]): Table {
  const order = new Map(groups.map((group) => [group.label, group.key]));
  const monthOf = (row: Table["rows"][number]) => order.get(String(row.month)) ?? "";
  return { ...table, rows: [...table.rows].sort((a, b) => monthOf(a).localeCompare(monthOf(b))) };
}

/** The cohorts' months, from the first: `2025-12-01` … */
const monthsFrom = (first: string) => Array.from({ length: COHORT_MONTHS }, (_, i) => addMonths(first, i));

export const membershipCohorts = defineReport({
  id: "memberships/cohorts",
  syncs: [syncMemberState],
  sql: { "memberships-cohorts": cohortsSql },
  run,
});
