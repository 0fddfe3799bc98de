import { describe, expect, it } from "vitest";
import { spreadDiscount, vatIncluded } from "./money";

describe("spreadDiscount", () => {
  it("splits in proportion to the amounts", () => {
    // 1500 and 500 share 400 as 3:1 → 300 and 100.
    expect(spreadDiscount([1500, 500], 400)).toEqual([300, 100]);
  });

  it("hands the rounding cents to the largest fractions so the shares add up exactly", () => {
    // 100 over three equal lines: 33.33 each, the one cent left goes to the first line.
    expect(spreadDiscount([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    // 1000 over 1995 and 500: exact 799.599… and 200.400…; floors 799 + 200 = 999, the cent goes to the first.
    expect(spreadDiscount([1995, 500], 1000)).toEqual([800, 200]);
  });

  it("gives nothing to free lines and never more than a line's amount", () => {
    expect(spreadDiscount([0, 1200], 300)).toEqual([0, 300]);
    expect(spreadDiscount([700, 300], 1000)).toEqual([700, 300]);
    expect(spreadDiscount([700, 300], 0)).toEqual([0, 0]);
  });
});

describe("vatIncluded", () => {
  it("takes 21/121 of an amount incl. 21 % VAT, rounded to the cent", () => {
    expect(vatIncluded(1210, 21)).toBe(210);
    // 1995 × 21 / 121 = 346.24… → 346
    expect(vatIncluded(1995, 21)).toBe(346);
    expect(vatIncluded(1090, 9)).toBe(90);
    expect(vatIncluded(500, 0)).toBe(0);
  });
});
