import { describe, expect, it } from "vitest";
import { logGamma, mixtureQuantiles, overdispersion } from "./predictive.ts";

// Quantiles worked out by summing the probabilities one count at a time (Python, math.lgamma), not by the
// grid this module walks.

describe("the predictive distribution", () => {
  it("knows Γ at whole and half numbers", () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 8);
  });

  it("is Poisson without overdispersion: Poisson(3)'s 10th, 50th and 90th percentile are 1, 3 and 5", () => {
    // P(Y ≤ 0) = 0.050, P(Y ≤ 1) = 0.199, P(Y ≤ 3) = 0.647, P(Y ≤ 4) = 0.815, P(Y ≤ 5) = 0.916
    expect(mixtureQuantiles([3], 0, [0.1, 0.5, 0.9])).toEqual([1, 3, 5]);
  });

  it("gives Poisson(100)'s 10th and 90th percentile: 87 and 113", () => {
    expect(mixtureQuantiles([100], 0, [0.1, 0.9])).toEqual([87, 113]);
  });

  it("gives a negative binomial of mean 100 and α 0.04 (size 25) 72 and 129", () => {
    expect(mixtureQuantiles([100], 0.04, [0.1, 0.9])).toEqual([72, 129]);
  });

  it("spans both of a mixture's parts: Poisson 100 and 1000, half each", () => {
    const [low, median, high] = mixtureQuantiles([100, 1000], 0, [0.1, 0.5, 0.9]);
    expect(low).toBeLessThan(120);
    expect(median).toBeGreaterThan(100);
    expect(median).toBeLessThan(1000);
    expect(high).toBeGreaterThan(980);
  });

  it("estimates α by moments: residuals of ±20 around 100 give (400 − 100) / 100² = 0.03", () => {
    expect(overdispersion([80, 120, 80, 120], [100, 100, 100, 100], 0)).toBeCloseTo(0.03, 12);
    // two parameters fitted leave two degrees of freedom: twice that
    expect(overdispersion([80, 120, 80, 120], [100, 100, 100, 100], 2)).toBeCloseTo(0.06, 12);
    expect(overdispersion([100, 100], [100, 100], 0)).toBe(0);
  });
});
