import { describe, expect, it } from "vitest";
import { wape } from "./wape.ts";

describe("WAPE", () => {
  it("is the absolute misses over the actual washes: (10 + 30 + 0) / (100 + 200 + 50) = 40/350", () => {
    const pairs = [
      { actual: 100, forecast: 110 },
      { actual: 200, forecast: 170 },
      { actual: 50, forecast: 50 },
    ];
    expect(wape(pairs)).toBeCloseTo(40 / 350, 12);
  });

  it("counts a forecast on a day without washes as a miss, and has no figure when nothing was washed", () => {
    expect(
      wape([
        { actual: 0, forecast: 20 },
        { actual: 100, forecast: 100 },
      ]),
    ).toBeCloseTo(0.2, 12);
    expect(wape([{ actual: 0, forecast: 20 }])).toBeNull();
  });
});
