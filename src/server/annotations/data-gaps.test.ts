import { describe, expect, it } from "vitest";
import type { OpeningHour } from "../freshness/freshness-rule.ts";
import { type Deliveries, silentRuns } from "./data-gaps.ts";

// Ten opening hours of one Saturday, 08:00–18:00 local (the list of opening hours is the freshness
// rule's; here made by hand). Every hour is the same kind of hour only once, so a source's usual rate for
// an hour is what it delivered in that very hour — so the tests add a second Saturday, a week later, with
// the usual deliveries, and ask about the first.
const HOUR_MS = 3_600_000;
const SATURDAY = Date.UTC(2026, 10, 14, 7);
const saturday = (offsetDays: number): OpeningHour[] =>
  Array.from({ length: 10 }, (_, i) => ({
    start: new Date(SATURDAY + offsetDays * 86_400_000 + i * HOUR_MS),
    weekday: 5,
    hour: 8 + i,
  }));
const hours = [...saturday(0), ...saturday(7)];
const key = (hour: OpeningHour) => hour.start.getTime() / HOUR_MS;

/** `perHour` deliveries in every hour of both Saturdays except the first Saturday's hours `silent`. */
const deliveries = (perHour: number, silent: number[]): Deliveries =>
  new Map(hours.filter((_, i) => !silent.includes(i)).map((hour) => [key(hour), perHour]));

describe("silent runs of a source", () => {
  it("finds three silent hours of a busy camera", () => {
    // 12:00–15:00 silent; 10 an hour, averaged with the second Saturday: usually 5 an hour, 15 expected.
    expect(silentRuns(hours, deliveries(10, [4, 5, 6]))).toEqual([
      { first: hours[4].start, last: hours[6].start, hours: 3 },
    ]);
  });

  it("ignores one silent hour, and a silence a quiet till would have by chance", () => {
    expect(silentRuns(hours, deliveries(100, [4]))).toEqual([]);
    // 6 an hour → averaged with the silent Saturday 3 an hour: three silent hours expect 9 (< 10).
    expect(silentRuns(hours, deliveries(6, [4, 5, 6]))).toEqual([]);
  });

  it("counts from the first delivery, and keeps a silence that lasts to the end", () => {
    // Nothing before the first Saturday's 12:00 (not started yet), and nothing from the second's 15:00.
    const started = new Map(hours.slice(4, 17).map((hour) => [key(hour), 10]));
    expect(silentRuns(hours, started)).toEqual([{ first: hours[17].start, last: hours[19].start, hours: 3 }]);
    expect(silentRuns(hours, new Map())).toEqual([]);
  });
});
