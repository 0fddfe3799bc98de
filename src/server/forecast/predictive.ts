// The predictive distribution of a day's count around the model's mean: negative binomial, with variance
// μ + α μ². A car wash's days scatter around the mean by more than Poisson noise, and by an amount that
// grows with the mean (a busy Saturday misses by more cars than a quiet Monday), which is α μ²; α is
// estimated from the fit's own residuals (method of moments). When the day's weather is not known the
// prediction is a mixture over the weather of the same time of year, which widens the interval honestly.

/** α of Var = μ + α μ², by moments over the training rows: Σ((y − μ)² − μ) / μ² ÷ (n − p), at least 0. */
export function overdispersion(y: number[], fitted: number[], parameters: number): number {
  let sum = 0;
  for (let i = 0; i < y.length; i++) sum += ((y[i] - fitted[i]) ** 2 - fitted[i]) / fitted[i] ** 2;
  return Math.max(0, sum / Math.max(1, y.length - parameters));
}

// Lanczos approximation (g = 7, n = 9) of ln Γ(x) for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * ln P(Y = k) of a negative binomial of mean μ and overdispersion α (Poisson when α is 0), split as
 * `shared(k) + own + k · perCount`: the part of k alone is the same for every mean, so a mixture works it out
 * once per count, not once per count and mean.
 */
function logProbabilityTerms(alpha: number) {
  if (alpha < 1e-9) {
    return {
      shared: (k: number) => -logGamma(k + 1),
      own: (mu: number) => ({ own: -mu, perCount: Math.log(mu) }),
    };
  }
  const size = 1 / alpha;
  const base = logGamma(size);
  return {
    shared: (k: number) => logGamma(k + size) - base - logGamma(k + 1),
    own: (mu: number) => ({ own: size * Math.log(size / (size + mu)), perCount: Math.log(mu / (size + mu)) }),
  };
}

/** At most this many points of the count axis are evaluated; a wider range steps over counts. */
const GRID_POINTS = 1500;

/**
 * The quantiles `probabilities` of an equal-weight mixture of negative binomials with means `means` (one
 * mean: the distribution itself), as counts. The count axis is walked from well below the smallest mean to
 * well above the largest.
 */
export function mixtureQuantiles(means: number[], alpha: number, probabilities: number[]): number[] {
  const sd = (mu: number) => Math.sqrt(mu + alpha * mu * mu);
  const low = Math.max(0, Math.floor(Math.min(...means.map((mu) => mu - 8 * sd(mu) - 10))));
  const high = Math.ceil(Math.max(...means.map((mu) => mu + 8 * sd(mu) + 10)));
  const step = Math.max(1, Math.ceil((high - low) / GRID_POINTS));
  const terms = logProbabilityTerms(alpha);
  const parts = means.map((mu) => terms.own(mu));
  const counts: number[] = [];
  const mass: number[] = [];
  for (let k = low; k <= high; k += step) {
    counts.push(k);
    const shared = terms.shared(k);
    let p = 0;
    for (const { own, perCount } of parts) p += Math.exp(shared + own + k * perCount);
    mass.push((p * step) / means.length);
  }
  const total = mass.reduce((sum, value) => sum + value, 0);
  return probabilities.map((probability) => {
    let cumulative = 0;
    for (let i = 0; i < counts.length; i++) {
      cumulative += mass[i] / total;
      if (cumulative >= probability) return counts[i];
    }
    return high;
  });
}
