// The dashboard's KPI keys (its catalogue entry, catalogue.ts), which its page groups into tiles.

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

/** "Verwacht vandaag": the forecast's figures for today (REPORT-DEFINITIONS §6). */
export const DASHBOARD_EXPECTED = ["today_expected_washes", "today_expected_so_far"] as const;

/** "Doel deze maand": the month's washes against the chosen sites' targets (Instellingen › Doelen). */
export const DASHBOARD_TARGETS = ["target_share_washes"] as const;
