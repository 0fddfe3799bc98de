import type { BayesianResult, FrequentistResult } from "./statistics.ts";

// The verdict on an experiment's challenger and the days to a decision (REPORT-DEFINITIONS §4), from the
// statistics of statistics.ts.

export type Verdict = "won" | "lost" | "draw" | "undecided";
export type VerdictReason =
  | "not-enough-conversions"
  | "not-computable"
  | "chance-high"
  | "chance-low"
  | "interval-above-zero"
  | "interval-below-zero"
  | "negligible-effect"
  | "no-clear-difference"
  // withheld whatever the statistics say: the data cannot be trusted (REPORT-DEFINITIONS §4)
  | "sample-ratio-mismatch"
  | "exposure-incomplete";

/** Conversions the larger arm needs before any verdict (REPORT-DEFINITIONS §4). */
export const MIN_CONVERSIONS = 150;
/** A significant effect smaller than this (relative) is a draw. */
export const NEGLIGIBLE_UPLIFT = 0.005;
/** An effect at least this large (relative) is flagged: often a tracking fault, not a real effect. */
export const SUSPICIOUS_UPLIFT = 0.5;

export interface VerdictResult {
  verdict: Verdict;
  reason: VerdictReason;
  suspicious: boolean;
}

/**
 * Won above a chance of 0.95, lost below 0.05 (in the frequentist view: the interval above or below zero),
 * only once the larger arm has ≥ 150 conversions; a significant |Δ| < 0.5 % is a draw.
 */
export function verdictOf(input: {
  conversions: number;
  bayes?: BayesianResult;
  frequentist?: FrequentistResult;
  lowerIsBetter?: boolean;
}): VerdictResult {
  const result = input.frequentist ?? input.bayes;
  const suspicious = !!result?.computed && Math.abs(result.uplift) >= SUSPICIOUS_UPLIFT;
  const out = (verdict: Verdict, reason: VerdictReason) => ({ verdict, reason, suspicious });
  if (input.conversions < MIN_CONVERSIONS) return out("undecided", "not-enough-conversions");
  if (!result?.computed) return out("undecided", "not-computable");
  let up: boolean;
  let down: boolean;
  if (input.frequentist) {
    up = input.frequentist.interval[0] > 0;
    down = input.frequentist.interval[1] < 0;
  } else {
    // chanceToWin already looks in the good direction.
    const chance = (input.bayes as BayesianResult).chanceToWin;
    up = input.lowerIsBetter ? chance < 0.05 : chance > 0.95;
    down = input.lowerIsBetter ? chance > 0.95 : chance < 0.05;
  }
  if (!up && !down) return out("undecided", "no-clear-difference");
  if (Math.abs(result.uplift) < NEGLIGIBLE_UPLIFT) return out("draw", "negligible-effect");
  const good = input.lowerIsBetter ? down : up;
  if (input.frequentist)
    return out(good ? "won" : "lost", up ? "interval-above-zero" : "interval-below-zero");
  return out(good ? "won" : "lost", good ? "chance-high" : "chance-low");
}

export interface DecisionEstimate {
  /** Days still needed at the current traffic; 0 when the data already suffice; null when not estimable. */
  days: number | null;
  reason: "ready" | "estimated" | "no-effect" | "no-traffic";
}

/** The chance to win (one-sided) that decides: Φ⁻¹(0.95). */
const Z_DECIDE = 1.644854;

/**
 * Days until a verdict at the current traffic, assuming the effect measured so far stays: until the larger
 * arm has 150 conversions and the interval has narrowed (sd ∝ 1/√n) so that |Δ| ÷ sd reaches 1.645.
 */
export function daysToDecision(input: {
  units: number;
  unitsPerDay: number;
  uplift: number;
  sd: number;
  computed: boolean;
  /** The larger arm's conversions, units and its share of the traffic. */
  largestArm: { conversions: number; units: number; share: number };
}): DecisionEstimate {
  const { units, unitsPerDay, uplift, sd, largestArm } = input;
  if (unitsPerDay <= 0 || units <= 0) return { days: null, reason: "no-traffic" };
  let unitsNeeded = units;
  if (largestArm.conversions < MIN_CONVERSIONS) {
    if (largestArm.conversions === 0) return { days: null, reason: "no-traffic" };
    const armUnits = (MIN_CONVERSIONS * largestArm.units) / largestArm.conversions;
    unitsNeeded = Math.max(unitsNeeded, armUnits / largestArm.share);
  }
  if (input.computed) {
    if (Math.abs(uplift) < NEGLIGIBLE_UPLIFT) return { days: null, reason: "no-effect" };
    unitsNeeded = Math.max(unitsNeeded, units * ((Z_DECIDE * sd) / Math.abs(uplift)) ** 2);
  }
  const days = Math.ceil((unitsNeeded - units) / unitsPerDay);
  return days <= 0 ? { days: 0, reason: "ready" } : { days, reason: "estimated" };
}
