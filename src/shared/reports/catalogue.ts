import type { ZodType } from "zod";
import { experimentsReportSchema } from "../experiments/report.ts";
import { navPages, pageTitle, REPORT_SECTIONS } from "../navigation.ts";
import {
  AD_FAMILIES,
  type AdFamily,
  type AdLevel,
  type AdMetricKey,
  type AdSeriesKey,
  adKpiMetrics,
  adSeries,
  adTables,
} from "./ad-reports.ts";
import type { DimensionKey } from "./dimensions.ts";
import {
  acquisitionExtraSchema,
  cohortsExtraSchema,
  dashboardExtraSchema,
  flowExtraSchema,
  geoExtraSchema,
  itemFlowExtraSchema,
  voucherFlowExtraSchema,
} from "./extras.ts";
import type { Granularity } from "./filters.ts";

// THE report catalogue: every report of the navigation (built or not) and the dashboard, with what it
// accepts and what it answers. The server's registry and the web's declarations are typed from it, the
// filter parser reads its filters from it, and src/server/reports/catalogue.test.ts checks every built
// report against it: its module, its declaration, its SQL snapshot and the keys of its envelope.

export interface CatalogueEntry<
  K extends string = string,
  S extends string = string,
  T extends string = string,
> {
  /** The report's path under /reports, and its API id: GET /api/reports/<id>. */
  id: string;
  title: string;
  /**
   * "built": a query module answering the envelope, drawn from a declaration. "bespoke": a screen and an
   * endpoint of its own (DESIGN §5: experiments), whose whole answer has the `extra` schema.
   */
  status: "built" | "bespoke";
  /** The finest bucket its facts allow: ad statistics are daily, so "day" refuses Uur. */
  finest: Granularity;
  /** Whether the site filter applies; ad and website figures belong to no site. */
  site: boolean;
  /** Whether it draws figures over time, so the granularity applies (default: it has series). */
  bucketed: boolean;
  /** The dimension filters it accepts (beyond period, comparison, granularity and site). */
  dimensions: readonly DimensionKey[];
  kpis: readonly K[];
  /** Series keys; `programme:*` stands for one series per programme. */
  series: readonly S[];
  tables: readonly T[];
  /** The shape of `envelope.extra`, for reports with a bespoke part (of the whole answer when bespoke). */
  extra?: ZodType;
}

const titles = new Map(navPages(REPORT_SECTIONS).map((page) => [page.path, pageTitle(page)]));
const titleOf = (id: string) => {
  const title = titles.get(`/reports/${id}`);
  if (!title) throw new Error(`report ${id} is not in the navigation`);
  return title;
};

type Status = CatalogueEntry["status"];
type Defaulted = "finest" | "site" | "bucketed" | "dimensions";

function report<
  const K extends string,
  const S extends string,
  const T extends string,
  const St extends Status = "built",
>(
  id: string,
  entry: Omit<CatalogueEntry<K, S, T>, "id" | "title" | Defaulted | "status"> &
    Partial<Pick<CatalogueEntry, Defaulted>> & { status?: St },
): CatalogueEntry<K, S, T> & { status: St } {
  return {
    id,
    title: id === "dashboard" ? "Dashboard" : titleOf(id),
    status: "built",
    finest: "hour",
    site: true,
    bucketed: entry.series.length > 0,
    dimensions: [],
    ...entry,
  } as CatalogueEntry<K, S, T> & { status: St };
}

type AdTableKey = `by_${AdLevel}` | "join_health" | "by_brand" | "by_campaign_type" | "movers";
type AdEntry = CatalogueEntry<AdMetricKey, AdSeriesKey, AdTableKey> & {
  status: "built";
};
type Families = typeof AD_FAMILIES;
/** The ids of the ad-platform reports: one per family and level. */
export type AdPath = { [F in keyof Families]: keyof Families[F]["levels"] & string }[keyof Families];

/** The ad-platform paths: one report at different levels, daily figures, no site. */
function adEntries(): Record<AdPath, AdEntry> {
  const out = {} as Record<AdPath, AdEntry>;
  for (const family of Object.values(AD_FAMILIES) as AdFamily[]) {
    for (const path of Object.keys(family.levels)) {
      out[path as AdPath] = report(path, {
        finest: "day",
        site: false,
        dimensions: family.drill,
        kpis: adKpiMetrics(family),
        series: adSeries(family, path),
        tables: adTables(family, path),
      });
    }
  }
  return out;
}

/** The dashboard's figures, each once for today (`today_…`) and once for this week (`week_…`). */
export const DASHBOARD_FIGURES = [
  "washes",
  "revenue",
  "revenue_per_car",
  "plates",
  "new_share",
  "conversions",
  "ad_spend",
  "roas",
] as const;

export const REPORT_CATALOGUE = {
  dashboard: report("dashboard", {
    kpis: DASHBOARD_FIGURES.flatMap((key) => [`today_${key}`, `week_${key}`]),
    series: ["today_washes", "week_washes"],
    tables: ["sites_today", "sites_week", "freshness"],
    extra: dashboardExtraSchema,
  }),

  "users-recognition": report("users-recognition", {
    kpis: ["reads", "read_rate", "no_reads", "confidence", "low_confidence_share", "conversion"],
    series: ["reads", "read_rate", "confidence", "low_confidence_share", "conversion", "read_rate_by_hour"],
    tables: ["by_site", "by_camera"],
  }),
  "users-unique": report("users-unique", {
    kpis: ["plates", "visits", "visits_per_plate"],
    series: ["plates", "visits", "plates_by_frequency"],
    tables: ["by_site", "by_frequency", "top_customers"],
  }),
  "users-type": report("users-type", {
    kpis: ["plates", "new", "returning", "returning_share"],
    series: ["new", "returning", "returning_share"],
    tables: ["by_site"],
    extra: cohortsExtraSchema,
  }),
  "users-flow": report("users-flow", {
    bucketed: false, // a histogram of the gaps between visits, not a course over time
    kpis: ["visits", "median_gap_days", "lost", "won_back"],
    series: ["visits_by_gap"],
    tables: ["migration"],
    extra: flowExtraSchema,
  }),
  "users-geo": report("users-geo", {
    kpis: ["customers", "known_share", "distance_km", "nearby_share"],
    series: [],
    tables: ["by_province", "by_region"],
    extra: geoExtraSchema,
  }),

  acquisition: report("acquisition", {
    finest: "day",
    site: false,
    kpis: [
      "spend",
      "acquired",
      "cost_per_acquired",
      "value_90d",
      "maturing",
      "roas_90d",
      "roas_paid",
      "cannibalisation",
      "linked_spend",
    ],
    series: ["sessions:*", "spend", "our_revenue"],
    tables: ["by_channel", "join_health"],
    extra: acquisitionExtraSchema,
  }),
  ...adEntries(),
  vouchers: report("vouchers", {
    site: false,
    dimensions: ["promotion", "channel"],
    kpis: [
      "issued",
      "claimed",
      "redeemed",
      "redemption_rate",
      "discount",
      "redemption_revenue",
      "new_plates",
      "payback",
    ],
    series: ["issued", "claimed", "redeemed"],
    tables: ["promotions"],
  }),
  "vouchers/flow": report("vouchers/flow", {
    site: false,
    dimensions: ["promotion", "channel"],
    kpis: [
      "issued",
      "claimed",
      "redeemed",
      "back_share",
      "days_to_claim",
      "days_to_redeem",
      "days_to_return",
    ],
    series: [],
    tables: ["return_by_month"],
    extra: voucherFlowExtraSchema,
  }),

  "item-flow": report("item-flow", {
    kpis: [
      "washes",
      "attach_rate",
      "upgrades_rate",
      "same_rate",
      "downgrades_rate",
      "free_upgrade_kept",
      "subscriptions_started",
      "subscriptions_ended",
      "subscriptions_active",
      "churn",
      "subscription_conversion",
    ],
    series: ["washes", "attach_rate"],
    tables: ["mix", "transitions"],
    extra: itemFlowExtraSchema,
  }),
  "content-pages": report("content-pages", {
    site: false,
    dimensions: ["page", "channel"],
    kpis: ["pageviews", "visitors", "time_on_page", "exit_rate", "bounce_rate"],
    series: ["pageviews", "visitors"],
    tables: ["pages", "sources"],
  }),
  "content-landing-pages": report("content-landing-pages", {
    site: false,
    dimensions: ["page", "channel"],
    kpis: ["sessions", "bounce_rate", "visit_duration", "conversion_rate", "revenue_per_session", "acquired"],
    series: ["sessions", "conversions"],
    tables: ["landing_pages", "by_channel"],
  }),
  experiments: report("experiments", {
    status: "bespoke",
    finest: "day",
    site: false,
    dimensions: ["experiment"],
    kpis: [],
    series: [],
    tables: [],
    extra: experimentsReportSchema,
  }),

  "trx-sales": report("trx-sales", {
    dimensions: ["programme", "payment_method"],
    kpis: ["transactions", "member_washes", "average_ticket", "upsell_rate", "revenue"],
    series: ["transactions", "average_ticket", "upsell_rate", "transactions_by_hour"],
    tables: ["by_site", "by_payment_method"],
  }),
  "trx-revenue": report("trx-revenue", {
    dimensions: ["programme", "payment_method"],
    kpis: ["revenue", "revenue_ex_vat", "vat", "discounts", "discount_rate"],
    series: ["revenue", "revenue_ex_vat", "discounts"],
    tables: ["by_site", "by_item"],
  }),
  "trx-items": report("trx-items", {
    dimensions: ["programme", "payment_method"],
    kpis: ["programmes", "subscription_washes", "programme_price", "extras_per_wash", "subscriptions"],
    series: ["programmes", "programme:*"],
    tables: ["programmes", "extras", "subscriptions"],
  }),
};

export type ReportCatalogue = typeof REPORT_CATALOGUE;
export type ReportId = keyof ReportCatalogue & string;
export type KpiKey<Id extends ReportId> = ReportCatalogue[Id]["kpis"][number];
export type SeriesKey<Id extends ReportId> = ReportCatalogue[Id]["series"][number];
export type TableKey<Id extends ReportId> = ReportCatalogue[Id]["tables"][number];

/** The reports with a query module answering the envelope (the server's registry) and a declared screen. */
export type BuiltReportId = {
  [Id in ReportId]: ReportCatalogue[Id]["status"] extends "built" ? Id : never;
}[ReportId];

export const REPORT_IDS = Object.keys(REPORT_CATALOGUE) as ReportId[];

/** The catalogue entry of a report id, or undefined for an id that is not a report. */
export const catalogueEntry = (id: string): CatalogueEntry | undefined =>
  (REPORT_CATALOGUE as Record<string, CatalogueEntry>)[id];
