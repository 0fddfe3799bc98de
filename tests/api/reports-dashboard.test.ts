import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../src/server/db/database.ts";
import type { ReportEnvelope, Table } from "../../src/shared/reports/envelope.ts";
import { FIXTURE_NOW, type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// The fixture's clock: Sunday 25 October 2026, 13:00 CET. "Today so far" is compared with Saturday up to
// 13:00 (CEST, 11:00 UTC); "this week so far" (Monday 19 – now) with Monday 12 – Sunday 18 at 13:00.
// Worked out by hand from tests/api/fixtures/reports-fixture.ts:
//   today:     C4 2299, C5 1089, C6 1573 (C7 at 23:59 has not happened yet)  → 3 washes, 4 961
//   yesterday: C8 1210 (C9 at 16:00 is later than 13:00)                      → 1 wash, 1 210
//   this week: C1 1210, C2 2178, C3 1210, C8, C9 1210 each + today           → 8 washes, 11 979
//   last week: P4 1815, P1 1210, P2 2178 (P3 on Sunday 23:59 is too late)    → 3 washes, 5 203
//   plates today: AB123C (first seen today, at Zeist, then Utrecht), KL456M (seen 13 October); the no-read
//   does not count → 2 unique, 1 new. Yesterday: ZZ001Z (new). This week: those 3 + PQ777R → 4, 3 new.
//   Last week: KL456M, new. Conversions: 1 / 1 today, 3 / 1 this week (the voucher claim is none).
//   Ad spend (whole days): today 1000 (value 5000), yesterday 2000 (3000); week 6000 (14 000), last 4000.

let api: ReportsServer;
let body: ReportEnvelope;

beforeAll(async () => {
  // When the ad figures were written (imported): Facebook's this morning, Google's the day before yesterday.
  const adsWritten = async (db: Queryable) => {
    await db.run("UPDATE ad_stats_daily SET updated_at = '2026-10-25 09:00:00Z' WHERE platform = 'facebook'");
    await db.run(
      "UPDATE ad_stats_daily SET updated_at = '2026-10-23 22:00:00Z' WHERE platform = 'google_ads'",
    );
  };
  api = await startReportsServer({ now: FIXTURE_NOW, extend: [adsWritten] });
  const response = await api.get<ReportEnvelope>("/api/reports/dashboard");
  expect(response.status).toBe(200);
  body = response.body;
}, 120_000);
afterAll(() => api?.stop());

const figures = (prefix: string) =>
  Object.fromEntries(
    body.kpis
      .filter((k) => k.key.startsWith(prefix))
      .map((k) => [k.key.slice(prefix.length), [k.value, k.previous]]),
  );
const table = (key: string): Table => {
  const found = body.tables.find((t) => t.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
};

describe("dashboard", () => {
  it("compares today so far with yesterday up to the same time", () => {
    expect(body.period).toMatchObject({
      from: "2026-10-25",
      to: "2026-10-25",
      end: "2026-10-25T12:00:00.000Z",
    });
    expect(body.comparison).toMatchObject({ from: "2026-10-24", end: "2026-10-24T11:00:00.000Z" });
    expect(figures("today_")).toEqual({
      washes: [3, 1],
      revenue: [4_961, 1_210],
      revenue_per_car: [4_961 / 3, 1_210],
      plates: [2, 1],
      new_share: [0.5, 1],
      conversions: [1, 1],
      ad_spend: [1_000, 2_000],
      roas: [5, 1.5],
      // a few sales are too little history to expect anything from (tests/api/reports-forecast.test.ts)
      expected_washes: [null, null],
      expected_so_far: [null, null],
    });
  });

  it("compares this week so far with last week up to the same moment", () => {
    expect(figures("week_")).toEqual({
      washes: [8, 3],
      revenue: [11_979, 5_203],
      revenue_per_car: [11_979 / 8, 5_203 / 3],
      plates: [4, 1],
      new_share: [0.75, 1],
      conversions: [3, 1],
      ad_spend: [6_000, 4_000],
      roas: [14_000 / 6_000, 1],
    });
  });

  it("shows every site per day and per week, also one without sales", () => {
    const today = table("sites_today");
    expect(today.rows.map((r) => [r.site, r.washes, r.washes_previous, r.revenue])).toEqual([
      ["Utrecht Centrum", 2, 0, 2_662],
      ["Zeist", 1, 1, 2_299],
      ["Houten", 0, 0, 0],
    ]);
    const week = table("sites_week");
    expect(week.rows.map((r) => [r.site, r.washes, r.washes_previous, r.washes_change])).toEqual([
      ["Utrecht Centrum", 5, 1, 4],
      ["Zeist", 3, 2, 0.5],
      ["Houten", 0, 0, null],
    ]);
  });

  it("draws washes per hour today and per day this week", () => {
    const hours = body.series.find((s) => s.key === "today_washes");
    expect(hours?.points.filter((p) => p.value || p.previous).map((p) => [p.x, p.value, p.previous])).toEqual(
      [
        ["2026-10-25T00:00", 1, 0],
        ["2026-10-25T02:00", 2, 0],
        ["2026-10-25T10:00", 0, 1],
      ],
    );
    // The day runs up to now: 13 wall-clock hours, 00:00 to 12:00 (02:00 once, though it happened twice).
    expect(hours?.points).toHaveLength(13);
    const days = body.series.find((s) => s.key === "week_washes");
    expect(days?.points.map((p) => p.value)).toEqual([1, 1, 1, 0, 0, 2, 3]);
  });

  it("tells how fresh each source is, per site, by the one freshness rule", () => {
    // Now is Sunday 13:00 CET; Sunday the washes open at 10:00 CET (09:00 UTC). Utrecht's and Zeist's last
    // data are from the night (02:30 CET and 00:29 CEST), so they have been quiet for 3 opening hours:
    // late (1 h), not yet silent (4 h). Houten never sent anything: silent. The website's last session is
    // 3 clock hours old: late. Ads count when their figures were written: Facebook's 3 h ago (fresh),
    // Google's 38 h ago (late after 36 h), whatever days the figures are about.
    const rows = table("freshness").rows.map((r) => [r.source, r.name, r.latest, r.status]);
    expect(rows).toEqual([
      ["Kentekenlezingen", "Houten", null, "Stil"],
      ["Kentekenlezingen", "Utrecht Centrum", "2026-10-25T01:30:00.000Z", "Vertraagd"],
      ["Kentekenlezingen", "Zeist", "2026-10-24T22:29:00.000Z", "Vertraagd"],
      ["Transacties", "Houten", null, "Stil"],
      ["Transacties", "Utrecht Centrum", "2026-10-25T01:30:00.000Z", "Vertraagd"],
      ["Transacties", "Zeist", "2026-10-24T22:30:00.000Z", "Vertraagd"],
      ["Website", "Alle vestigingen", "2026-10-25T09:00:00.000Z", "Vertraagd"],
      ["Advertenties", "Facebook", "2026-10-25T09:00:00.000Z", "Actueel"],
      ["Advertenties", "Google Ads", "2026-10-23T22:00:00.000Z", "Vertraagd"],
    ]);
  });

  it("limits sales and plates to one site but keeps the chain's website and ad figures", async () => {
    const response = await api.get<ReportEnvelope>("/api/reports/dashboard?site=utrecht");
    const kpis = Object.fromEntries(response.body.kpis.map((k) => [k.key, [k.value, k.previous]]));
    // Utrecht today: C5, C6 and reads R1 (AB123C, first seen at Zeist earlier today: still new), R3.
    expect(kpis.today_washes).toEqual([2, 0]);
    expect(kpis.today_plates).toEqual([2, 0]);
    expect(kpis.today_new_share).toEqual([0.5, null]);
    expect(kpis.today_conversions).toEqual([1, 1]);
  });

  // At Utrecht (and with Houten, which has no reads, beside it): today R1 (AB123C, after its visit at Zeist
  // earlier today, which is outside the sites: still counted, still new) and R3 (KL456M) → 2, 1 new;
  // yesterday up to 11:00 UTC nothing (R7 is at 13:59). This week also R7 (PQ777R, first sight) → 3, 2 new;
  // last week R6 (KL456M, first sight) → 1, new. One site counts first visits at the site, a set tells the
  // customers apart: both must agree.
  it.each(["utrecht", "utrecht,houten"])("counts each customer once per window at %s", async (site) => {
    const response = await api.get<ReportEnvelope>(`/api/reports/dashboard?site=${site}`);
    const kpis = Object.fromEntries(response.body.kpis.map((k) => [k.key, [k.value, k.previous]]));
    expect(kpis.today_plates).toEqual([2, 0]);
    expect(kpis.today_new_share).toEqual([0.5, null]);
    expect(kpis.week_plates).toEqual([3, 1]);
    expect(kpis.week_new_share).toEqual([2 / 3, 1]);
  });
});
