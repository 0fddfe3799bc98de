// Per-client rate limit: a token bucket per client key, in memory. Used for the public collect endpoint (a
// person browsing sends a handful of events a minute; a burst allowance covers a quick series of clicks)
// and, counting failures instead of requests, for failed sign-ins and credentials. The table of clients is bounded: when it is full the least recently seen client is forgotten,
// which at worst gives that client a fresh bucket.

export interface RateLimitOptions {
  /** Events a client may send at once. */
  burst: number;
  /** Events per second a client regains, up to `burst`. */
  perSecond: number;
  /** Most clients remembered. */
  maxClients: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 60, perSecond: 1, maxClients: 50_000 };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT) {}

  /** Takes one event from the client's allowance; false when it has none left. */
  take(client: string, now: number): boolean {
    const { maxClients } = this.options;
    const tokens = this.tokens(client, now);
    // Re-inserting keeps the map in least-recently-seen order, so the first key is the one to forget.
    this.buckets.delete(client);
    if (this.buckets.size >= maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    const allowed = tokens >= 1;
    this.buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }

  /** Whether the client has allowance left, without taking any. */
  allows(client: string, now: number): boolean {
    return this.tokens(client, now) >= 1;
  }

  /** Seconds until the client may send again, for the Retry-After header. */
  retryAfterSeconds(client: string, now: number): number {
    const tokens = this.tokens(client, now);
    if (tokens >= 1) return 0;
    return Math.ceil((1 - tokens) / this.options.perSecond);
  }

  private tokens(client: string, now: number): number {
    const { burst, perSecond } = this.options;
    const previous = this.buckets.get(client);
    return previous ? Math.min(burst, previous.tokens + ((now - previous.at) / 1000) * perSecond) : burst;
  }

  get size(): number {
    return this.buckets.size;
  }
}
