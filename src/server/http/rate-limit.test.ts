import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows a burst, then refuses until the allowance refills", () => {
    const limiter = new RateLimiter({ burst: 3, perSecond: 1, maxClients: 10 });
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => limiter.take("a", t))).toEqual([true, true, true, false]);
    expect(limiter.retryAfterSeconds("a", t)).toBe(1);
    expect(limiter.allows("a", t + 999)).toBe(false);
    expect(limiter.allows("a", t + 1000)).toBe(true);
    expect(limiter.take("a", t + 999)).toBe(false);
    expect(limiter.take("a", t + 2000)).toBe(true);
  });

  it("keeps separate allowances per client", () => {
    const limiter = new RateLimiter({ burst: 1, perSecond: 1, maxClients: 10 });
    expect(limiter.take("a", 0)).toBe(true);
    expect(limiter.take("a", 0)).toBe(false);
    expect(limiter.take("b", 0)).toBe(true);
  });

  it("never refills beyond the burst", () => {
    const limiter = new RateLimiter({ burst: 2, perSecond: 10, maxClients: 10 });
    limiter.take("a", 0);
    const later = 60_000;
    expect([1, 2, 3].map(() => limiter.take("a", later))).toEqual([true, true, false]);
  });

  it("remembers at most maxClients, forgetting the least recently seen", () => {
    const limiter = new RateLimiter({ burst: 1, perSecond: 0.001, maxClients: 2 });
    limiter.take("a", 0);
    limiter.take("b", 0);
    limiter.take("a", 1); // a is now the most recently seen
    limiter.take("c", 2); // forgets b
    expect(limiter.size).toBe(2);
    expect(limiter.take("a", 3)).toBe(false);
    expect(limiter.take("b", 3)).toBe(true);
  });
});
