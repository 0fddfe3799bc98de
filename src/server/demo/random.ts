// A seeded random generator: the same seed gives the same demo chain, on every machine and in every run.
// mulberry32 is tiny, fast and good enough for simulation (not for secrets).

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent stream for one concern, so adding draws in one module does not reshuffle the others. */
  fork(label: string): Random {
    let hash = this.state ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x85ebca6b);
    return new Random(hash ^ (hash >>> 13));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Index drawn with the given cumulative weights (see `cumulative`). */
  weighted(cumulativeWeights: readonly number[]): number {
    const target = this.next() * cumulativeWeights[cumulativeWeights.length - 1];
    let low = 0;
    let high = cumulativeWeights.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulativeWeights[mid] > target) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Poisson count with mean `mean` (normal approximation above 30, where the exact loop gets slow). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** Exponentially distributed with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Random lowercase hexadecimal string of `length` characters. */
  hex(length: number): string {
    let out = "";
    while (out.length < length) out += this.int(0x10000).toString(16).padStart(4, "0");
    return out.slice(0, length);
  }
}

/** Running sums of weights, for `Random.weighted`. */
export function cumulative(weights: readonly number[]): number[] {
  const sums: number[] = [];
  let sum = 0;
  for (const weight of weights) {
    sum += weight;
    sums.push(sum);
  }
  return sums;
}
