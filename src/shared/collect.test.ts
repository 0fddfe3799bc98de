import { describe, expect, it } from "vitest";
import { collectPayloadSchema } from "./collect";

const base = {
  site: "wasbord.nl",
  url: "https://www.wasbord.nl/?utm_source=google&utm_medium=cpc",
  referrer: "https://www.google.nl/",
  width: 1280,
};

describe("collectPayloadSchema", () => {
  it("accepts each event type with its own field", () => {
    const events = [
      { type: "pageview", ...base, ts: 1_800_000_000_000 },
      { type: "experiment", ...base, experiment: { key: "hero-tekst", variant: "B" } },
      { type: "conversion", ...base, value: 12.5 },
      { type: "conversion", ...base },
      { type: "voucher", ...base, voucher: "WAS10" },
      { type: "leave", ...base, engagedMs: 4000 },
    ];
    for (const event of events) {
      expect(collectPayloadSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    }
  });

  it("accepts a null referrer", () => {
    expect(collectPayloadSchema.safeParse({ type: "pageview", ...base, referrer: null }).success).toBe(true);
  });

  it("rejects an unknown type", () => {
    expect(collectPayloadSchema.safeParse({ type: "click", ...base }).success).toBe(false);
  });

  it("rejects an event that lacks the field its type needs", () => {
    for (const type of ["experiment", "voucher", "leave"]) {
      expect(collectPayloadSchema.safeParse({ type, ...base }).success, type).toBe(false);
    }
  });

  it("rejects a non-http url, a negative value and a fractional width", () => {
    const bad = [
      { type: "pageview", ...base, url: "javascript:alert(1)" },
      { type: "conversion", ...base, value: -5 },
      { type: "pageview", ...base, width: 390.5 },
      { type: "pageview", ...base, site: "" },
    ];
    for (const event of bad) {
      expect(collectPayloadSchema.safeParse(event).success, JSON.stringify(event)).toBe(false);
    }
  });

  it("reports the path of the faulty field", () => {
    const result = collectPayloadSchema.safeParse({
      type: "experiment",
      ...base,
      experiment: { key: "hero-tekst", variant: "" },
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["experiment", "variant"]]);
  });

  it("drops fields that do not belong to the event", () => {
    const result = collectPayloadSchema.parse({ type: "pageview", ...base, voucher: "WAS10", extra: 1 });
    expect(result).toEqual({ type: "pageview", ...base });
  });
});
