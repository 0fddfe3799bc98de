import { describe, expect, it } from "vitest";
import {
  type BinomialArm,
  bayesian,
  frequentist,
  type MeanArm,
  moments,
  relativeUplift,
  sampleRatioMismatch,
} from "./statistics.ts";
import { daysToDecision, verdictOf } from "./verdict.ts";

const binomial = (x: number, n: number): BinomialArm => ({ kind: "binomial", n, x });
const mean = (n: number, sum: number, sumSquares: number): MeanArm => ({ kind: "mean", n, sum, sumSquares });

/** Equal to `digits` decimals: |a − b| < 0.5·10⁻ᵈ. */
const close = (actual: number, expected: number, digits = 4) => expect(actual).toBeCloseTo(expected, digits);

// The published vectors of GrowthBook's engine (REPORT-DEFINITIONS §4), to 4 decimals.
describe("the published vectors", () => {
  it("binomial, Bayesian: control 49/100, variant 51/100", () => {
    const result = bayesian(binomial(49, 100), binomial(51, 100));
    close(result.uplift, 0.040816);
    close(result.sd, 0.147253);
    close(result.chanceToWin, 0.60918);
    close(result.interval[0], -0.24779);
    close(result.interval[1], 0.32943);
    close(result.risk.control, 0.0814);
    close(result.risk.variant, 0.04058);
  });

  it("mean, Bayesian: n 10, Σ 100, Σ² 1002.25 against n 10, Σ 105, Σ² 1111.5", () => {
    const result = bayesian(mean(10, 100, 1002.25), mean(10, 105, 1111.5));
    close(result.uplift, 0.05);
    close(result.sd, 0.035716);
    close(result.chanceToWin, 0.91923);
    close(result.interval[0], -0.02);
    close(result.interval[1], 0.12);
  });

  it("binomial, sequential: control 1396/3000, variant 2422/3461", () => {
    const result = frequentist(binomial(1396, 3000), binomial(2422, 3461), { sequential: true });
    close(result.uplift, 0.50386);
    close(result.interval[0], 0.40098);
    close(result.interval[1], 0.60675);
    expect(result.significant).toBe(true);
  });

  it("SRM: 10000 / 10500 at 50/50 warns", () => {
    const srm = sampleRatioMismatch([10000, 10500], [1, 1]);
    expect(srm.checked).toBe(true);
    close(srm.chiSquare, 12.195, 3);
    close(srm.pValue, 0.000479, 6);
    expect(srm.mismatch).toBe(true);
  });
});

describe("moments and the delta method", () => {
  it("works out the sample variance from Σy and Σy²", () => {
    // (1002.25 − 100²/10) ÷ 9 = 2.25 ÷ 9 = 0.25
    expect(moments(mean(10, 100, 1002.25))).toEqual({ n: 10, mean: 10, variance: 0.25 });
    // 0.2 × 0.8
    close(moments(binomial(20, 100)).variance, 0.16, 10);
  });

  it("is neutral when the control mean is 0 or a variance is 0", () => {
    expect(relativeUplift(moments(binomial(0, 100)), moments(binomial(5, 100)))).toBeNull();
    const zeroControl = bayesian(binomial(0, 100), binomial(5, 100));
    expect(zeroControl).toMatchObject({ computed: false, uplift: 0, chanceToWin: 0.5, interval: [0, 0] });
    // every variant visitor converted: p̂(1 − p̂) = 0
    expect(bayesian(binomial(10, 100), binomial(100, 100)).chanceToWin).toBe(0.5);
    // all revenue values equal: s² = 0
    const flat = bayesian(mean(10, 100, 1000), mean(10, 105, 1111.5));
    expect(flat.computed).toBe(false);
    expect(frequentist(mean(10, 100, 1000), mean(10, 105, 1111.5)).significant).toBe(false);
  });
});

describe("Bayesian options", () => {
  it("turns the chance around for a metric where lower is better", () => {
    // Bounce rate 49 % → 51 %: worse, so the chance that the variant is better is 1 − 0.60918.
    const result = bayesian(binomial(49, 100), binomial(51, 100), { lowerIsBetter: true });
    close(result.chanceToWin, 0.39082);
    close(result.uplift, 0.040816);
    // The risks swap: choosing the variant now risks what keeping control risked before.
    close(result.risk.variant, 0.0814);
    close(result.risk.control, 0.04058);
  });

  it("shrinks the uplift towards 0 with the N(0, 0.3²) prior, combined by precision", () => {
    // Flat: Δ 0.040816, Var 0.147253² = 0.0216835. Prior precision 1 ÷ 0.09 = 11.1111.
    // Posterior precision 46.1181 + 11.1111 = 57.2292 → Var 0.0174736, sd 0.132188;
    // mean 0.040816 × 46.1181 ÷ 57.2292 = 0.032892; chance Φ(0.032892 ÷ 0.132188) = Φ(0.24883) = 0.59825.
    const result = bayesian(binomial(49, 100), binomial(51, 100), { prior: true });
    close(result.uplift, 0.032892);
    close(result.sd, 0.132188);
    close(result.chanceToWin, 0.59825);
  });
});

describe("the frequentist view", () => {
  it("gives the Welch interval and p-value without sequential testing", () => {
    // Δ 0.040816, sd 0.147253; df = (0.2499/100 + 0.2499/100)² ÷ (2 × (0.2499/100)² ÷ 99) = 198;
    // t(0.975, 198) = 1.972017 → half-width 0.290386; p = 2 × (1 − T₁₉₈(0.277184)) = 0.78193.
    const result = frequentist(binomial(49, 100), binomial(51, 100));
    close(result.interval[0], 0.040816 - 0.290386);
    close(result.interval[1], 0.040816 + 0.290386);
    close(result.pValue as number, 0.78193);
    expect(result.significant).toBe(false);
  });

  it("makes the sequential interval wider than the fixed one at the same data", () => {
    const fixed = frequentist(binomial(1396, 3000), binomial(2422, 3461));
    const sequential = frequentist(binomial(1396, 3000), binomial(2422, 3461), { sequential: true });
    // Fixed: 1.960 × sd 0.033860 ≈ 0.0664 either side; sequential: 0.10289.
    expect(fixed.interval[1] - fixed.interval[0]).toBeLessThan(0.14);
    close(sequential.interval[1] - sequential.interval[0], 2 * 0.102885, 3);
    expect(sequential.pValue).toBeNull();
  });
});

describe("sample-ratio mismatch", () => {
  it("says nothing before 8·k units", () => {
    // k = 2: 15 units are too few even at 15 / 0; 16 units are enough.
    expect(sampleRatioMismatch([15, 0], [1, 1]).checked).toBe(false);
    expect(sampleRatioMismatch([16, 0], [1, 1])).toMatchObject({ checked: true, mismatch: true });
  });

  it("stays quiet below the threshold", () => {
    // 10000 / 10200: χ² = 2 × 100² ÷ 10100 = 1.9802, p = 0.1594.
    const srm = sampleRatioMismatch([10000, 10200], [1, 1]);
    close(srm.chiSquare, 1.9802);
    close(srm.pValue, 0.1594);
    expect(srm.mismatch).toBe(false);
  });

  it("uses the configured weights, with k − 1 degrees of freedom", () => {
    // 1/1/2 weights, 1000/1000/2000 observed: a perfect fit.
    expect(sampleRatioMismatch([1000, 1000, 2000], [1, 1, 2])).toMatchObject({
      chiSquare: 0,
      mismatch: false,
    });
    // 1100/1000/1900 at 1/1/2: χ² = 100²/1000 + 0 + 100²/2000 = 15; P(χ²₂ > 15) = e^(−7.5) = 0.000553.
    const srm = sampleRatioMismatch([1100, 1000, 1900], [1, 1, 2]);
    close(srm.chiSquare, 15);
    close(srm.pValue, Math.exp(-7.5), 6);
    expect(srm.mismatch).toBe(true);
  });
});

describe("the verdict", () => {
  const strong = bayesian(binomial(300, 10000), binomial(400, 10000));

  it("waits for 150 conversions in the larger arm", () => {
    expect(verdictOf({ conversions: 149, bayes: strong })).toMatchObject({
      verdict: "undecided",
      reason: "not-enough-conversions",
    });
    expect(verdictOf({ conversions: 400, bayes: strong })).toMatchObject({
      verdict: "won",
      reason: "chance-high",
    });
  });

  it("calls a loss below a chance of 0.05 and leaves the middle undecided", () => {
    const worse = bayesian(binomial(400, 10000), binomial(300, 10000));
    expect(verdictOf({ conversions: 400, bayes: worse }).verdict).toBe("lost");
    const unclear = bayesian(binomial(300, 10000), binomial(310, 10000));
    expect(verdictOf({ conversions: 310, bayes: unclear })).toMatchObject({
      verdict: "undecided",
      reason: "no-clear-difference",
    });
  });

  it("calls a significant but tiny effect a draw and flags a huge one", () => {
    // 0.4 % uplift, but on millions of units: certain, and negligible.
    const tiny = bayesian(binomial(500_000, 1_000_000), binomial(502_000, 1_000_000));
    expect(tiny.chanceToWin).toBeGreaterThan(0.95);
    expect(verdictOf({ conversions: 502_000, bayes: tiny }).verdict).toBe("draw");
    const huge = bayesian(binomial(200, 10000), binomial(400, 10000));
    expect(verdictOf({ conversions: 400, bayes: huge })).toMatchObject({ verdict: "won", suspicious: true });
  });

  it("uses the interval in the frequentist view", () => {
    const result = frequentist(binomial(1396, 3000), binomial(2422, 3461), { sequential: true });
    expect(verdictOf({ conversions: 2422, frequentist: result })).toMatchObject({
      verdict: "won",
      reason: "interval-above-zero",
    });
  });
});

describe("days to decision", () => {
  it("needs the interval to narrow to |Δ| ÷ sd = 1.645 at the current traffic", () => {
    // Δ 0.1, sd 0.1: n must grow by 1.645² = 2.7057: from 1000 to 2705.7 units, at 100 a day: 18 days.
    const estimate = daysToDecision({
      units: 1000,
      unitsPerDay: 100,
      uplift: 0.1,
      sd: 0.1,
      computed: true,
      largestArm: { conversions: 200, units: 500, share: 0.5 },
    });
    expect(estimate).toEqual({ days: 18, reason: "estimated" });
  });

  it("waits for 150 conversions and gives up without an effect", () => {
    // 50 conversions in 500 units: 1500 units in the arm, 3000 in all; 2000 more at 100 a day = 20 days.
    expect(
      daysToDecision({
        units: 1000,
        unitsPerDay: 100,
        uplift: 0.5,
        sd: 0.01,
        computed: true,
        largestArm: { conversions: 50, units: 500, share: 0.5 },
      }),
    ).toEqual({ days: 20, reason: "estimated" });
    expect(
      daysToDecision({
        units: 1000,
        unitsPerDay: 100,
        uplift: 0.001,
        sd: 0.01,
        computed: true,
        largestArm: { conversions: 500, units: 500, share: 0.5 },
      }).reason,
    ).toBe("no-effect");
  });
});
