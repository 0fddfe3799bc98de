import { addDays } from "../../shared/reports/dates.ts";
import type { Database, Queryable } from "../db/database.ts";
import { usersTypeSql } from "../reports/customers/users-type.ts";
import { dashboardSalesSql } from "../reports/dashboard-sales.ts";
import { filtersFor, type ReportFilters } from "../reports/filters.ts";
import { change, ratio, sum } from "../reports/metrics.ts";
import type { WindowName } from "../reports/sql.ts";
import { trxRevenueSql } from "../reports/transactions/trx-revenue.ts";
import { CUSTOMER_VISITS_DECLARED } from "../warehouse/derived/customers/customer-tables.ts";
import { SALES_SUMS_DECLARED } from "../warehouse/derived/transactions/sales-rollup.ts";
import { readAtOneMoment } from "../warehouse/read-at-one-moment.ts";
import type { Site } from "../warehouse/sites.ts";
import {
  hasMemberships,
  MEMBER_READS,
  type WeeklyMemberFigures,
  weeklyMemberFigures,
} from "./member-figures.ts";
import { INTEGERS } from "./recipients.ts";
import { type MailTargets, mailTargets } from "./target-lines.ts";
import type { MailWeek } from "./week.ts";

// The Monday e-mail's figures, read with the report screens' own queries, so that the mail and the screens
// always agree: washes and revenue from Dashboard/Omzet (dashboardSalesSql, trxRevenueSql), new customers
// from Nieuw / Terugkerend (usersTypeSql; "new" is defined once, in customers/visits.ts), the members from
// Abonnementen › Overzicht (member-figures.ts).
//
// washes: wash programmes sold (one per car). revenueExVat: what customers paid minus the VAT in it.
// revenue per car: revenue excl. VAT ÷ washes. newCustomers: customers whose first visit ever at any site
// of the chain lies in the week; for one site, those of them who came to that site in the week; for several
// chosen sites, the sum of those per site (a new customer who visited two of them that week counts twice).

export interface Figures {
  washes: number;
  revenueExVatCents: number;
  newCustomers: number;
}

export interface SiteFigures {
  id: number;
  name: string;
  current: Figures;
  previous: Figures;
}

export interface WeeklyFigures {
  week: MailWeek;
  /** The sites reported on: every active site of the chain, or the recipient's choice. */
  scope: { chain: boolean; sites: Site[] };
  current: Figures;
  previous: Figures;
  lastYear: Figures;
  sites: SiteFigures[];
  /** The wash club's figures (member-figures.ts); null when the chain has no membership events at all. */
  members: WeeklyMemberFigures | null;
  /** This month against the sites' targets (target-lines.ts); null when none of them has a target. */
  targets: MailTargets | null;
  /** Monday … Sunday: this week's and the week before's washes and revenue excl. VAT. */
  days: {
    date: string;
    washes: number;
    previousWashes: number;
    revenueExVatCents: number;
    previousRevenueExVatCents: number;
  }[];
}

type Grain = "total" | "bucket" | "site";
interface Row {
  grain: Grain;
  win: WindowName;
  bucket: string | null;
  site_id: number | null;
  washes?: number;
  revenue_cents?: number;
  vat_cents?: number;
  new_plates?: number;
}

/** The derived tables the figures read: the sales sums, the customers' visits and the members' state. */
const READS = [SALES_SUMS_DECLARED, CUSTOMER_VISITS_DECLARED, ...MEMBER_READS];

const ZERO: Figures = { washes: 0, revenueExVatCents: 0, newCustomers: 0 };

export const revenuePerCar = (figures: Figures) => ratio(figures.revenueExVatCents, figures.washes);

/** Relative change of the washes from `previous` to `current` (the ranking of best and worst site). */
export const washesChange = (site: SiteFigures) => change(site.current.washes, site.previous.washes);

/** The week's figures for the chain (`siteIds` empty) or for the chosen sites. */
export async function weeklyFigures(
  db: Database,
  week: MailWeek,
  siteIds: readonly number[],
  now: Date,
): Promise<WeeklyFigures> {
  const chain = siteIds.length === 0;
  // Every query at one moment, as a report reads (warehouse/read-at-one-moment.ts).
  const { value: read } = await readAtOneMoment(db, READS, async (tx) => {
    const sites = await tx.query<Site>(
      `SELECT id, code, name FROM sites WHERE ${chain ? "active" : `list_contains(${INTEGERS("$1")}, id)`} ORDER BY name`,
      chain ? [] : [JSON.stringify(siteIds)],
    );
    // The chain in one run: its total rows count a customer new to the chain once, however many sites they
    // visited. A choice of sites: one run per site, added up.
    const runs = await Promise.all(
      (chain ? [null] : sites).map(async (site) => ({
        site,
        vsWeek: await figureRows(tx, filtersOf(week, -7, site ? [site] : [], now)),
        vsYear: await figureRows(tx, filtersOf(week, week.lastYearShiftDays, site ? [site] : [], now)),
      })),
    );
    // Members in one run over all the chosen sites: a membership is sold at one site, so none counts twice.
    const scope = chain ? [] : sites;
    const members = (await hasMemberships(tx))
      ? await weeklyMemberFigures(
          tx,
          filtersOf(week, -7, scope, now),
          filtersOf(week, week.lastYearShiftDays, scope, now),
        )
      : null;
    const targets = await mailTargets(tx, chain ? [] : siteIds, now);
    return { sites, runs, members, targets };
  });
  const { sites, runs, members, targets } = read;
  const all = (key: "vsWeek" | "vsYear") => runs.flatMap((run) => run[key]);
  const total = (row: Row) => row.grain === "total";
  const perSite = sites.map((site) => {
    const rows = chain ? runs[0].vsWeek : (runs.find((run) => run.site?.id === site.id)?.vsWeek ?? []);
    const ofSite = (row: Row) => (chain ? row.grain === "site" && row.site_id === site.id : total(row));
    return {
      id: site.id,
      name: site.name,
      current: figuresOf(rows, "current", ofSite),
      previous: figuresOf(rows, "comparison", ofSite),
    };
  });
  return {
    week,
    scope: { chain, sites },
    current: figuresOf(all("vsWeek"), "current", total),
    previous: figuresOf(all("vsWeek"), "comparison", total),
    lastYear: figuresOf(all("vsYear"), "comparison", total),
    sites: perSite,
    members,
    targets,
    days: dailyFigures(week, all("vsWeek")),
  };
}

const filtersOf = (week: MailWeek, shiftDays: number, sites: Site[], now: Date) =>
  filtersFor({
    preset: "custom",
    range: { from: week.from, to: week.to },
    compare: "previous",
    shift: { unit: "day", amount: shiftDays },
    granularity: "day",
    sites,
    now,
  });

/** The three report queries for one comparison; every row tagged with its query's measures. */
async function figureRows(db: Queryable, filters: ReportFilters): Promise<Row[]> {
  const queries = [dashboardSalesSql(filters), trxRevenueSql(filters), usersTypeSql(filters)];
  const results = await Promise.all(queries.map((query) => db.query<Row>(query.text, query.params)));
  return results.flat();
}

function figuresOf(rows: Row[], win: WindowName, include: (row: Row) => boolean): Figures {
  const figures = { ...ZERO };
  for (const row of rows) {
    if (row.win !== win || !include(row)) continue;
    figures.washes += sum(row.washes);
    // Only the revenue query carries vat_cents; the dashboard's revenue (incl. VAT) is not counted twice.
    if (row.vat_cents !== undefined) figures.revenueExVatCents += sum(row.revenue_cents) - sum(row.vat_cents);
    figures.newCustomers += sum(row.new_plates);
  }
  return figures;
}

function dailyFigures(week: MailWeek, rows: Row[]): WeeklyFigures["days"] {
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(week.from, index);
    const day = (win: WindowName, on: string) =>
      figuresOf(rows, win, (row) => row.grain === "bucket" && row.bucket?.slice(0, 10) === on);
    const [current, previous] = [day("current", date), day("comparison", addDays(date, -7))];
    return {
      date,
      washes: current.washes,
      previousWashes: previous.washes,
      revenueExVatCents: current.revenueExVatCents,
      previousRevenueExVatCents: previous.revenueExVatCents,
    };
  });
}
