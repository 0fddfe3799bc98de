import type { Queryable } from "../../db/database.ts";
import { syncProgrammeVisits } from "../../warehouse/derived/behaviour/programme-visits-sync.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { syncMemberWashes } from "../../warehouse/derived/memberships/member-washes.ts";
import { breakdownTable, siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import type { Windowed } from "../sql.ts";
import { type ChurnRow, meanRate, monthsNote, wholeMonths } from "./churn-months.ts";
import { churnMonthsSql, membersAtEndSql, membersDailySql, moneySql, washesSql } from "./memberships-sql.ts";

// Abonnementen › Overzicht: the wash club at a glance (REPORT-DEFINITIONS §5). The SQL (memberships-sql.ts)
// gives counts and sums per window; the rates and means are worked out here, once.

/** Days in an average month: "per month" figures divide a period's days by this. */
const DAYS_PER_MONTH = 30.44;

interface DayRow extends Windowed {
  day: string;
  bucket: string;
  active: number;
  mrr_cents: number;
  new: number;
  ended_member: number;
  ended_system: number;
}
interface EndRow extends Windowed {
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
interface WashRow extends Windowed {
  wash_site: number;
  member_site: number | null;
  member: boolean;
  washes: number;
  free: number;
}

/** One window's figures, for the KPI tiles. */
interface Overview extends Windowed {
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

const active = metric<{ active: number }>("members_active", (row) => (row ? sum(row.active) : null));
const mrr = metric<{ mrr_cents: number }>("mrr", (row) => (row ? Math.round(sum(row.mrr_cents)) : null));
const newMembers = metric<{ new: number }>("members_new", (row) => (row ? sum(row.new) : null));
const ended = metric<{ ended: number }>("members_ended", (row) => (row ? sum(row.ended) : null));
const conversion = metric<{ signups_at_sites: number; eligible: number }>("membership_conversion", (row) =>
  ratio(row?.signups_at_sites, row?.eligible),
);
const eligible = metric<{ eligible: number }>("eligible_washes", (row) => (row ? sum(row.eligible) : null));

/** The KPI tiles, from one window's overview. */
function overviewMetrics(note: string): Metric<Overview>[] {
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
function washFigures(rows: WashRow[], chosen: (site: number | null) => boolean) {
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

async function run(db: Queryable, filters: ReportFilters) {
  const months = wholeMonths(filters);
  const churnSql = churnMonthsSql(filters, months);
  const query = <R>(built: { text: string; params: Record<string, unknown> }) =>
    db.query<R>(built.text, built.params as never);
  const [days, ends, churn, money, washes, sites] = await Promise.all([
    query<DayRow>(membersDailySql(filters)),
    query<EndRow>(membersAtEndSql(filters)),
    churnSql ? query<ChurnRow>(churnSql) : Promise.resolve([]),
    query<MoneyRow>(moneySql(filters)),
    query<WashRow>(washesSql(filters)),
    reportSites(db, filters),
  ]);
  const chosenIds = new Set(filters.sites.map((site) => site.id));
  const chosen = (site: number | null) =>
    chosenIds.size === 0 ? true : site !== null && chosenIds.has(site);

  const windows = filters.comparison ? (["current", "comparison"] as const) : (["current"] as const);
  const overviews: Overview[] = windows.map((win) => {
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
      ...washFigures(ofWin(washes), chosen),
      signups_at_sites: signupsAtSites,
    };
  });
  const totals = totalsOf(overviews);

  const bucketRows = byBucket(days);
  const tableRows = (grain: EndRow["grain"]) =>
    ends
      .filter((row) => row.grain === grain)
      .map((row) => {
        const atSite = (site: number | null) => (grain === "site" ? site === row.site_id : chosen(site));
        const overview = overviews.find((o) => o.win === row.win);
        return {
          ...row,
          site_id: row.site_id as number,
          // memberships sold online or in the app have a row of their own, so the rows add up to the total
          site_name:
            row.site_id === null
              ? "Online of in de app"
              : (sites.find((site) => site.site_id === row.site_id)?.site_name ?? ""),
          signups_at_sites: grain === "site" ? row.new : sum(overview?.signups_at_sites),
          eligible: washFigures(
            washes.filter((wash) => wash.win === row.win),
            atSite,
          ).eligible,
        };
      });
  const plans = await db.query<{ id: number; name: string }>(
    "SELECT id, name FROM items WHERE kind = 'abonnement' ORDER BY sort_order, name",
  );
  const tableTotals = totalsOf(tableRows("total"));

  return envelope("memberships", filters, {
    kpis: kpis(filters, overviewMetrics(monthsNote(months)), totals),
    series: timeSeries(filters, bucketRows, [active, mrr, newMembers, ended]),
    tables: [
      siteTable(
        filters,
        { metrics: [active, mrr, newMembers, ended, eligible, conversion], changes: ["members_active"] },
        tableRows("site"),
        tableTotals,
        sites,
      ),
      breakdownTable(
        filters,
        {
          key: "by_plan",
          label: "Per abonnement",
          dimensions: [
            {
              key: "plan",
              label: "Abonnement",
              value: (row) => plans.find((plan) => plan.id === row.plan_item_id)?.name ?? "",
            },
          ],
          metrics: [active, mrr, newMembers, ended],
          changes: ["members_active"],
        },
        tableRows("plan"),
        (row) => String(row.plan_item_id),
        tableTotals,
      ),
    ],
  });
}

/** Per window and bucket: members and MRR at the bucket's last day, new and ended over its days. */
function byBucket(days: DayRow[]) {
  const buckets = new Map<string, DayRow & { ended: number }>();
  for (const row of days) {
    const key = `${row.win} ${row.bucket}`;
    const held = buckets.get(key);
    const ended = row.ended_member + row.ended_system;
    if (!held) buckets.set(key, { ...row, ended });
    else
      buckets.set(key, {
        ...row,
        new: held.new + row.new,
        ended: held.ended + ended,
      });
  }
  return [...buckets.values()];
}

export const memberships = defineReport({
  id: "memberships",
  syncs: [syncProgrammeVisits, syncMemberState, syncMemberWashes],
  sql: {
    "memberships-daily": membersDailySql,
    "memberships-at-end": membersAtEndSql,
    "memberships-money": moneySql,
    "memberships-washes": washesSql,
  },
  run,
});
