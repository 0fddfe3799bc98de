import { describe, expect, it } from "vitest";
import type { Experiment, ExperimentPhase } from "../../shared/experiments/definitions.ts";
import { phaseResult } from "./phase-result.ts";
import type { PhaseDayRow } from "./report-query.ts";

// No verdict while the data cannot be trusted (REPORT-DEFINITIONS §4). One phase at 50/50, conversion rate:
//   control a: 10 000 visitor-days, 1 000 converted (10 %); variant b: 12 % converted.
//   Δ = (0.12 − 0.10) ÷ 0.10 = +20 %, the larger arm far above 150 conversions, chance ≈ 1: "won" when healthy.
// - b with 10 500 visitor-days (1 260 converted): χ² = 12.195, p = 0.000479 < 0.001 → sample-ratio mismatch:
//   no verdict, reason "sample-ratio-mismatch".
// - b with 10 000 (1 200 converted), and 300 visitor-days that saw both: 300 ÷ 20 300 = 1,48 % > 1 % →
//   exposure incomplete: no verdict, reason "exposure-incomplete".
// - the same with 100 that saw both: 100 ÷ 20 100 = 0,50 % ≤ 1 % → "won", b.

const experiment: Experiment = {
  id: 1,
  key: "kop",
  name: "Kop",
  hypothesis: null,
  metric: "conversion_rate",
  guardrail: "bounce_rate",
  status: "running",
  startedAt: "2026-10-01T00:00:00Z",
  stoppedAt: null,
  decision: null,
  conclusion: null,
  version: 1,
  createdAt: "2026-10-01T00:00:00Z",
  variants: [
    { key: "a", name: "A", isControl: true, weight: 1 },
    { key: "b", name: "B", isControl: false, weight: 1 },
  ],
  phases: [],
};
const phase: ExperimentPhase = {
  phase: 1,
  startedAt: "2026-10-01T00:00:00Z",
  endedAt: null,
  weights: { a: 1, b: 1 },
};

const row = (variant: string, units: number, converted: number): PhaseDayRow => ({
  experiment: "kop",
  phase: 1,
  day: "2026-10-02",
  variant,
  units,
  converted,
  conversions: converted,
  revenue: 0,
  revenue_squares: 0,
  claimed: 0,
  bounced: Math.round(units * 0.4),
  redemptions: 0,
  first_washes: 0,
  cap: null,
});

const verdicts = (rows: PhaseDayRow[]) => {
  const result = phaseResult(experiment, phase, rows, false);
  const b = result.variants[1].primary;
  return {
    overall: [result.verdict.bayesian, result.verdict.sequential, result.verdict.fixed].map((v) => [
      v.verdict,
      v.reason,
    ]),
    variant: b ? [b.verdict.bayesian.verdict, b.verdict.fixed.verdict] : null,
  };
};

describe("the verdict of a phase", () => {
  it("is given when the split matches the weights and few saw several variants", () => {
    const { overall, variant } = verdicts([
      row("a", 10_000, 1000),
      row("b", 10_000, 1200),
      row("#multiple", 100, 0),
    ]);
    expect(overall.map(([verdict]) => verdict)).toEqual(["won", "won", "won"]);
    expect(variant).toEqual(["won", "won"]);
  });

  it("is withheld while the sample ratio does not match the weights", () => {
    const { overall, variant } = verdicts([row("a", 10_000, 1000), row("b", 10_500, 1260)]);
    expect(overall).toEqual([
      ["undecided", "sample-ratio-mismatch"],
      ["undecided", "sample-ratio-mismatch"],
      ["undecided", "sample-ratio-mismatch"],
    ]);
    expect(variant).toEqual(["undecided", "undecided"]);
  });

  it("is withheld while more than 1 % of the visitors saw several variants", () => {
    const { overall, variant } = verdicts([
      row("a", 10_000, 1000),
      row("b", 10_000, 1200),
      row("#multiple", 300, 0),
    ]);
    expect(overall.map(([, reason]) => reason)).toEqual([
      "exposure-incomplete",
      "exposure-incomplete",
      "exposure-incomplete",
    ]);
    expect(variant).toEqual(["undecided", "undecided"]);
  });
});
