import type { Kpi } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { kpis, type Metric, metric, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import type { Windowed } from "../sql.ts";
import { type ChurnRow, meanRate, monthsNote, wholeMonths } from "./churn-months.ts";
import { churnMonthsSql, membersAtEndSql, membersDailySql, moneySql, washesSql } from "./memberships-sql.ts";

// The wash club's figures per window (REPORT-DEFINITIONS §5), from the queries of memberships-sql.ts: the
// rates and means are worked out here, once. Abonnementen › Overzicht shows them all; Programmakeuze and the
// Monday e-mail show a few, and run only the queries those need (each query costs tens of ms at 10×).

/** Days in an average month: "per month" figures divide a period's days by this. */
const DAYS_PER_MONTH = 30.44;

export interface DayRow extends Windowed {
  day: string;
  bucket: string;
  active: number;
  mrr_cents: number;
  new: number;
  ended_member: number;
  ended_system: number;
}
export interface EndRow extends Windowed {
  grain: "total" | "site" | "plan";
  site_id: number | null;
  plan_item_id: number | null;
  active: number;
  mrr_cents: number;
  new: number;
  ended: number;
  ended_member: number;
  ended_system: number;
}
interface MoneyRow extends Windowed {
  charged_cents: number;
  declined: number;
  declines: number;
  recovered: number;
}
export interface WashRow extends Windowed {
  wash_site: number;
  member_site: number | null;
  member: boolean;
  washes: number;
  free: number;
}

/** One window's figures, for the KPI tiles. */
export interface Overview extends Windowed {
  active: number;
  mrr_cents: number;
  new: number;
  ended: number;
  ended_member: number;
  ended_system: number;
  churn: number | null;
  churn_member: number | null;
  churn_system: number | null;
  declined: number;
  declines: number;
  recovered: number;
  charged_cents: number;
  /** Σ over the window's days of the members active at the day's end, and the number of days. */
  member_days: number;
  days: number;
  member_washes: number;
  /** Member washes of memberships sold at a site, and of those the ones at another site. */
  sold_member_washes: number;
  cross_site: number;
  signups_at_sites: number;
  eligible: number;
}

/** Per month of members: a per-day mean over the window's days, per average month. */
const perMemberMonth = (amount: number | undefined, row: Overview | undefined) =>
  row && row.member_days > 0
    ? ratio(amount, (row.member_days / row.days) * (row.days / DAYS_PER_MONTH))
    : null;

export const active = metric<{ active: number }>("members_active", (row) => (row ? sum(row.active) : null));
export const mrr = metric<{ mrr_cents: number }>("mrr", (row) =>
  row ? Math.round(sum(row.mrr_cents)) : null,
);
export const newMembers = metric<{ new: number }>("members_new", (row) => (row ? sum(row.new) : null));
export const ended = metric<{ ended: number }>("members_ended", (row) => (row ? sum(row.ended) : null));
export const conversion = metric<{ signups_at_sites: number; eligible: number }>(
  "membership_conversion",
  (row) => ratio(row?.signups_at_sites, row?.eligible),
);
export const eligible = metric<{ eligible: number }>("eligible_washes", (row) =>
  row ? sum(row.eligible) : null,
);

/** The KPI tiles, from one window's overview. */
export function overviewMetrics(note: string): Metric<Overview>[] {
  return [
    active,
    mrr,
    newMembers,
    ended,
    metric("members_ended_voluntary", (row) => (row ? row.ended_member : null)),
    metric("members_ended_involuntary", (row) => (row ? row.ended_system : null)),
    metric("members_net", (row) => (row ? row.new - row.ended : null)),
    metric("member_churn", (row) => row?.churn ?? null, { note, empty: "Geen hele maand in de periode." }),
    metric("member_churn_voluntary", (row) => row?.churn_member ?? null, { note }),
    metric("member_churn_involuntary", (row) => row?.churn_system ?? null, { note }),
    metric("member_declines", (row) => (row ? row.declined : null)),
    metric("decline_recovery", (row) => ratio(row?.recovered, row?.declines)),
    conversion,
    metric("membership_washes", (row) => (row ? row.member_washes : null)),
    metric("washes_per_member", (row) => perMemberMonth(row?.member_washes, row)),
    metric("revenue_per_member", (row) => {
      const value = perMemberMonth(row?.charged_cents, row);
      return value === null ? null : Math.round(value);
    }),
    metric("cross_site_usage", (row) => ratio(row?.cross_site, row?.sold_member_washes)),
  ];
}

/** The figures of washes for one window, from the wash rows, for the chosen sites (none: all). */
export function washFigures(rows: WashRow[], chosen: (site: number | null) => boolean) {
  const members = rows.filter((row) => row.member && chosen(row.member_site));
  const sold = members.filter((row) => row.member_site !== null);
  const atChosen = rows.filter((row) => chosen(row.wash_site));
  return {
    member_washes: members.reduce((n, row) => n + row.washes, 0),
    sold_member_washes: sold.reduce((n, row) => n + row.washes, 0),
    cross_site: sold.filter((row) => row.wash_site !== row.member_site).reduce((n, row) => n + row.washes, 0),
    // washes that could have become a signup: no member's, and not free
    eligible: atChosen.filter((row) => !row.member).reduce((n, row) => n + row.washes - row.free, 0),
  };
}

/** What the overview reads: the rows of each query, empty where no figure asked for needs it. */
export interface ClubFacts {
  days: DayRow[];
  ends: EndRow[];
  churn: ChurnRow[];
  money: MoneyRow[];
  washes: WashRow[];
}

/** The figures each query beyond the window's end state is needed for. */
const NEEDED_FOR: Record<Exclude<keyof ClubFacts, "ends">, readonly string[]> = {
  days: ["washes_per_member", "revenue_per_member"],
  churn: ["member_churn", "member_churn_voluntary", "member_churn_involuntary"],
  money: ["member_declines", "decline_recovery", "revenue_per_member"],
  washes: ["membership_conversion", "membership_washes", "washes_per_member", "cross_site_usage"],
};

/** The overview's rows for the figures `keys` (all: every query), its queries side by side. */
export async function clubFacts(
  db: Queryable,
  filters: ReportFilters,
  keys: readonly string[] | "all",
): Promise<ClubFacts> {
  const needs = (part: keyof typeof NEEDED_FOR) =>
    keys === "all" || NEEDED_FOR[part].some((key) => keys.includes(key));
  const query = <R>(wanted: boolean, built: { text: string; params: Record<string, unknown> } | null) =>
    wanted && built ? db.query<R>(built.text, built.params as never) : Promise.resolve([] as R[]);
  const [days, ends, churn, money, washes] = await Promise.all([
    query<DayRow>(needs("days"), membersDailySql(filters)),
    query<EndRow>(true, membersAtEndSql(filters)),
    query<ChurnRow>(needs("churn"), churnMonthsSql(filters, wholeMonths(filters))),
    query<MoneyRow>(needs("money"), moneySql(filters)),
    query<WashRow>(needs("washes"), washesSql(filters)),
  ]);
  return { days, ends, churn, money, washes };
}

/** The sites a filter chose (none chosen: every site, and memberships sold online). */
export function chosenSites(filters: ReportFilters) {
  const chosenIds = new Set(filters.sites.map((site) => site.id));
  return (site: number | null) => (chosenIds.size === 0 ? true : site !== null && chosenIds.has(site));
}

/** Per window, the figures of the KPI tiles. */
export function overviewsOf(filters: ReportFilters, facts: ClubFacts): Overview[] {
  const { days, ends, churn, money, washes } = facts;
  const windows = filters.comparison ? (["current", "comparison"] as const) : (["current"] as const);
  return windows.map((win) => {
    const end = ends.find((row) => row.win === win && row.grain === "total");
    const ofWin = <R extends Windowed>(rows: R[]) => rows.filter((row) => row.win === win);
    const winDays = ofWin(days);
    const winChurn = ofWin(churn);
    const winMoney = ofWin(money);
    const signupsAtSites = ends
      .filter((row) => row.win === win && row.grain === "site" && row.site_id !== null)
      .reduce((n, row) => n + row.new, 0);
    return {
      win,
      active: sum(end?.active),
      mrr_cents: sum(end?.mrr_cents),
      new: sum(end?.new),
      ended: sum(end?.ended),
      ended_member: sum(end?.ended_member),
      ended_system: sum(end?.ended_system),
      churn: meanRate(winChurn, (row) => row.ended_member + row.ended_system),
      churn_member: meanRate(winChurn, (row) => row.ended_member),
      churn_system: meanRate(winChurn, (row) => row.ended_system),
      declined: winMoney.reduce((n, row) => n + row.declined, 0),
      declines: winMoney.reduce((n, row) => n + row.declines, 0),
      recovered: winMoney.reduce((n, row) => n + row.recovered, 0),
      charged_cents: winMoney.reduce((n, row) => n + row.charged_cents, 0),
      member_days: winDays.reduce((n, row) => n + row.active, 0),
      days: winDays.length,
      ...washFigures(ofWin(washes), chosenSites(filters)),
      signups_at_sites: signupsAtSites,
    };
  });
}

/** The overview's tiles with the registry keys `keys`, in that order, running only the queries they need. */
export async function membershipKpis(
  db: Queryable,
  filters: ReportFilters,
  keys: readonly string[],
): Promise<Kpi[]> {
  const facts = await clubFacts(db, filters, keys);
  const metrics = overviewMetrics(monthsNote(wholeMonths(filters)));
  const shown = keys.flatMap((key) => metrics.filter((figure) => figure.key === key));
  return kpis(filters, shown, totalsOf(overviewsOf(filters, facts)));
}
