import { addMonths } from "../../../shared/reports/dates.ts";
import type { Table } from "../../../shared/reports/envelope.ts";
import type { MemberCohortsExtra } from "../../../shared/reports/extras.ts";
import type { Queryable } from "../../db/database.ts";
import { startOfDay } from "../../warehouse/time-zone.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, metric, type Totals } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import { monthName } from "./churn-months.ts";
import { COHORT_MONTHS, cohortsSql, firstCohortMonth, MAX_K } from "./cohorts-sql.ts";
import { syncMemberState } from "./member-state.ts";

// Abonnementen › Cohorten: how long members stay and what they are worth, by the month they signed up in,
// by how they were sold and by the promotion they signed up with (REPORT-DEFINITIONS §5). Only what has
// happened counts: retention at k for months m + k that have ended, LTV at k for cohorts whose first k
// months have.

interface CellRow {
  month: string;
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

/** The first instant of the month `months` after the month starting on `month` (`2026-01-01`). */
const monthStartAfter = (month: string, months: number) => startOfDay(addMonths(month, months));

/** Pools cells into one group: a figure at k over the cohorts for which it is complete at `now`. */
function pool(cells: CellRow[], now: Date, key: string, label: string): Group {
  const atK = (k: number, complete: (month: string) => boolean) => {
    const rows = cells.filter((cell) => cell.k === k && complete(cell.month));
    const members = rows.reduce((n, row) => n + row.members, 0);
    return { members, rows };
  };
  const retention: Group["retention"] = {};
  const ltv: Group["ltv"] = {};
  for (let k = 0; k <= MAX_K; k++) {
    const ended = atK(k, (month) => monthStartAfter(month, k + 1) <= now);
    retention[k] = ratio(
      ended.rows.reduce((n, row) => n + row.retained, 0),
      ended.members,
    );
    const paidFor = atK(k, (month) => monthStartAfter(month, k) <= now);
    ltv[k] =
      k === 0
        ? null
        : ratio(
            paidFor.rows.reduce((n, row) => n + row.paid_cents, 0),
            paidFor.members,
          );
  }
  const members = cells.filter((cell) => cell.k === 0).reduce((n, row) => n + row.members, 0);
  return { win: "current", key, label, members, retention, ltv };
}

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
function groups(
  cells: CellRow[],
  now: Date,
  by: (cell: CellRow) => string | null,
  label: (key: string) => string,
) {
  const keys = [...new Set(cells.map((cell) => by(cell) ?? ""))];
  return keys.map((key) =>
    pool(
      cells.filter((cell) => (by(cell) ?? "") === key),
      now,
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
  const all = pool(cells, now, "all", "Alle");
  const totals: Totals<Group> = { current: all };
  const byMonth = groups(cells, now, (cell) => cell.month, monthName);
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
            if (monthStartAfter(month, k + 1) > now) return null;
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
          now,
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
          now,
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
