import type {
  ExperimentDetail,
  ExperimentView,
  VariantReport,
} from "../../../../shared/experiments/report.ts";
import { metricLabel } from "../../../../shared/metrics/registry.ts";
import type { Column, Table } from "../../../../shared/reports/envelope.ts";
import { guardrailLabels, metricLabels } from "../../../lib/experiment-labels.ts";

// The per-variant results of an experiment's phase as the screen reads them in the chosen view, and the same
// figures as a report table, so that its CSV is written like every other report table's (table-csv.ts).

/** The comparison of a variant in the chosen view: Bayesian, or frequentist with or without sequential testing. */
export function comparisonIn(
  v: VariantReport,
  view: ExperimentView,
  which: "primary" | "guardrail" = "primary",
) {
  const comparison = v[which];
  if (!comparison) return null;
  return view === "bayesian" ? comparison.bayesian : comparison[view];
}

/**
 * The frequentist test's outcome: the p-value (`0,031`) or, with sequential testing (which has none),
 * whether it is significant: `ja` / `nee`.
 */
export function testOutcome(v: VariantReport, view: Exclude<ExperimentView, "bayesian">): string | null {
  const c = comparisonIn(v, view);
  if (!c?.computed || !("significant" in c)) return null;
  if (view === "fixed" && c.pValue !== null) return c.pValue.toFixed(3).replace(".", ",");
  return c.significant ? "ja" : "nee";
}

export const testOutcomeLabel = (view: Exclude<ExperimentView, "bayesian">) =>
  view === "fixed" ? "p-waarde" : "Significant";

/** Every figure of the phase per variant, control first, in the chosen view. */
export function variantResultsTable(
  detail: Pick<ExperimentDetail, "metric" | "guardrail" | "variants">,
  view: ExperimentView,
): Table {
  const uplift = `${metricLabel("uplift")} ${metricLabels[detail.metric].toLowerCase()}`;
  const columns: Column[] = [
    { key: "variant", label: "Variant", type: "text" },
    { key: "role", label: "Rol", type: "text" },
    { key: "units", label: metricLabel("exposed_visitors"), type: "count" },
    { key: "conversions", label: metricLabel("exposed_conversions"), type: "count" },
    { key: "conversion_rate", label: metricLabel("exposed_conversion_rate"), type: "percent" },
    { key: "revenue_per_visitor", label: metricLabel("revenue_per_visitor"), type: "eur_cents" },
    { key: "uplift", label: uplift, type: "percent" },
    { key: "lower", label: `${uplift}, 95%-interval van`, type: "percent" },
    { key: "upper", label: `${uplift}, 95%-interval tot`, type: "percent" },
    ...(view === "bayesian"
      ? ([
          { key: "chance_to_win", label: metricLabel("chance_to_win"), type: "percent" },
          { key: "risk", label: metricLabel("risk"), type: "percent" },
        ] as const)
      : ([{ key: "test", label: testOutcomeLabel(view), type: "text" }] as const)),
    { key: "claimed", label: metricLabel("exposed_voucher_claims"), type: "count" },
    { key: "redemptions", label: metricLabel("exposed_redemptions"), type: "count" },
    { key: "first_washes", label: metricLabel("exposed_first_washes"), type: "count" },
    ...(detail.guardrail
      ? [{ key: "guardrail", label: guardrailLabels[detail.guardrail], type: "percent" } as const]
      : []),
  ];
  const rows = detail.variants.map((v) => {
    const c = comparisonIn(v, view);
    const computed = c?.computed ? c : null;
    const bayesian = v.primary?.bayesian.computed ? v.primary.bayesian : null;
    return {
      variant: v.name,
      role: v.isControl ? "controle" : "variant",
      units: v.units,
      conversions: v.conversions,
      conversion_rate: v.conversionRate,
      revenue_per_visitor: v.revenuePerVisitor,
      uplift: computed?.uplift ?? null,
      lower: computed?.interval[0] ?? null,
      upper: computed?.interval[1] ?? null,
      ...(view === "bayesian"
        ? { chance_to_win: bayesian?.chanceToWin ?? null, risk: bayesian?.risk.variant ?? null }
        : { test: testOutcome(v, view) }),
      claimed: v.claimed,
      redemptions: v.redemptions,
      first_washes: v.firstWashes,
      guardrail: v.bounceRate,
    };
  });
  return { key: "variants", label: "Resultaten per variant", columns, rows, totals: null };
}
