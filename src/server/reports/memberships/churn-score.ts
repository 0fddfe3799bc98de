// The churn-risk score (Abonnementen › Leden): a logistic regression of "ended within the month" on a
// member's features at the month's first instant, fitted by Newton's method (IRLS) on standardised
// features with a small ridge penalty, so that a feature that never varies or perfectly separates a small
// history cannot blow the weights up. Plain arithmetic, no dependency: a handful of features and a few
// thousand members.

export interface Sample {
  features: number[];
  /** 1: ended within the month after the snapshot. */
  ended: 0 | 1;
}

export interface ChurnModel {
  /** The features' means and standard deviations the weights apply to. */
  means: number[];
  scales: number[];
  /** Intercept first, then one weight per standardised feature. */
  weights: number[];
}

const RIDGE = 1;
const ITERATIONS = 30;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
/** log(1 + e^z) without overflow. */
const softplus = (z: number) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

/** The penalised log-likelihood of the weights (the intercept not penalised). */
function objective(weights: number[], rows: number[][], samples: Sample[]): number {
  let total = 0;
  rows.forEach((x, i) => {
    const z = dot(weights, x);
    // log p = −softplus(−z), log(1 − p) = −softplus(z)
    total -= samples[i].ended === 1 ? softplus(-z) : softplus(z);
  });
  for (let j = 1; j < weights.length; j++) total -= (RIDGE / 2) * weights[j] ** 2;
  return total;
}

/** Fits the model; null without both outcomes in the samples (nothing to tell apart). */
export function fitChurnModel(samples: Sample[]): ChurnModel | null {
  const positives = samples.filter((sample) => sample.ended === 1).length;
  if (positives === 0 || positives === samples.length) return null;
  const width = samples[0].features.length;
  const means = Array.from({ length: width }, (_, j) => mean(samples.map((s) => s.features[j])));
  const scales = means.map((m, j) => {
    const sd = Math.sqrt(mean(samples.map((s) => (s.features[j] - m) ** 2)));
    return sd > 0 ? sd : 1;
  });
  const rows = samples.map((s) => [1, ...s.features.map((x, j) => (x - means[j]) / scales[j])]);
  const weights = new Array(width + 1).fill(0);
  weights[0] = Math.log(positives / (samples.length - positives));
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    // gradient and Hessian of the penalised log-likelihood (the intercept is not penalised); the Hessian is
    // symmetric, so only its upper half is summed per row
    const gradient = weights.map((w, j) => (j === 0 ? 0 : -RIDGE * w));
    const hessian = weights.map((_, j) => weights.map((__, k) => (j === k && j > 0 ? RIDGE : 0)));
    const n = weights.length;
    rows.forEach((x, i) => {
      const p = sigmoid(dot(weights, x));
      const residual = samples[i].ended - p;
      const w = p * (1 - p);
      for (let j = 0; j < n; j++) {
        gradient[j] += residual * x[j];
        const wx = w * x[j];
        const row = hessian[j];
        for (let k = j; k < n; k++) row[k] += wx * x[k];
      }
    });
    for (let j = 0; j < n; j++) for (let k = 0; k < j; k++) hessian[j][k] = hessian[k][j];
    const step = solve(hessian, gradient);
    // Newton's full step can overshoot when the outcomes are (nearly) separable: halve it until the penalised
    // likelihood rises, so that every iteration improves the fit
    const before = objective(weights, rows, samples);
    let size = 1;
    let next = weights.map((w, j) => w + step[j]);
    while (size > 1e-6 && !(objective(next, rows, samples) >= before)) {
      size /= 2;
      next = weights.map((w, j) => w + size * step[j]);
    }
    if (size <= 1e-6) break;
    weights.splice(0, weights.length, ...next);
    if (Math.max(...step.map((value) => Math.abs(size * value))) < 1e-8) break;
  }
  return { means, scales, weights };
}

/** The chance of ending within the month for a member with these features. */
export function churnChance(model: ChurnModel, features: number[]): number {
  const x = [1, ...features.map((value, j) => (value - model.means[j]) / model.scales[j])];
  return sigmoid(dot(model.weights, x));
}

/**
 * churnChance in SQL, over the features' SQL expressions (DOUBLEs): the same operations in the same order, so
 * that the database can rank a whole club by the score and hand over only the members it lists. Its
 * parameters come from churnParams; without a model it is NULL.
 */
export function churnChanceSql(features: readonly string[]): string {
  const z = features.reduce(
    (sum, feature, j) =>
      `(${sum} + $w_${j + 1}::DOUBLE * ((${feature} - $m_${j + 1}::DOUBLE) / $s_${j + 1}::DOUBLE))`,
    "(0 + $w_0::DOUBLE * 1)",
  );
  return `1 / (1 + exp(-${z}))`;
}

/** The parameters of churnChanceSql for `model` over `width` features (all NULL without a model). */
export function churnParams(model: ChurnModel | null, width: number): Record<string, number | null> {
  const params: Record<string, number | null> = { w_0: model?.weights[0] ?? null };
  for (let j = 1; j <= width; j++) {
    params[`w_${j}`] = model?.weights[j] ?? null;
    params[`m_${j}`] = model?.means[j - 1] ?? null;
    params[`s_${j}`] = model?.scales[j - 1] ?? null;
  }
  return params;
}

/** The area under the ROC curve: the chance that a member who ended scored above one who stayed. */
export function areaUnderCurve(scored: { score: number; ended: 0 | 1 }[]): number | null {
  const sorted = scored.filter((s) => Number.isFinite(s.score)).sort((a, b) => a.score - b.score);
  const positives = sorted.filter((s) => s.ended === 1).length;
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return null;
  // rank sum with ties sharing their mean rank (Mann–Whitney U)
  let rankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && sorted[j].score === sorted[i].score) j++;
    const meanRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k].ended === 1) rankSum += meanRank;
    i = j;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Ten groups of (nearly) equal size from the highest scores down: decile 1 is the riskiest tenth. */
export function deciles<T extends { score: number }>(scored: T[]): T[][] {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  return Array.from({ length: 10 }, (_, d) =>
    sorted.slice(Math.round((d * sorted.length) / 10), Math.round(((d + 1) * sorted.length) / 10)),
  );
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0);

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row][col]) > Math.abs(m[pivot][col])) pivot = row;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let row = col + 1; row < n; row++) {
      const factor = m[row][col] / m[col][col];
      for (let k = col; k <= n; k++) m[row][k] -= factor * m[col][k];
    }
  }
  const x = new Array(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = m[row][n];
    for (let k = row + 1; k < n; k++) sum -= m[row][k] * x[k];
    x[row] = sum / m[row][row];
  }
  return x;
}
