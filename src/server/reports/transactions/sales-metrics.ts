import type { Metric } from "../envelope.ts";
import { sum } from "../metrics.ts";

// Figures more than one report shows, declared once so that they read and count the same everywhere.

/** What customers paid, incl. VAT, after discounts, online sales included (transactions.total_cents). */
export const revenue: Metric<{ revenue_cents: number }> = {
  key: "revenue",
  label: "Omzet",
  unit: "eur_cents",
  hint: "Wat klanten betaalden, incl. btw, na korting; online verkopen inbegrepen.",
  value: (row) => sum(row?.revenue_cents),
};

/** Wash programmes sold: one per car washed. */
export const washes: Metric<{ washes: number }> = {
  key: "washes",
  label: "Wassen",
  unit: "count",
  hint: "Verkochte wasprogramma's: één per gewassen auto.",
  value: (row) => sum(row?.washes),
};
