import { describe, expect, it } from "vitest";
import { amsterdamDate } from "./time-zone.ts";

describe("amsterdamDate", () => {
  it("is the Amsterdam date, not the UTC one, around midnight in winter and in summer", () => {
    expect(amsterdamDate(new Date("2026-01-14T22:59:59Z"))).toBe("2026-01-14");
    expect(amsterdamDate(new Date("2026-01-14T23:00:00Z"))).toBe("2026-01-15");
    expect(amsterdamDate(new Date("2026-07-14T21:59:59Z"))).toBe("2026-07-14");
    expect(amsterdamDate(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
  });

  it("follows the clock changes of the last Sundays of March and October", () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST; 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(amsterdamDate(new Date("2026-03-28T23:00:00Z"))).toBe("2026-03-29");
    expect(amsterdamDate(new Date("2026-03-29T21:59:59Z"))).toBe("2026-03-29");
    expect(amsterdamDate(new Date("2026-03-29T22:00:00Z"))).toBe("2026-03-30");
    expect(amsterdamDate(new Date("2026-10-25T22:59:59Z"))).toBe("2026-10-25");
    expect(amsterdamDate(new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
  });
});
