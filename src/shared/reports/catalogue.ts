export type { AdPath } from "./ad-catalogue.ts";
export type { CatalogueEntry } from "./catalogue-entry.ts";

import { experimentsReportSchema } from "../experiments/report.ts";
import { adEntries } from "./ad-catalogue.ts";
import { type CatalogueEntry, report } from "./catalogue-entry.ts";
import { DASHBOARD_EXPECTED, DASHBOARD_FIGURES, DASHBOARD_TARGETS } from "./dashboard-figures.ts";
import {
  acquisitionExtraSchema,
  cohortsExtraSchema,
  dashboardExtraSchema,
  flowExtraSchema,
  geoExtraSchema,
  itemFlowExtraSchema,
  memberCohortsExtraSchema,
  voucherFlowExtraSchema,
} from "./extras.ts";

// THE report catalogue: every report of the navigation (built or not) and the dashboard, with what it
// accepts and what it answers. The server's registry and the web's declarations are typed from it, the
// filter parser reads its filters from it, and src/server/reports/catalogue.test.ts checks every built
// report against it: its module, its declaration, its SQL snapshot and the keys of its envelope.

export const REPORT_CATALOGUE = {
  dashboard: report("dashboard", {
    kpis: [
      ...DASHBOARD_FIGURES.flatMap((key) => [`today_${key}`, `week_${key}`]),
      ...DASHBOARD_EXPECTED,
      ...DASHBOARD_TARGETS,
    ],
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
      "members_new",
      "members_ended",
      "members_active",
      "member_churn",
      "membership_conversion",
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
    kpis: [
      "transactions",
      "member_washes",
      "average_ticket",
      "upsell_rate",
      "revenue",
      "transactions_change_weather_corrected",
    ],
    series: ["transactions", "average_ticket", "upsell_rate", "transactions_by_hour"],
    tables: ["by_site", "by_payment_method"],
  }),
  "trx-revenue": report("trx-revenue", {
    dimensions: ["programme", "payment_method"],
    kpis: [
      "revenue",
      "revenue_ex_vat",
      "vat",
      "discounts",
      "discount_rate",
      "revenue_change_weather_corrected",
    ],
    series: ["revenue", "revenue_ex_vat", "discounts"],
    tables: ["by_site", "by_item"],
  }),
  "trx-items": report("trx-items", {
    dimensions: ["programme", "payment_method"],
    kpis: ["programmes", "subscription_washes", "programme_price", "extras_per_wash", "subscriptions"],
    series: ["programmes", "programme:*"],
    tables: ["programmes", "extras", "subscriptions"],
  }),

  memberships: report("memberships", {
    finest: "day",
    kpis: [
      "members_active",
      "mrr",
      "members_new",
      "members_ended",
      "members_ended_voluntary",
      "members_ended_involuntary",
      "members_net",
      "member_churn",
      "member_churn_voluntary",
      "member_churn_involuntary",
      "member_declines",
      "decline_recovery",
      "membership_conversion",
      "membership_washes",
      "washes_per_member",
      "revenue_per_member",
      "cross_site_usage",
    ],
    series: ["members_active", "mrr", "members_new", "members_ended"],
    tables: ["by_site", "by_plan"],
  }),
  "memberships/cohorts": report("memberships/cohorts", {
    finest: "day",
    bucketed: false, // cohorts by signup month, not a course over the period
    kpis: [
      "cohort_members",
      "member_retention_3",
      "member_retention_6",
      "member_retention_12",
      "member_ltv_3",
      "member_ltv_6",
      "member_ltv_12",
    ],
    series: [],
    tables: ["by_month", "by_channel", "by_promotion"],
    extra: memberCohortsExtraSchema,
  }),
  "memberships/members": report("memberships/members", {
    finest: "day",
    bucketed: false, // who is active at the period's end, not a course over it
    kpis: [
      "members_active",
      "members_at_risk",
      "open_declines",
      "risk_top_decile",
      "risk_base_rate",
      "risk_auc",
    ],
    series: [],
    tables: ["members", "backtest"],
  }),
  forecast: report("forecast", {
    finest: "day", // its series are days: the days ahead and the last 8 whole weeks, whatever the period
    kpis: [
      "expected_next_7",
      "wape",
      "wape_last_week",
      "wape_usual",
      "forecast_coverage",
      "target_share_washes",
    ],
    series: ["expected_washes", "expected_low", "expected_high", "washes", "backtest_expected"],
    tables: ["targets", "next_days", "backtest"],
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
