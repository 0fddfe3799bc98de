import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extendWithCustomers, reportReader } from "./fixtures/customers-fixture.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Expected figures worked out by hand from the visits V1–V12 listed in tests/api/fixtures/customers-fixture.ts.
// Week 43 (the period) against week 42 (the comparison):
//   visits    week 43: V4 V5 V12 V6 V7 V8 V9 V10 V11 = 9; week 42: V1 V2 V3 = 3
//   customers week 43: TT100T HH200H SS400S ZZ001Z PQ777R AB123C KL456M = 7; week 42: KL456M HH200H MM300M = 3
//   new (first visit ever in the week): week 43 ZZ001Z PQ777R AB123C = 3, returning 4; week 42 all 3 new
//   reads     week 43: R5 R7 R2 R1 R3 R4 + TT2 HH2 NR1 SS2 ZR2 PR2 = 12, no-reads R4 NR1 = 2;
//             week 42: R6 HH1 MM1 = 3, none
//   confidence of the 10 read plates in week 43: .91 .88 .95 .96 .62 .85 .75 .92 .93 .90 = 8.67;
//             below 0.8: R3 (.62) and HH2 (.75). Week 42: .97 .9 .85 = 2.72, none below.
//   purchased week 43: V4 V5 V6 V8 V10 = 5 of 9; week 42: V1 V2 = 2 of 3.

let server: ReportsServer;
const { report, kpi, series, table } = reportReader(() => server);
const WEEK_43 = "from=2026-10-19&to=2026-10-25";

beforeAll(async () => {
  server = await startReportsServer({ extend: [extendWithCustomers], now: "2026-11-21T12:00:00Z" });
}, 120_000);
afterAll(() => server?.stop());

describe("Kenteken herkenning (users-recognition)", () => {
  it("measures the reads, the read rate, confidence and the visits that ended in a sale", async () => {
    const body = await report("users-recognition", WEEK_43);
    expect(kpi(body, "reads")).toEqual({ value: 12, previous: 3 });
    expect(kpi(body, "read_rate")).toEqual({ value: 10 / 12, previous: 1 });
    expect(kpi(body, "no_reads")).toEqual({ value: 2, previous: 0 });
    // Confidence is stored as a 4-byte float: close, not equal.
    expect(kpi(body, "confidence").value).toBeCloseTo(8.67 / 10, 5);
    expect(kpi(body, "confidence").previous).toBeCloseTo(2.72 / 3, 5);
    expect(kpi(body, "low_confidence_share")).toEqual({ value: 2 / 10, previous: 0 });
    expect(kpi(body, "conversion")).toEqual({ value: 5 / 9, previous: 2 / 3 });
  });

  it("splits them per site, and counts the repeated autumn hour's reads in its 02:00", async () => {
    const body = await report("users-recognition", WEEK_43);
    // utrecht: R7 R1 R3 R4 HH2 SS2 PR2 = 7 reads, R4 not read; visits V5 V12 V7 V8 V10 V11, purchased V5 V8 V10.
    // zeist: R5 R2 TT2 NR1 ZR2 = 5 reads, NR1 not read; visits V4 V6 V9, purchased V4 V6. houten: nothing.
    const sites = table(body, "by_site").rows.map((r) => [r.site, r.reads, r.read_rate, r.conversion]);
    expect(sites).toEqual([
      ["Utrecht Centrum", 7, 6 / 7, 3 / 6],
      ["Zeist", 5, 4 / 5, 2 / 3],
      ["Houten", 0, null, null],
    ]);
    // 02:00 on Sunday 25 October: R1 (02:29 CEST), R3 (02:29 CET) and the no-read R4 (02:30 CET).
    const hours = series(body, "read_rate_by_hour").points;
    expect(hours.find((p) => p.x === "02:00")?.value).toBe(2 / 3);
  });
});

describe("Unieke kentekens (users-unique)", () => {
  it("counts distinct plates and visits, each read twice within 30 minutes once", async () => {
    const body = await report("users-unique", WEEK_43);
    expect(kpi(body, "plates")).toEqual({ value: 7, previous: 3 });
    expect(kpi(body, "visits")).toEqual({ value: 9, previous: 3 });
    expect(kpi(body, "visits_per_plate")).toEqual({ value: 9 / 7, previous: 1 });
  });

  it("counts a plate once per day, in the local day, across the autumn clock change", async () => {
    const days = series(await report("users-unique", WEEK_43), "plates").points;
    // Sat 24: ZZ001Z, PQ777R (twice) → 2; Sun 25: AB123C (00:29 and 02:29 CEST), KL456M (02:29 CET) → 2.
    expect(days.map((p) => [p.x, p.value, p.previous])).toEqual([
      ["2026-10-19", 0, 0],
      ["2026-10-20", 1, 1],
      ["2026-10-21", 1, 1],
      ["2026-10-22", 1, 0],
      ["2026-10-23", 0, 1],
      ["2026-10-24", 2, 0],
      ["2026-10-25", 2, 0],
    ]);
    const hours = series(
      await report("users-unique", "from=2026-10-25&to=2026-10-25&granularity=hour"),
      "plates",
    );
    expect(hours.points).toHaveLength(24);
    expect(hours.points.find((p) => p.x === "2026-10-25T00:00")?.value).toBe(1); // V9
    expect(hours.points.find((p) => p.x === "2026-10-25T02:00")?.value).toBe(2); // V10 and V11
  });

  it("gives the frequency classes, the sites and the most frequent customers", async () => {
    const body = await report("users-unique", WEEK_43);
    // Once: TT100T HH200H SS400S ZZ001Z KL456M; twice: PQ777R (two visits) and AB123C (two sites).
    expect(series(body, "plates_by_frequency").points.map((p) => [p.x, p.value, p.previous])).toEqual([
      ["1", 5, 3],
      ["2", 2, 0],
      ["3–5", 0, 0],
      ["6–10", 0, 0],
      ["> 10", 0, 0],
    ]);
    const sites = table(body, "by_site").rows.map((r) => [r.site, r.plates, r.visits]);
    expect(sites).toEqual([
      ["Utrecht Centrum", 5, 6], // HH200H SS400S PQ777R(2) AB123C KL456M
      ["Zeist", 3, 3], // TT100T ZZ001Z AB123C
      ["Houten", 0, 0],
    ]);
    const top = table(body, "top_customers").rows;
    expect(top.map((r) => [r.plate, r.visits, r.sites, r.purchases])).toEqual([
      ["PQ777R", 2, 1, 1], // not a Dutch format (Q): shown as stored
      ["AB123C", 2, 2, 1],
      ["TT-100-T", 1, 1, 1],
      ["SS-400-S", 1, 1, 0],
      ["KL-456-M", 1, 1, 0],
      ["HH-200-H", 1, 1, 1],
      ["ZZ-001-Z", 1, 1, 1],
    ]);
    expect(top[0].first_visit_at).toBe("2026-10-24T13:59:00.000Z");
  });

  it("looks at one site's visits only when a site is chosen", async () => {
    const body = await report("users-unique", `${WEEK_43}&site=utrecht`);
    expect(kpi(body, "plates")).toEqual({ value: 5, previous: 2 }); // week 42: KL456M, HH200H
    expect(kpi(body, "visits")).toEqual({ value: 6, previous: 2 });
  });
});

describe("Nieuw / Terugkerend (users-type)", () => {
  it("tells new from returning plates, in the week and per day", async () => {
    const body = await report("users-type", WEEK_43);
    expect(kpi(body, "new")).toEqual({ value: 3, previous: 3 });
    expect(kpi(body, "returning")).toEqual({ value: 4, previous: 0 });
    expect(kpi(body, "returning_share")).toEqual({ value: 4 / 7, previous: 0 });
    const day = (key: string) => series(body, key).points.map((p) => p.value);
    // Tue TT100T, Wed HH200H, Thu SS400S return; Sat ZZ001Z and PQ777R are new; Sun AB123C new, KL456M back.
    expect(day("new")).toEqual([0, 0, 0, 0, 0, 2, 1]);
    expect(day("returning")).toEqual([0, 1, 1, 1, 0, 0, 1]);
  });

  it("calls a plate new to the chain new at a site it visits second", async () => {
    const body = await report("users-type", `${WEEK_43}&site=zeist`);
    // Zeist: TT100T (back), ZZ001Z (new), AB123C (new: first visit ever, here, Sunday 00:29).
    expect(kpi(body, "plates").value).toBe(3);
    expect(kpi(body, "new").value).toBe(2);
    const utrecht = await report("users-type", `${WEEK_43}&site=utrecht`);
    // Utrecht: HH200H SS400S KL456M back; PQ777R new; AB123C new to the chain this week (at Zeist first).
    expect([kpi(utrecht, "new").value, kpi(utrecht, "returning").value]).toEqual([2, 3]);
  });

  it("counts a run of days that no calendar period holds as the week does", async () => {
    // Tuesday 20 to Sunday 25 October: week 43 without its Monday, which had no visits: the same 7
    // customers, 3 new. Against Wednesday 14 to Monday 19: HH200H (V2) and MM300M (V3), both new; KL456M's
    // V1 (Tuesday 13) lies before it.
    const days = "from=2026-10-20&to=2026-10-25";
    const body = await report("users-type", days);
    expect(kpi(body, "new")).toEqual({ value: 3, previous: 2 });
    expect(kpi(body, "returning")).toEqual({ value: 4, previous: 0 });
    const day = (key: string) => series(body, key).points.map((p) => p.value);
    expect(day("new")).toEqual([0, 0, 0, 0, 2, 1]);
    expect(day("returning")).toEqual([1, 1, 1, 0, 0, 1]);
    const zeist = await report("users-type", `${days}&site=zeist`);
    expect([kpi(zeist, "plates").value, kpi(zeist, "new").value]).toEqual([3, 2]);
  });

  it("builds the monthly cohorts of the twelve months up to the period", async () => {
    const { cohorts } = (await report("users-type", WEEK_43)).extra as {
      cohorts: { rows: { month: string; plates: number; retention: ({ share: number | null } | null)[] }[] };
    };
    expect(cohorts.rows.map((r) => r.month)).toHaveLength(12);
    expect(cohorts.rows[0].month).toBe("2025-11-01");
    // September: SS400S, back in October. October: KL456M HH200H MM300M ZZ001Z PQ777R AB123C.
    const september = cohorts.rows[10];
    expect([september.month, september.plates]).toEqual(["2026-09-01", 1]);
    expect(september.retention.slice(0, 3).map((c) => c?.share ?? null)).toEqual([1, 1, null]);
    const october = cohorts.rows[11];
    expect([october.plates, october.retention[0]?.share, october.retention[1]]).toEqual([6, 1, null]);
    // TT100T's first visit (October 2025) lies before the matrix.
    expect(cohorts.rows[0].plates).toBe(0);
  });

  it("builds one site's cohorts of the customers whose first visit ever was there", async () => {
    type Cohorts = {
      rows: {
        month: string;
        plates: number;
        retention: ({ plates: number; share: number | null } | null)[];
      }[];
    };
    const cohortsAt = async (site: string) =>
      ((await report("users-type", `${WEEK_43}&site=${site}`)).extra as { cohorts: Cohorts }).cohorts.rows;
    // Utrecht: September SS400S (first visit there, back there in October); October KL456M HH200H PQ777R.
    // AB123C came to Utrecht in October, but its first visit ever was at Zeist; TT100T's lies before the matrix.
    const utrecht = await cohortsAt("utrecht");
    expect(utrecht.map((r) => r.plates)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]);
    expect(utrecht[10].retention.slice(0, 3).map((c) => c?.share ?? null)).toEqual([1, 1, null]);
    expect(utrecht[11].retention[0]?.share).toBe(1);
    // Zeist: October ZZ001Z and AB123C (V9, 00:29 on Sunday, before its Utrecht visit); TT100T first came to Utrecht.
    const zeist = await cohortsAt("zeist");
    expect(zeist.map((r) => r.plates)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(zeist[10].retention.slice(0, 2).map((c) => c?.plates ?? null)).toEqual([0, 0]);
  });
});
