import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportReader } from "./fixtures/customers-fixture.ts";
import { insertPlateRead, type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Buckets that stick out of the period: December 2026 per week runs from the week of Monday 30 November
// (of which only Tue 1 – Sun 6 December is in the period) to the week of Monday 28 December (of which only
// 28–31 December is). A plate counts in a bucket when it came within the part inside the period, and is
// new there when its first visit ever lies in that part. The base fixture has no reads in these weeks.
// Local times (CET, UTC+1); every read at utrecht, each a visit of its own.
//
//   A  Mon 30 Nov 10:00 (before the period) · Wed 2 Dec 10:00
//   B  Thu 3 Dec 10:00, its first visit ever
//   C  Tue 22 Dec 10:00, its first visit ever · Tue 29 Dec 10:00 · Wed 30 Dec 10:00
//   D  Thu 31 Dec 10:00, its first visit ever · Fri 1 Jan 2027 10:00 (after the period)
//
// week of 30 Nov: A (seen 30 Nov, before the period: returning, but it came in the period) and B (new):
//   plates 2, new 1, returning 1, visits 2. Before the fix A vanished here: its previous visit lies in the
//   calendar week but before the period, so it was neither a plate of the week nor returning.
// weeks of 7 and 14 Dec: nothing. week of 21 Dec: C, new: plates 1, new 1, visits 1.
// week of 28 Dec: C (first visit 22 Dec: returning; two visits) and D (new): plates 2, new 1, returning 1,
//   visits 3. D's visit on 1 January is after the period.
// The period: plates A B C D = 4, new B C D = 3, returning A = 1, visits 6.

let server: ReportsServer;
const { report, kpi, series } = reportReader(() => server);
const DECEMBER = "from=2026-12-01&to=2026-12-31&granularity=week&compare=none";
const READS: [string, string][] = [
  ["A", "2026-11-30T09:00:00Z"],
  ["A", "2026-12-02T09:00:00Z"],
  ["B", "2026-12-03T09:00:00Z"],
  ["C", "2026-12-22T09:00:00Z"],
  ["C", "2026-12-29T09:00:00Z"],
  ["C", "2026-12-30T09:00:00Z"],
  ["D", "2026-12-31T09:00:00Z"],
  ["D", "2027-01-01T09:00:00Z"],
];

beforeAll(async () => {
  server = await startReportsServer({
    now: "2027-01-15T12:00:00Z",
    extend: [
      async (db, ids) => {
        for (const [i, [plate, at]] of READS.entries()) {
          await insertPlateRead(db, ids, {
            id: `B${i}`,
            site: "utrecht",
            at,
            plate: `${plate}${plate}111${plate}`,
            confidence: 0.9,
          });
        }
      },
    ],
  });
}, 120_000);
afterAll(() => server?.stop());

const points = (body: Awaited<ReturnType<typeof report>>, key: string) =>
  series(body, key).points.map((point) => [point.x, point.value]);

describe("buckets that begin before or end after the period", () => {
  it("Unieke kentekens counts a plate in the first week when it came in the period's part of it", async () => {
    const body = await report("users-unique", DECEMBER);
    expect(kpi(body, "plates").value).toBe(4);
    expect(kpi(body, "visits").value).toBe(6);
    expect(points(body, "plates")).toEqual([
      ["2026-11-30", 2],
      ["2026-12-07", 0],
      ["2026-12-14", 0],
      ["2026-12-21", 1],
      ["2026-12-28", 2],
    ]);
    expect(points(body, "visits")).toEqual([
      ["2026-11-30", 2],
      ["2026-12-07", 0],
      ["2026-12-14", 0],
      ["2026-12-21", 1],
      ["2026-12-28", 3],
    ]);
  });

  it("Nieuw / Terugkerend: new when the first visit ever lies in the period's part of the week", async () => {
    const body = await report("users-type", DECEMBER);
    expect(kpi(body, "plates").value).toBe(4);
    expect(kpi(body, "new").value).toBe(3);
    expect(kpi(body, "returning").value).toBe(1);
    expect(points(body, "new")).toEqual([
      ["2026-11-30", 1],
      ["2026-12-07", 0],
      ["2026-12-14", 0],
      ["2026-12-21", 1],
      ["2026-12-28", 1],
    ]);
    expect(points(body, "returning")).toEqual([
      ["2026-11-30", 1],
      ["2026-12-07", 0],
      ["2026-12-14", 0],
      ["2026-12-21", 0],
      ["2026-12-28", 1],
    ]);
  });
});
