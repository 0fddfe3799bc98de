import { describe, expect, it } from "vitest";
import { silentRuns } from "./data-gaps.ts";

// Ten opening hours in a row (the list of opening hours is the freshness rule's; here plain UTC hours).
const HOUR_MS = 3_600_000;
const start = Date.UTC(2026, 10, 21, 7);
const hours = Array.from({ length: 10 }, (_, i) => new Date(start + i * HOUR_MS));
const hourKey = (i: number) => (start + i * HOUR_MS) / HOUR_MS;
const activity = (deliveredHours: number[], deliveries: number) => ({
  delivered: new Set(deliveredHours.map(hourKey)),
  deliveries,
});

describe("silent runs of a source", () => {
  it("finds a run of three silent hours of a busy source", () => {
    // Delivered in hours 0–2 and 6–9 (7 hours), 70 things: 70 / 10 = 7 an hour; 3 silent hours expect 21.
    expect(silentRuns(hours, activity([0, 1, 2, 6, 7, 8, 9], 70))).toEqual([
      { first: hours[3], last: hours[5], hours: 3 },
    ]);
  });

  it("ignores one silent hour, and a silence a quiet source would have by chance", () => {
    // One hour (4) silent: below the two-hour minimum.
    expect(silentRuns(hours, activity([0, 1, 2, 3, 5, 6, 7, 8, 9], 900))).toEqual([]);
    // 7 things in 10 hours: 3 silent hours expect 2.1 (< 5).
    expect(silentRuns(hours, activity([0, 1, 2, 6, 7, 8, 9], 7))).toEqual([]);
  });

  it("counts from the first delivery and keeps a silence that lasts to the end", () => {
    // First delivery in hour 4; 24 things over hours 4–9 = 4 an hour; silent 7–9: 3 hours expect 12.
    expect(silentRuns(hours, activity([4, 5, 6], 24))).toEqual([
      { first: hours[7], last: hours[9], hours: 3 },
    ]);
    expect(silentRuns(hours, activity([], 0))).toEqual([]);
  });
});
