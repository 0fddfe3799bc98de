import type { Queryable } from "../../db/database.ts";
import { syncProgrammeVisits } from "../../warehouse/derived/behaviour/programme-visits-sync.ts";
import { syncMemberState } from "../../warehouse/derived/memberships/member-state.ts";
import { syncMemberWashes } from "../../warehouse/derived/memberships/member-washes.ts";
import { breakdownTable, siteTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import { monthsNote, wholeMonths } from "./churn-months.ts";
import { membersAtEndSql, membersDailySql, moneySql, washesSql } from "./memberships-sql.ts";
import {
  active,
  chosenSites,
  clubFacts,
  conversion,
  type DayRow,
  type EndRow,
  eligible,
  ended,
  mrr,
  newMembers,
  overviewMetrics,
  overviewsOf,
  washFigures,
} from "./overview.ts";

// Abonnementen › Overzicht: the wash club at a glance (REPORT-DEFINITIONS §5): the tiles (overview.ts), the
// course over time, and the figures per site of sale and per plan.

async function run(db: Queryable, filters: ReportFilters) {
  const [facts, sites] = await Promise.all([clubFacts(db, filters, "all"), reportSites(db, filters)]);
  const { days, ends, washes } = facts;
  const chosen = chosenSites(filters);
  const overviews = overviewsOf(filters, facts);
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
    kpis: kpis(filters, overviewMetrics(monthsNote(wholeMonths(filters))), totals),
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
