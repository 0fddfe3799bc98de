import { describe, expect, it } from "vitest";
import { freshnessOf, openHoursBetween, openingHoursBetween } from "./freshness-rule.ts";

// Hand-worked cases in Amsterdam time. November is CET (UTC+1); Sunday 25 October 2026 the clocks go back
// at 03:00 CEST (01:00 UTC). Opening hours: Monday–Saturday 08:00–20:00, Sunday 10:00–18:00.
const at = (iso: string) => new Date(iso);

describe("opening hours between two instants", () => {
  it("counts only the open part of a night", () => {
    // Monday 23 Nov 19:30 → Tuesday 24 Nov 08:30 local: 30 min Monday + 30 min Tuesday = 1 h.
    expect(openHoursBetween(at("2026-11-23T18:30:00Z"), at("2026-11-24T07:30:00Z"))).toBe(1);
    // Monday 20:30 → Tuesday 07:59 local: the wash was closed throughout.
    expect(openHoursBetween(at("2026-11-23T19:30:00Z"), at("2026-11-24T06:59:00Z"))).toBe(0);
  });

  it("uses Sunday's shorter day and the autumn clock change", () => {
    // Sunday 25 Oct 02:30 CET (after the change) → 13:00 CET: open 10:00–13:00 = 3 h.
    expect(openHoursBetween(at("2026-10-25T01:30:00Z"), at("2026-10-25T12:00:00Z"))).toBe(3);
    // Saturday 24 Oct 19:00 CEST → Sunday 12:00 CET: 1 h Saturday + 2 h Sunday.
    expect(openHoursBetween(at("2026-10-24T17:00:00Z"), at("2026-10-25T11:00:00Z"))).toBe(3);
  });

  it("stops counting at the cap and counts nothing backwards", () => {
    expect(openHoursBetween(at("2024-01-01T00:00:00Z"), at("2026-11-23T12:00:00Z"), 4)).toBe(4);
    expect(openHoursBetween(at("2026-11-23T12:00:00Z"), at("2026-11-23T11:00:00Z"))).toBe(0);
  });
});

describe("freshness of a camera or till", () => {
  const now = at("2026-11-23T08:00:00Z"); // Monday 09:00 local, an hour after opening

  it("is late after exactly one open hour without data, not a second before", () => {
    expect(freshnessOf("site", at("2026-11-23T07:00:01Z"), now)).toBe("actueel");
    expect(freshnessOf("site", at("2026-11-23T07:00:00Z"), now)).toBe("vertraagd");
  });

  it("does not count the night: the last car at 19:59 is fresh until 08:59 the next morning", () => {
    const lastCar = at("2026-11-23T18:59:00Z"); // Monday 19:59 local
    expect(freshnessOf("site", lastCar, at("2026-11-24T07:58:00Z"))).toBe("actueel"); // 1 + 58 min
    expect(freshnessOf("site", lastCar, at("2026-11-24T07:59:00Z"))).toBe("vertraagd"); // 1 + 59 min
  });

  it("is silent after four open hours, counted over the night and a Sunday", () => {
    const saturdayEvening = at("2026-11-28T18:00:00Z"); // Saturday 19:00 local: 1 h before closing
    expect(freshnessOf("site", saturdayEvening, at("2026-11-29T11:59:00Z"))).toBe("vertraagd"); // 1 + 2:59 h
    expect(freshnessOf("site", saturdayEvening, at("2026-11-29T12:00:00Z"))).toBe("stil"); // 1 + 3 h
  });

  it("calls a source that never delivered silent, and a timestamp in the future fresh", () => {
    expect(freshnessOf("site", null, now)).toBe("stil");
    expect(freshnessOf("site", at("2026-11-23T09:00:00Z"), now)).toBe("actueel");
  });
});

describe("freshness of the website and the ad platforms, by the clock", () => {
  const now = at("2026-11-23T03:00:00Z"); // 04:00 local: closed, but websites and ad platforms are not

  it("judges the website after 3 and 24 hours", () => {
    expect(freshnessOf("website", at("2026-11-23T00:00:01Z"), now)).toBe("actueel");
    expect(freshnessOf("website", at("2026-11-23T00:00:00Z"), now)).toBe("vertraagd");
    expect(freshnessOf("website", at("2026-11-22T03:00:01Z"), now)).toBe("vertraagd");
    expect(freshnessOf("website", at("2026-11-22T03:00:00Z"), now)).toBe("stil");
  });

  it("judges ad figures after 36 and 72 hours", () => {
    expect(freshnessOf("ads", at("2026-11-21T15:00:01Z"), now)).toBe("actueel");
    expect(freshnessOf("ads", at("2026-11-21T15:00:00Z"), now)).toBe("vertraagd");
    expect(freshnessOf("ads", at("2026-11-20T03:00:00Z"), now)).toBe("stil");
  });
});

describe("opening hour starts", () => {
  it("lists the open hours of a Saturday evening and a Sunday morning, none of the night", () => {
    // Saturday 21 Nov 18:00 local → Sunday 22 Nov 12:00 local (CET, UTC+1): Saturday 18:00 and 19:00, then
    // Sunday from 10:00: 10:00 and 11:00.
    const hours = openingHoursBetween(at("2026-11-21T17:00:00Z"), at("2026-11-22T11:00:00Z"));
    expect(hours.map((h) => [h.start.toISOString(), h.weekday, h.hour])).toEqual([
      ["2026-11-21T17:00:00.000Z", 5, 18],
      ["2026-11-21T18:00:00.000Z", 5, 19],
      ["2026-11-22T09:00:00.000Z", 6, 10],
      ["2026-11-22T10:00:00.000Z", 6, 11],
    ]);
  });
});
