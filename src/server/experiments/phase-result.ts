import type { Experiment, ExperimentPhase } from "../../shared/experiments/definitions.ts";
import {
  type ExperimentDetail,
  type MetricComparison,
  MULTIPLE_EXPOSURE_WARNING,
  type VariantReport,
} from "../../shared/experiments/report.ts";
import {
  type Arm,
  bayesian,
  frequentist,
  type SampleRatio,
  sampleRatioMismatch,
} from "../../shared/experiments/statistics.ts";
import { type VerdictReason, type VerdictResult, verdictOf } from "../../shared/experiments/verdict.ts";
import type { PhaseDayRow } from "./report-query.ts";

// One phase of an experiment: its counts (report-query.ts) summed per variant, each challenger compared
// with control in the three views of statistics.ts, and the phase's verdict. Ratios are computed here, once.

/** The summable counts of a phase-day-variant row. */
export type Totals = Omit<PhaseDayRow, "experiment" | "phase" | "day" | "variant" | "cap">;

export const ZERO: Totals = {
  units: 0,
  converted: 0,
  conversions: 0,
  revenue: 0,
  revenue_squares: 0,
  claimed: 0,
  bounced: 0,
  redemptions: 0,
  first_washes: 0,
};

export function add(a: Totals, b: Totals): Totals {
  const out = { ...a };
  for (const key of Object.keys(ZERO) as (keyof Totals)[]) out[key] += Number(b[key] ?? 0);
  return out;
}

/** The primary metric's arm of one variant, and the count that must reach 150 before a verdict. */
export function primaryArm(metric: Experiment["metric"], t: Totals): { arm: Arm; conversions: number } {
  if (metric === "revenue_per_visitor") {
    return {
      arm: { kind: "mean", n: t.units, sum: t.revenue, sumSquares: t.revenue_squares },
      conversions: t.converted,
    };
  }
  const x = metric === "voucher_rate" ? t.claimed : t.converted;
  return { arm: { kind: "binomial", n: t.units, x }, conversions: x };
}

function compare(
  control: { arm: Arm; conversions: number },
  variant: { arm: Arm; conversions: number },
  options: { prior: boolean; lowerIsBetter?: boolean },
): MetricComparison {
  const lowerIsBetter = options.lowerIsBetter ?? false;
  const bayes = bayesian(control.arm, variant.arm, options);
  const sequential = frequentist(control.arm, variant.arm, { lowerIsBetter, sequential: true });
  const fixed = frequentist(control.arm, variant.arm, { lowerIsBetter });
  const conversions = Math.max(control.conversions, variant.conversions);
  return {
    bayesian: bayes,
    sequential,
    fixed,
    verdict: {
      bayesian: verdictOf({ conversions, bayes, lowerIsBetter }),
      sequential: verdictOf({ conversions, frequentist: sequential, lowerIsBetter }),
      fixed: verdictOf({ conversions, frequentist: fixed, lowerIsBetter }),
    },
  };
}

export type Overall = VerdictResult & { variant: string | null };

/** The experiment's verdict from its variants': a winner wins; all lost is lost; open while any is open. */
function overall(verdicts: { key: string; verdict: VerdictResult; uplift: number }[]): Overall {
  if (verdicts.length === 0)
    return { verdict: "undecided", reason: "not-enough-conversions", suspicious: false, variant: null };
  const won = verdicts.filter((v) => v.verdict.verdict === "won").sort((a, b) => b.uplift - a.uplift);
  if (won.length > 0) return { ...won[0].verdict, variant: won[0].key };
  const open = verdicts.find((v) => v.verdict.verdict === "undecided");
  if (open) return { ...open.verdict, variant: open.key };
  const lost = verdicts.filter((v) => v.verdict.verdict === "lost");
  if (lost.length === verdicts.length)
    return { ...lost[0].verdict, variant: verdicts.length === 1 ? lost[0].key : null };
  const draw = verdicts.find((v) => v.verdict.verdict === "draw") ?? verdicts[0];
  return { ...draw.verdict, variant: draw.key };
}

export const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

interface PhaseResult {
  variants: VariantReport[];
  verdict: ExperimentDetail["verdict"];
  units: number;
  excluded: ExperimentDetail["excluded"];
  srm: SampleRatio;
}

/**
 * Why no verdict may be given, whatever the statistics say: the split does not match the weights (sample-ratio
 * mismatch), or more than 1 % of the visitor-days saw several variants (REPORT-DEFINITIONS §4); null when
 * the data can be trusted.
 */
function withheldBecause(srm: SampleRatio, multipleShare: number): VerdictReason | null {
  if (srm.mismatch) return "sample-ratio-mismatch";
  if (multipleShare > MULTIPLE_EXPOSURE_WARNING) return "exposure-incomplete";
  return null;
}

/** A comparison whose verdicts are withheld for `reason` (the figures themselves stay). */
function withheld(comparison: MetricComparison | null, reason: VerdictReason): MetricComparison | null {
  if (!comparison) return null;
  const none = (v: VerdictResult): VerdictResult => ({ ...v, verdict: "undecided", reason });
  const { bayesian, sequential, fixed } = comparison.verdict;
  return {
    ...comparison,
    verdict: { bayesian: none(bayesian), sequential: none(sequential), fixed: none(fixed) },
  };
}

export function phaseResult(
  experiment: Experiment,
  phase: ExperimentPhase,
  rows: PhaseDayRow[],
  prior: boolean,
): PhaseResult {
  const totals = new Map<string, Totals>();
  for (const row of rows) totals.set(row.variant, add(totals.get(row.variant) ?? ZERO, row));
  const control = experiment.variants.find((v) => v.isControl) ?? experiment.variants[0];
  const controlArm = primaryArm(experiment.metric, totals.get(control.key) ?? ZERO);
  const controlBounce = totals.get(control.key) ?? ZERO;
  const exposed = experiment.variants.map((v) => totals.get(v.key)?.units ?? 0);
  const srm = sampleRatioMismatch(
    exposed,
    experiment.variants.map((v) => phase.weights[v.key] ?? 1),
  );
  const multiple = totals.get("#multiple")?.units ?? 0;
  const unknown = totals.get("#unknown")?.units ?? 0;
  const units = exposed.reduce((sum, n) => sum + n, 0);
  const excluded = {
    multipleVariants: multiple,
    unknownVariant: unknown,
    multipleShare: ratio(multiple, units + multiple + unknown) ?? 0,
  };
  const reason = withheldBecause(srm, excluded.multipleShare);
  const trusted = (comparison: MetricComparison | null) =>
    reason ? withheld(comparison, reason) : comparison;
  const variants = experiment.variants.map((variant): VariantReport => {
    const t = totals.get(variant.key) ?? ZERO;
    const isControl = variant.key === control.key;
    const bounce = (x: Totals): { arm: Arm; conversions: number } => ({
      arm: { kind: "binomial", n: x.units, x: x.bounced },
      conversions: x.bounced,
    });
    return {
      key: variant.key,
      name: variant.name,
      isControl,
      weight: phase.weights[variant.key] ?? 1,
      units: t.units,
      converted: t.converted,
      conversions: t.conversions,
      conversionRate: ratio(t.converted, t.units),
      revenuePerVisitor: ratio(t.revenue, t.units),
      claimed: t.claimed,
      voucherRate: ratio(t.claimed, t.units),
      bounceRate: ratio(t.bounced, t.units),
      redemptions: t.redemptions,
      firstWashes: t.first_washes,
      primary: isControl ? null : trusted(compare(controlArm, primaryArm(experiment.metric, t), { prior })),
      guardrail:
        isControl || !experiment.guardrail
          ? null
          : trusted(compare(bounce(controlBounce), bounce(t), { prior, lowerIsBetter: true })),
    };
  });
  const challengers = variants.filter((v) => v.primary);
  const verdictIn = (view: keyof MetricComparison["verdict"]) =>
    overall(
      challengers.map((v) => ({
        key: v.key,
        verdict: (v.primary as MetricComparison).verdict[view],
        uplift: (v.primary as MetricComparison).bayesian.uplift,
      })),
    );
  return {
    variants,
    verdict: {
      bayesian: verdictIn("bayesian"),
      sequential: verdictIn("sequential"),
      fixed: verdictIn("fixed"),
    },
    units,
    excluded,
    srm,
  };
}
