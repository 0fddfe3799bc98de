import { describe, expect, it } from "vitest";
import { Database } from "../db/database.ts";
import { bucketPosition, bucketsOf, localTimeSql, type TimeWindow } from "./buckets.ts";
import { endOfDay, instantOf, offsetSegments, startOfDay } from "./time-zone.ts";

const day = (from: string, to = from): TimeWindow => ({
  from,
  to,
  start: startOfDay(from),
  end: endOfDay(to),
});

describe("Europe/Amsterdam instants", () => {
  it("finds local midnight on both sides of the clock changes of 2026", () => {
    expect(startOfDay("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDay("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDay("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(startOfDay("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });

  it("reads a wall-clock time with the offset in force then", () => {
    expect(instantOf("2026-07-01", "13:00:00").toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(instantOf("2026-12-01", "13:00:00").toISOString()).toBe("2026-12-01T12:00:00.000Z");
  });

  it("finds each clock change inside a stretch of time, to the second", () => {
    const segments = offsetSegments(startOfDay("2026-01-01"), endOfDay("2026-12-31"));
    expect(segments.map((s) => [new Date(s.from).toISOString(), s.offsetMs / 3_600_000])).toEqual([
      ["2025-12-31T23:00:00.000Z", 1],
      ["2026-03-29T01:00:00.000Z", 2],
      ["2026-10-25T01:00:00.000Z", 1],
    ]);
  });

  it("finds the clock changes of several years, over a year's end, and a change on either edge", () => {
    const hours = (segments: ReturnType<typeof offsetSegments>) =>
      segments.map((s) => [new Date(s.from).toISOString(), s.offsetMs / 3_600_000]);
    // The last Sundays of March and October, 01:00 UTC.
    expect(hours(offsetSegments(startOfDay("2024-06-15"), startOfDay("2027-02-01")))).toEqual([
      ["2024-06-14T22:00:00.000Z", 2],
      ["2024-10-27T01:00:00.000Z", 1],
      ["2025-03-30T01:00:00.000Z", 2],
      ["2025-10-26T01:00:00.000Z", 1],
      ["2026-03-29T01:00:00.000Z", 2],
      ["2026-10-25T01:00:00.000Z", 1],
    ]);
    // Starting on a change, the first segment is the new offset; ending on one, it is the last segment.
    const spring = new Date("2026-03-29T01:00:00Z");
    const autumn = new Date("2026-10-25T01:00:00Z");
    expect(hours(offsetSegments(spring, autumn))).toEqual([
      ["2026-03-29T01:00:00.000Z", 2],
      ["2026-10-25T01:00:00.000Z", 1],
    ]);
    expect(
      hours(offsetSegments(new Date(spring.getTime() + 1000), new Date(autumn.getTime() - 1000))),
    ).toEqual([["2026-03-29T01:00:01.000Z", 2]]);
  });
});

describe("buckets", () => {
  it("gives the spring change day 23 hours and the autumn change day 24 wall-clock hours", () => {
    const spring = bucketsOf(day("2026-03-29"), "hour");
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain("2026-03-29T02:00");
    const autumn = bucketsOf(day("2026-10-25"), "hour");
    expect(autumn).toHaveLength(24);
    expect(autumn.filter((x) => x === "2026-10-25T02:00")).toHaveLength(1);
  });

  it("starts weeks on Monday (ISO) and months on the first", () => {
    expect(bucketsOf(day("2026-10-21", "2026-11-03"), "week")).toEqual([
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
    ]);
    expect(bucketsOf(day("2026-10-21", "2026-11-03"), "month")).toEqual(["2026-10-01", "2026-11-01"]);
    // 1 January 2027 is a Friday: its ISO week began on Monday 28 December 2026.
    expect(bucketsOf(day("2027-01-01"), "week")).toEqual(["2026-12-28"]);
  });

  it("stops at the end of a window cut off at now", () => {
    const window = { ...day("2026-10-25"), end: new Date("2026-10-25T12:00:00Z") };
    expect(bucketsOf(window, "hour").at(-1)).toBe("2026-10-25T12:00");
    expect(bucketsOf(window, "day")).toEqual(["2026-10-25"]);
  });

  it("lines up a bucket with the same day and hour of the comparison window", () => {
    expect(bucketPosition("2026-10-21", day("2026-10-19", "2026-10-25"), "day")).toBe(2);
    expect(bucketPosition("2026-10-20T14:00", day("2026-10-19", "2026-10-20"), "hour")).toBe(38);
    expect(bucketPosition("2026-11-01", day("2026-10-15", "2026-12-31"), "month")).toBe(1);
  });

  it("gives every instant its wall-clock time in SQL, inside the window it was told of or not", async () => {
    const db = await Database.open(":memory:");
    try {
      // UTC instants around both changes of 2026, and the local times Amsterdam's clocks showed
      const expected: [string, string][] = [
        ["2026-03-29T00:59:59Z", "2026-03-29 01:59:59"],
        ["2026-03-29T01:00:00Z", "2026-03-29 03:00:00"],
        ["2026-10-25T00:30:00Z", "2026-10-25 02:30:00"],
        ["2026-10-25T01:30:00Z", "2026-10-25 02:30:00"],
        ["2026-10-25T14:10:00Z", "2026-10-25 15:10:00"],
        ["2026-11-21T12:00:00Z", "2026-11-21 13:00:00"],
      ];
      // told of the autumn day only, of a winter day only, of the spring day only: the same answers
      for (const window of [day("2026-10-25"), day("2026-11-21"), day("2026-03-29"), day("2026-10-20")]) {
        const rows = await db.query<{ wall: string }>(
          `SELECT ${localTimeSql("instant", [window])}::VARCHAR AS wall
           FROM (VALUES ${expected.map(([at]) => `('${at}'::TIMESTAMPTZ)`).join(", ")}) t(instant) ORDER BY instant`,
        );
        expect(rows.map((row) => row.wall)).toEqual(expected.map(([, local]) => local));
      }
    } finally {
      db.close();
    }
  });
});
