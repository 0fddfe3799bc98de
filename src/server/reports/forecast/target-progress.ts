import type { TargetValues } from "../../../shared/admin/targets.ts";
import type { Queryable } from "../../db/database.ts";
import {
  MONTH_FIGURES,
  type MonthCourse,
  type MonthFigure,
  type MonthFigures,
  monthCourse,
  monthSplit,
  TARGET_OF,
} from "../../targets/on-course.ts";
import { readTargets } from "../../targets/targets-store.ts";
import { SALES_SUMS_DECLARED } from "../../warehouse/derived/transactions/sales-rollup.ts";
import type { Site } from "../../warehouse/sites.ts";
import { startOfDay } from "../../warehouse/time-zone.ts";
import { dashboardSalesSql } from "../dashboard-sales.ts";
import { filtersFor } from "../filters.ts";
import { memberships } from "../memberships/memberships.ts";
import { clubFacts } from "../memberships/overview.ts";
import { sum } from "../metrics.ts";
import { trxRevenueSql } from "../transactions/trx-revenue.ts";

// Each site's month against its targets: the actual to date read with the report screens' own queries — washes
// from the Dashboard (dashboardSalesSql), revenue excl. VAT from Omzet (trxRevenueSql: revenue minus its
// VAT), new members from Abonnementen › Overzicht (members_new: signups at the site) — so the figures agree
// with the screens; what is expected for the rest of the month comes from the caller (the forecast).

/** What a site is expected to do from `fromDate` to `toDate` (local dates, both included). */
export type ExpectedRest = (siteId: number, fromDate: string, toDate: string) => Promise<MonthFigures>;

export interface SiteProgress extends MonthCourse {
  siteId: number;
  siteName: string;
}

const NO_TARGET: TargetValues = { washes: null, revenueExVatCents: null, newMembers: null };
const ZERO: MonthFigures = { washes: 0, revenueCents: 0, newMembers: 0 };

/** The derived tables the actual reads: a caller reads them at one moment (readAtOneMoment, or a report's syncs). */
export const TARGET_SYNCS = [SALES_SUMS_DECLARED.sync, ...memberships.syncs];

/**
 * The month `YYYY-MM` on `today` (a local Amsterdam date) for the sites `siteIds` (empty: every active
 * site), in the order of their names; of the figures `wanted` (the others are 0: the dashboard shows washes
 * alone, and the revenue and members queries cost it time).
 */
export async function targetProgress(
  db: Queryable,
  query: {
    month: string;
    today: string;
    siteIds: readonly number[];
    wanted?: readonly MonthFigure[];
    /** Only the sites with a target for one of the figures wanted: nothing is read for the others. */
    targetedOnly?: boolean;
  },
  expectedRest: ExpectedRest,
): Promise<SiteProgress[]> {
  const { month, today } = query;
  const split = monthSplit(month, today);
  const chosen = await sitesOf(db, query.siteIds);
  const targets = await readTargets(db, { from: month, to: month, siteIds: chosen.map((site) => site.id) });
  const wanted = query.wanted ?? MONTH_FIGURES;
  const targeted = (site: Site) =>
    targets.some(
      (target) => target.siteId === site.id && wanted.some((figure) => target[TARGET_OF[figure]] !== null),
    );
  const sites = query.targetedOnly ? chosen.filter(targeted) : chosen;
  if (sites.length === 0) return [];
  const range = split.actual;
  const actual = range
    ? await actualBySite(db, sites, range, startOfDay(today), query.wanted)
    : new Map<number, MonthFigures>();
  const rest = split.rest;
  return Promise.all(
    sites.map(async (site) => ({
      siteId: site.id,
      siteName: site.name,
      ...monthCourse({
        month,
        today,
        targets: targets.find((target) => target.siteId === site.id) ?? NO_TARGET,
        actual: actual.get(site.id) ?? ZERO,
        expectedRest: rest ? await expectedRest(site.id, rest.from, rest.to) : ZERO,
      }),
    })),
  );
}

function sitesOf(db: Queryable, siteIds: readonly number[]): Promise<Site[]> {
  return siteIds.length === 0
    ? db.query<Site>("SELECT id, code, name FROM sites WHERE active ORDER BY name")
    : db.query<Site>(
        "SELECT id, code, name FROM sites WHERE list_contains($1::JSON::INTEGER[], id) ORDER BY name",
        [JSON.stringify(siteIds)],
      );
}

interface SiteRow {
  grain: string;
  win: string;
  site_id: number | null;
  washes?: number;
  revenue_cents?: number;
  vat_cents?: number;
}

/** Washes, revenue excl. VAT and new members per site over `range`, cut at `now` (the start of today). */
export async function actualBySite(
  tx: Queryable,
  sites: Site[],
  range: { from: string; to: string },
  now: Date,
  wanted: readonly MonthFigure[] = MONTH_FIGURES,
): Promise<Map<number, MonthFigures>> {
  const chain = filtersFor({
    preset: "custom",
    range,
    compare: "none",
    shift: null,
    granularity: "day",
    sites,
    now,
  });
  const read = (wants: boolean, q: { text: string; params: Record<string, unknown> }) =>
    wants ? tx.query<SiteRow>(q.text, q.params as never) : Promise.resolve([]);
  const [sales, revenue] = await Promise.all([
    read(true, dashboardSalesSql(chain)),
    read(wanted.includes("revenueCents"), trxRevenueSql(chain)),
  ]);
  const ofSite = (rows: SiteRow[], id: number) =>
    rows.find((row) => row.win === "current" && row.grain === "site" && row.site_id === id);
  // A membership is sold at one site: the overview's rows per site of sale count each site's signups.
  const club = wanted.includes("newMembers") ? await clubFacts(tx, chain, ["members_new"]) : null;
  const newMembers = sites.map(
    (site) =>
      club?.ends.find((row) => row.win === "current" && row.grain === "site" && row.site_id === site.id)
        ?.new ?? 0,
  );
  return new Map(
    sites.map((site, index) => {
      const money = ofSite(revenue, site.id);
      return [
        site.id,
        {
          washes: sum(ofSite(sales, site.id)?.washes),
          revenueCents: sum(money?.revenue_cents) - sum(money?.vat_cents),
          newMembers: Number(newMembers[index]),
        },
      ];
    }),
  );
}
