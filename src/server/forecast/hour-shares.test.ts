import { describe, expect, it } from "vitest";
import { shareSoFar } from "./hour-shares.ts";

describe("the share of the day gone by", () => {
  // Half the day's washes in the hour from 10:00, half in the hour from 11:00 (local time).
  const shares = Array.from({ length: 24 }, (_, hour) => (hour === 10 || hour === 11 ? 0.5 : 0));

  it("counts the whole hours before now and the part of the current one", () => {
    // 28 Nov 2026 is winter time: 09:30 UTC is 10:30 in Amsterdam
    expect(shareSoFar(shares, new Date("2026-11-28T09:30:00Z"))).toBeCloseTo(0.25, 12);
    expect(shareSoFar(shares, new Date("2026-11-28T08:59:00Z"))).toBe(0);
    expect(shareSoFar(shares, new Date("2026-11-28T11:00:00Z"))).toBeCloseTo(1, 12);
  });

  it("reads the hour in Amsterdam's summer time too", () => {
    // 1 Jul 2026: 09:15 UTC is 11:15 in Amsterdam
    expect(shareSoFar(shares, new Date("2026-07-01T09:15:00Z"))).toBeCloseTo(0.5 + 0.5 * 0.25, 12);
  });
});
