import { chiSquareSurvival, normalCdf, normalPdf, studentTCdf, studentTQuantile } from "./distributions.ts";

// The statistics of the experiments report (REPORT-DEFINITIONS §4), as GrowthBook's engine does them:
// relative uplift by the delta method, a Bayesian chance to beat control with risk, the frequentist view
// (Welch, or the always-valid sequential interval) and the sample-ratio-mismatch check; the verdict and the
// days-to-decision estimate are in verdict.ts. Pure functions of counts; the report query supplies the counts.

/** A yes/no metric per unit (converted or not): x of n units. */
export interface BinomialArm {
  kind: "binomial";
  n: number;
  x: number;
}

/** A numeric metric per unit (revenue): n units, Σy and Σy². */
export interface MeanArm {
  kind: "mean";
  n: number;
  sum: number;
  sumSquares: number;
}

export type Arm = BinomialArm | MeanArm;

export interface Moments {
  n: number;
  mean: number;
  variance: number;
}

/** Mean and variance of one arm: p̂(1 − p̂) for a binomial metric, the sample variance for a mean. */
export function moments(arm: Arm): Moments {
  if (arm.n <= 0) return { n: 0, mean: 0, variance: 0 };
  if (arm.kind === "binomial") {
    const p = arm.x / arm.n;
    return { n: arm.n, mean: p, variance: p * (1 - p) };
  }
  const variance = arm.n > 1 ? (arm.sumSquares - (arm.sum * arm.sum) / arm.n) / (arm.n - 1) : 0;
  return { n: arm.n, mean: arm.sum / arm.n, variance };
}

/** Relative uplift Δ = (μT − μC) ÷ |μC| with its delta-method variance; null when it cannot be computed. */
export function relativeUplift(
  control: Moments,
  variant: Moments,
): { delta: number; variance: number } | null {
  const { mean: mc, variance: vc, n: nc } = control;
  const { mean: mt, variance: vt, n: nt } = variant;
  if (mc === 0 || vc <= 0 || vt <= 0 || nc <= 0 || nt <= 0) return null;
  const delta = (mt - mc) / Math.abs(mc);
  const variance = vt / (nt * mc * mc) + (vc * mt * mt) / (nc * mc ** 4);
  return { delta, variance };
}

export interface StatsOptions {
  /** Lower is better (bounce rate): a fall is the good direction. */
  lowerIsBetter?: boolean;
}

export interface BayesianResult {
  /** False when the uplift cannot be computed (control mean 0, or a variance 0): then chance 0.5, Δ 0. */
  computed: boolean;
  uplift: number;
  sd: number;
  /** P(the variant is better than control); not a p-value. */
  chanceToWin: number;
  interval: [number, number];
  /** Expected loss, as a relative uplift, of keeping control and of choosing the variant. */
  risk: { control: number; variant: number };
}

const Z_95 = 1.959964;
/** The proper prior on the relative uplift: N(0, 0.3²), "most changes move a metric by less than 30 %". */
export const PRIOR_SD = 0.3;

const NEUTRAL_BAYES: BayesianResult = {
  computed: false,
  uplift: 0,
  sd: 0,
  chanceToWin: 0.5,
  interval: [0, 0],
  risk: { control: 0, variant: 0 },
};

/** Posterior N(Δ, Var) under a flat prior, or combined by precision with the N(0, 0.3²) prior. */
export function bayesian(
  control: Arm,
  variant: Arm,
  options: StatsOptions & { prior?: boolean } = {},
): BayesianResult {
  const uplift = relativeUplift(moments(control), moments(variant));
  if (!uplift) return NEUTRAL_BAYES;
  let mean = uplift.delta;
  let variance = uplift.variance;
  if (options.prior) {
    const precision = 1 / variance + 1 / PRIOR_SD ** 2;
    mean = mean / variance / precision;
    variance = 1 / precision;
  }
  const sd = Math.sqrt(variance);
  const better = options.lowerIsBetter ? -1 : 1;
  // m: the posterior mean in the good direction; risk is the expected loss in that direction.
  const m = better * mean;
  const chanceToWin = normalCdf(m / sd);
  const pLose = normalCdf(-m / sd);
  const pdf = normalPdf(m / sd);
  // E[X | X > 0] and E[X | X < 0] of X ~ N(m, sd²) (truncated normal means).
  const aboveZero = m + (sd * pdf) / Math.max(chanceToWin, 1e-300);
  const belowZero = m - (sd * pdf) / Math.max(pLose, 1e-300);
  return {
    computed: true,
    uplift: mean,
    sd,
    chanceToWin,
    interval: [mean - Z_95 * sd, mean + Z_95 * sd],
    risk: { control: (1 - pLose) * aboveZero, variant: -pLose * belowZero },
  };
}

export interface FrequentistResult {
  computed: boolean;
  uplift: number;
  sd: number;
  /** Two-sided Welch p-value; null with sequential testing (the interval alone decides then). */
  pValue: number | null;
  interval: [number, number];
  /** The interval lies wholly above or below zero. */
  significant: boolean;
}

/** Tuning of the sequential interval: the total sample size at which it is tightest. */
export const SEQUENTIAL_TUNING = 5000;

/**
 * Welch's t-test on the relative uplift (Welch–Satterthwaite degrees of freedom) or, with `sequential`, the
 * always-valid interval of Howard et al. (arXiv 2103.06476): valid however often someone looks.
 */
export function frequentist(
  control: Arm,
  variant: Arm,
  options: StatsOptions & { sequential?: boolean; alpha?: number } = {},
): FrequentistResult {
  const alpha = options.alpha ?? 0.05;
  const c = moments(control);
  const t = moments(variant);
  const uplift = relativeUplift(c, t);
  if (!uplift)
    return { computed: false, uplift: 0, sd: 0, pValue: null, interval: [0, 0], significant: false };
  const { delta } = uplift;
  const sd = Math.sqrt(uplift.variance);
  let halfWidth: number;
  let pValue: number | null = null;
  if (options.sequential) {
    const n = c.n + t.n;
    const logAlpha = Math.log(alpha);
    const rho2 = (-2 * logAlpha + Math.log(1 - 2 * logAlpha)) / SEQUENTIAL_TUNING;
    halfWidth =
      sd *
      Math.sqrt(n) *
      Math.sqrt(((2 * (n * rho2 + 1)) / (n * n * rho2)) * Math.log(Math.sqrt(n * rho2 + 1) / alpha));
  } else {
    const a = t.variance / t.n;
    const b = c.variance / c.n;
    const df = (a + b) ** 2 / (a ** 2 / Math.max(t.n - 1, 1) + b ** 2 / Math.max(c.n - 1, 1));
    pValue = 2 * (1 - studentTCdf(Math.abs(delta / sd), df));
    halfWidth = studentTQuantile(1 - alpha / 2, df) * sd;
  }
  const interval: [number, number] = [delta - halfWidth, delta + halfWidth];
  return {
    computed: true,
    uplift: delta,
    sd,
    pValue,
    interval,
    significant: interval[0] > 0 || interval[1] < 0,
  };
}

export interface SampleRatio {
  /** False before Σ observed ≥ 8·k: too early to say anything. */
  checked: boolean;
  chiSquare: number;
  pValue: number;
  /** The split differs from the configured weights more than chance explains (p < 0.001). */
  mismatch: boolean;
}

export const SRM_THRESHOLD = 0.001;

/** χ² goodness of fit of the units per variant against the configured weights, k − 1 degrees of freedom. */
export function sampleRatioMismatch(observed: number[], weights: number[]): SampleRatio {
  const total = observed.reduce((sum, value) => sum + value, 0);
  const weightSum = weights.reduce((sum, value) => sum + value, 0);
  const k = observed.length;
  if (k < 2 || total < 8 * k || weightSum <= 0)
    return { checked: false, chiSquare: 0, pValue: 1, mismatch: false };
  let chiSquare = 0;
  observed.forEach((o, i) => {
    const e = (total * weights[i]) / weightSum;
    chiSquare += (o - e) ** 2 / e;
  });
  const pValue = chiSquareSurvival(chiSquare, k - 1);
  return { checked: true, chiSquare, pValue, mismatch: pValue < SRM_THRESHOLD };
}
