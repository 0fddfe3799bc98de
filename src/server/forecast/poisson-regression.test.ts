import { describe, expect, it } from "vitest";
import { fitPoisson, predictMean, solveSymmetric } from "./poisson-regression.ts";

describe("solving a symmetric system", () => {
  it("solves 4x + 2y = 10, 2x + 3y = 9 (x = 1.5, y = 2)", () => {
    const [x, y] = solveSymmetric(
      [
        [4, 2],
        [2, 3],
      ],
      [10, 9],
    );
    expect(x).toBeCloseTo(1.5, 12);
    expect(y).toBeCloseTo(2, 12);
  });
});

describe("the Poisson regression", () => {
  // One flag splits the rows in two groups; without a penalty the fitted means are the groups' means
  // (4 and 8), so the intercept is ln 4 and the flag's effect ln 2.
  const x = [
    [1, 0],
    [1, 0],
    [1, 0],
    [1, 1],
    [1, 1],
  ];
  const y = [3, 4, 5, 6, 10];

  it("finds the groups' means without a penalty", () => {
    const fit = fitPoisson(x, y, 0);
    expect(fit.coefficients[0]).toBeCloseTo(Math.log(4), 9);
    expect(fit.coefficients[1]).toBeCloseTo(Math.log(2), 9);
    expect(predictMean(fit.coefficients, [1, 1])).toBeCloseTo(8, 9);
    expect(fit.fitted.map((mu) => Math.round(mu * 1e6) / 1e6)).toEqual([4, 4, 4, 8, 8]);
  });

  it("pulls the effect towards none with a penalty, never the intercept's level", () => {
    const fit = fitPoisson(x, y, 5);
    expect(fit.coefficients[1]).toBeGreaterThan(0);
    expect(fit.coefficients[1]).toBeLessThan(Math.log(2));
    // the fitted total still equals the observed total: the intercept is free (a Poisson fit's property)
    expect(fit.fitted.reduce((a, b) => a + b, 0)).toBeCloseTo(28, 6);
  });

  it("copes with a column that is all zeros (a term the history never shows)", () => {
    const fit = fitPoisson(
      x.map((row) => [...row, 0]),
      y,
      0.01,
    );
    expect(fit.coefficients[2]).toBe(0);
    expect(predictMean(fit.coefficients, [1, 0, 0])).toBeCloseTo(4, 1);
  });
});
