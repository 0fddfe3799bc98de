import { metric } from "../envelope.ts";
import { sum } from "../metrics.ts";

// Figures more than one report shows, declared once so that they read and count the same everywhere
// (labels and definitions: src/shared/metrics).

/** What customers paid, incl. VAT, after discounts, online sales included (transactions.total_cents). */
export const revenue = metric<{ revenue_cents: number }>("revenue", (row) => sum(row?.revenue_cents));

/** Wash programmes sold: one per car washed. */
export const washes = metric<{ washes: number }>("washes", (row) => sum(row?.washes));
