import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../shared/annotations/annotations.ts";
import { bucketOf, marksByBucket } from "./annotation-marks.ts";

const mark = (date: string, from: string | null = null): Annotation => ({
  kind: from ? "data-gap" : "holiday",
  date,
  from,
  to: from,
  site: null,
  text: date,
  id: null,
  createdBy: null,
});

describe("annotation buckets", () => {
  it("puts Koningsdag 2026 (a Monday) in its hour, day, ISO week and month", () => {
    const kingsDay = mark("2026-04-27");
    expect(bucketOf(kingsDay, "hour")).toBe("2026-04-27T00:00");
    expect(bucketOf(kingsDay, "day")).toBe("2026-04-27");
    expect(bucketOf(kingsDay, "week")).toBe("2026-04-27");
    expect(bucketOf(kingsDay, "month")).toBe("2026-04-01");
    // Sunday 3 January 2027 belongs to the week of Monday 28 December 2026.
    expect(bucketOf(mark("2027-01-03"), "week")).toBe("2026-12-28");
  });

  it("puts a data gap in the hour it began", () => {
    expect(bucketOf(mark("2026-11-21", "2026-11-21T10:00"), "hour")).toBe("2026-11-21T10:00");
    expect(bucketOf(mark("2026-11-21", "2026-11-21T10:00"), "day")).toBe("2026-11-21");
  });

  it("groups the annotations of one bucket and leaves out those not on the axis", () => {
    const marks = marksByBucket(
      [mark("2026-04-03"), mark("2026-04-05"), mark("2026-05-05")],
      ["2026-03-30", "2026-04-06"],
      "week",
    );
    expect([...marks.entries()].map(([bucket, list]) => [bucket, list.map((a) => a.date)])).toEqual([
      ["2026-03-30", ["2026-04-03", "2026-04-05"]],
    ]);
  });
});
