// A Poisson regression with a log link, fitted by iteratively reweighted least squares (IRLS) with a small
// ridge penalty: counts per day are what we model, and a log link makes every effect a factor ("a wet day
// brings 0.6×"), which is how weather and weekday act on a car wash. The penalty keeps nearly collinear
// terms (rain in mm beside a wet-day flag) from trading huge opposite weights; it does not touch the
// intercept, and it is scaled by the mean count so that it weighs the same at any size of site.

export interface PoissonFit {
  coefficients: number[];
  /** The fitted means of the training rows, in their order. */
  fitted: number[];
  iterations: number;
}

const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-9;

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0);

/** Solves A x = b for a symmetric positive-definite A (Cholesky); A is not changed. */
export function solveSymmetric(a: number[][], b: number[]): number[] {
  const n = b.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      if (i === j) {
        if (sum <= 0) throw new Error("matrix is not positive definite");
        l[i][i] = Math.sqrt(sum);
      } else l[i][j] = sum / l[j][j];
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i][k] * y[k];
    y[i] = sum / l[i][i];
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= l[k][i] * x[k];
    x[i] = sum / l[i][i];
  }
  return x;
}

/**
 * Fits log E[y] = X β. `x` rows start with the intercept's 1; `ridge` is the penalty per coefficient, in
 * units of the mean count (0 for none).
 */
export function fitPoisson(x: number[][], y: number[], ridge: number): PoissonFit {
  const p = x[0].length;
  const mean = y.reduce((sum, value) => sum + value, 0) / y.length;
  const penalty = ridge * Math.max(mean, 1);
  let beta = new Array<number>(p).fill(0);
  beta[0] = Math.log(Math.max(mean, 1e-6));
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    const xtwx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    const xtwz = new Array<number>(p).fill(0);
    for (let r = 0; r < x.length; r++) {
      const row = x[r];
      const eta = dot(row, beta);
      const mu = Math.exp(eta);
      // working response z = η + (y − μ)/μ with weight μ
      const wz = mu * eta + (y[r] - mu);
      for (let i = 0; i < p; i++) {
        if (row[i] === 0) continue;
        xtwz[i] += row[i] * wz;
        for (let j = 0; j <= i; j++) xtwx[i][j] += row[i] * mu * row[j];
      }
    }
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < i; j++) xtwx[j][i] = xtwx[i][j];
      if (i > 0) xtwx[i][i] += penalty;
    }
    const next = solveSymmetric(xtwx, xtwz);
    const change = Math.max(...next.map((value, i) => Math.abs(value - beta[i])));
    beta = next;
    if (change < TOLERANCE) break;
  }
  return { coefficients: beta, fitted: x.map((row) => Math.exp(dot(row, beta))), iterations };
}

/** The expected count of a row of the design matrix. */
export const predictMean = (coefficients: number[], row: number[]) => Math.exp(dot(coefficients, row));
