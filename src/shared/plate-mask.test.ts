import { describe, expect, it } from "vitest";
import { isPseudonym, maskPlate } from "./plate-mask.ts";

describe("maskPlate", () => {
  it("keeps the first three characters and the sidecode's dashes", () => {
    expect(maskPlate("GF12KL")).toBe("GF-1•-••"); // sidecode 4, LL-DD-LL
    expect(maskPlate("GF-12-KL")).toBe("GF-1•-••");
    expect(maskPlate("GBB01B")).toBe("GBB-••-•"); // sidecode 11, LLL-DD-L
    expect(maskPlate("1KBB12")).toBe("1-KB•-••"); // sidecode 8, D-LLL-DD
  });

  it("keeps two characters of a foreign or unreadable plate, without dashes", () => {
    expect(maskPlate("BMAB123")).toBe("BM•••••");
    expect(maskPlate("X")).toBe("X");
  });

  it("leaves a pseudonym as it is", () => {
    expect(maskPlate("#0123456789abcdef")).toBe("#0123456789abcdef");
    expect(isPseudonym("#0123456789abcdef")).toBe(true);
    expect(isPseudonym("AB12CD")).toBe(false);
  });
});
