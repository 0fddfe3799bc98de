import { describe, expect, it } from "vitest";
import { type AdStatRow, adStatKey, adStatRowSchema } from "./ad-stats";

const row: AdStatRow = {
  platform: "google_ads",
  account: "123-456-7890",
  date: "2026-11-01",
  campaign: "Wasstraat Utrecht - Search",
  adGroup: "Autowassen",
  ad: null,
  keyword: "autowassen utrecht",
  matchType: "exact",
  qualityScore: 8,
  affiliate: null,
  impressions: 412,
  reach: null,
  clicks: 31,
  spendCents: 2418,
  conversions: 1.5,
  conversionValueCents: 2990,
};

describe("adStatRowSchema", () => {
  it("accepts a complete row", () => {
    expect(adStatRowSchema.parse(row)).toEqual(row);
  });

  it("accepts the edges of each range: 1 January 2000, tomorrow, a million conversions", () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(adStatRowSchema.safeParse({ ...row, date: "2000-01-01" }).success).toBe(true);
    expect(adStatRowSchema.safeParse({ ...row, date: tomorrow }).success).toBe(true);
    expect(adStatRowSchema.safeParse({ ...row, date: dayAfter }).success).toBe(false);
    expect(
      adStatRowSchema.safeParse({ ...row, conversions: 1_000_000, spendCents: 1_000_000_000 }).success,
    ).toBe(true);
  });

  it("rejects impossible values, naming the field", () => {
    const cases: [Partial<AdStatRow>, string][] = [
      [{ date: "2026-02-30" }, "date"],
      [{ date: "01-11-2026" }, "date"],
      [{ qualityScore: 11 }, "qualityScore"],
      [{ spendCents: -1 }, "spendCents"],
      [{ spendCents: 12.5 }, "spendCents"],
      [{ clicks: 1.5 }, "clicks"],
      [{ campaign: " " }, "campaign"],
      [{ conversions: -0.5 }, "conversions"],
      // Ranges per field: no year 1 or 9999, no conversions of 1e308, no sums that stop being exact.
      [{ date: "0001-01-01" }, "date"],
      [{ date: "1999-12-31" }, "date"],
      [{ date: "9999-12-31" }, "date"],
      [{ conversions: 1e308 }, "conversions"],
      [{ conversions: Number.POSITIVE_INFINITY }, "conversions"],
      [{ impressions: 1e15 }, "impressions"],
      [{ clicks: Number.MAX_SAFE_INTEGER }, "clicks"],
      [{ spendCents: 1e12 }, "spendCents"],
      [{ conversionValueCents: 1e13 }, "conversionValueCents"],
    ];
    for (const [change, field] of cases) {
      const result = adStatRowSchema.safeParse({ ...row, ...change });
      expect(
        result.error?.issues.map((issue) => issue.path[0]),
        JSON.stringify(change),
      ).toEqual([field]);
    }
  });
});

describe("adStatKey", () => {
  it("is the same for two rows that differ only in their figures", () => {
    expect(adStatKey({ ...row, clicks: 99, spendCents: 1 })).toBe(adStatKey(row));
  });

  it("differs when any identifying field differs", () => {
    const changes: Partial<AdStatRow>[] = [
      { account: "other" },
      { date: "2026-11-02" },
      { adGroup: null },
      { matchType: "phrase" },
      { keyword: "wasstraat" },
      { platform: "facebook" },
    ];
    for (const change of changes) {
      expect(adStatKey({ ...row, ...change }), JSON.stringify(change)).not.toBe(adStatKey(row));
    }
  });
});
