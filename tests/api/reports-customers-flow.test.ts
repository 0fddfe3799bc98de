import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extendWithCustomers, reportReader } from "./fixtures/customers-fixture.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Expected figures worked out by hand from the visits V1–V12 in tests/api/fixtures/customers-fixture.ts,
// week 43 (Mon 19 – Sun 25 October 2026) against week 42.
//
// Time since the customer's previous visit (any site), week 43:
//   V4 TT100T  22 Oct 2025 09:05Z → 20 Oct 2026 08:00Z  362 d 22 h 55 m  (8 710 whole hours)  > 6 maanden
//   V5 HH200H  14 Oct 16:00Z → 21 Oct 16:00Z             7 d exactly      (168 h)             1–2 weken
//   V12 SS400S 10 Sep 10:00Z → 22 Oct 10:00Z             42 d             (1 008 h)           1–2 maanden
//   V8 PQ777R  V7 + 41 min (0 h), V10 AB123C V9 + 2 h                                        < 1 week
//   V11 KL456M 13 Oct 07:59Z → 25 Oct 01:29Z             11 d 17 h 30 m   (281 h)             1–2 weken
//   V6 V7 V9: first visits, no gap. Median of 0, 2, 168, 281, 1008, 8710 h: the third, 168 h = 7 days.
//   Week 42: V1 V2 V3 are all first visits: no gaps, no median.
//
// Segments (7-day periods: 2 visits or more is "vast", one is "incidenteel"; new wins):
//   TT100T, SS400S  seen before, not in week 42 (verloren) → 1 visit (incidenteel)
//   HH200H, KL456M  new in week 42 (nieuw) → 1 visit (incidenteel)
//   MM300M          nieuw → not in week 43 (verloren)
//   ZZ001Z PQ777R AB123C  first seen after week 42 (nog geen klant) → nieuw
//
// Postcodes, week 43: C7 (online, no plate: a customer of its own) 3705, K4 AB123C 3705, K3 HH200H 3511,
// K2 TT100T 1012 → regions 37: 2 customers, 35: 1, 10: 1; 4 of the week's 13 sales have one.
// Week 42: K0 HH200H 3705 → 1 customer, 1 of 5 sales. Distances from each region's town: Zeist (52.09,
// 5.23) to site Zeist 0 km, Utrecht (52.09, 5.12) to Utrecht Centrum 0 km, Amsterdam (52.37, 4.89) to
// Utrecht Centrum 34.853 km (haversine, R = 6371 km; Zeist 38.8 and Houten 42.3 are farther).

let server: ReportsServer;
const { report, kpi, series, table } = reportReader(() => server);
const WEEK_43 = "from=2026-10-19&to=2026-10-25";

beforeAll(async () => {
  server = await startReportsServer({ extend: [extendWithCustomers], now: "2026-11-21T12:00:00Z" });
}, 120_000);
afterAll(() => server?.stop());

interface FlowExtra {
  heatmap: { weekday: number; hour: number; visits: number }[];
  migration: {
    nodes: { id: string; label: string }[];
    links: { from: string; to: string; plates: number }[];
  };
}

describe("Flow (users-flow)", () => {
  it("distributes the time between visits and takes its median", async () => {
    const body = await report("users-flow", WEEK_43);
    expect(kpi(body, "visits")).toEqual({ value: 9, previous: 3 });
    expect(kpi(body, "median_gap_days")).toEqual({ value: 7, previous: null });
    expect(series(body, "visits_by_gap").points.map((p) => [p.x, p.value])).toEqual([
      ["< 1 week", 2],
      ["1–2 weken", 2],
      ["2–4 weken", 0],
      ["1–2 maanden", 1],
      ["2–3 maanden", 0],
      ["3–6 maanden", 0],
      ["> 6 maanden", 1],
    ]);
  });

  it("puts arrivals in their local weekday and hour, both 02:29s of the autumn Sunday in 02:00", async () => {
    const { heatmap } = (await report("users-flow", WEEK_43)).extra as FlowExtra;
    const cells = heatmap
      .map((c) => [c.weekday, c.hour, c.visits])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(cells).toEqual([
      [2, 10, 1], // V4
      [3, 18, 1], // V5
      [4, 12, 1], // V12
      [6, 9, 1], // V6
      [6, 15, 1], // V7
      [6, 16, 1], // V8
      [7, 0, 1], // V9
      [7, 2, 2], // V10 (CEST) and V11 (CET)
    ]);
  });

  it("moves customers between segments from the week before to this one", async () => {
    const body = await report("users-flow", WEEK_43);
    const { migration } = body.extra as FlowExtra;
    const links = migration.links.map((l) => `${l.from} → ${l.to}: ${l.plates}`).sort();
    expect(links).toEqual([
      "from:nieuw → to:incidenteel: 2",
      "from:nieuw → to:verloren: 1",
      "from:nog-geen-klant → to:nieuw: 3",
      "from:verloren → to:incidenteel: 2",
    ]);
    expect(kpi(body, "lost").value).toBe(1);
    expect(kpi(body, "won_back").value).toBe(2);
    expect(table(body, "migration").rows[0]).toEqual({
      from: "Nog geen klant",
      to: "Nieuw",
      plates: 3,
      segment_share: 1,
    });
  });

  // "Laatste 30 dagen" on 21 November: 22 Oct – 20 Nov against 22 Sep – 21 Oct (30 days: "vast" from 3
  // visits, "regelmatig" from 2). Read from the kept per-customer counts (segment-counts.ts).
  //   TT100T  V4 20 Oct, first seen 2025         incidenteel → verloren
  //   HH200H  V2 14 Oct, V5 21 Oct, first 14 Oct nieuw → verloren;  MM300M V3 16 Oct: nieuw → verloren
  //   KL456M  V1 13 Oct, V11 25 Oct              nieuw → incidenteel
  //   SS400S  10 Sep, V12 22 Oct                 verloren → incidenteel
  //   ZZ001Z, PQ777R, AB123C  first seen 24–25 Oct  nog geen klant → nieuw
  // At Zeist alone: TT100T (V4) incidenteel → verloren; ZZ001Z (V6), AB123C (V9) nog geen klant → nieuw.
  it("moves customers between segments over the last 30 days, all sites and one", async () => {
    const links = async (query: string) =>
      ((await report("users-flow", query)).extra as FlowExtra).migration.links
        .map((l) => `${l.from} → ${l.to}: ${l.plates}`)
        .sort();
    expect(await links("period=last-30-days")).toEqual([
      "from:incidenteel → to:verloren: 1",
      "from:nieuw → to:incidenteel: 1",
      "from:nieuw → to:verloren: 2",
      "from:nog-geen-klant → to:nieuw: 3",
      "from:verloren → to:incidenteel: 1",
    ]);
    const body = await report("users-flow", "period=last-30-days");
    expect(kpi(body, "lost").value).toBe(3);
    expect(kpi(body, "won_back").value).toBe(1);
    expect(await links("period=last-30-days&site=zeist")).toEqual([
      "from:incidenteel → to:verloren: 1",
      "from:nog-geen-klant → to:nieuw: 2",
    ]);
  });

  it("compares with the week before for the segments, whatever the comparison", async () => {
    const body = await report("users-flow", `${WEEK_43}&compare=none`);
    expect(kpi(body, "median_gap_days").previous).toBeNull();
    expect((body.extra as FlowExtra).migration.links).toHaveLength(4);
  });
});

describe("Geografische locatie (users-geo)", () => {
  it("counts customers with a postcode, the share of sales with one and the distance to a site", async () => {
    const body = await report("users-geo", WEEK_43);
    expect(kpi(body, "customers")).toEqual({ value: 4, previous: 1 });
    expect(kpi(body, "known_share")).toEqual({ value: 4 / 13, previous: 1 / 5 });
    expect(kpi(body, "distance_km").value).toBeCloseTo(34.853 / 4, 3);
    expect(kpi(body, "distance_km").previous).toBe(0);
    expect(kpi(body, "nearby_share")).toEqual({ value: 3 / 4, previous: 1 });
  });

  it("puts each customer in the region of their latest postcode, by region and by province", async () => {
    const body = await report("users-geo", WEEK_43);
    const regions = table(body, "by_region").rows.map((r) => [
      r.region,
      r.customers,
      r.nearest_site,
      r.distance_km,
    ]);
    // HH200H gave 3705 in week 42 and 3511 in week 43: this week it counts in 35 only.
    expect(regions).toEqual([
      ["37 Zeist", 2, "Zeist", 0],
      ["10 Amsterdam", 1, "Utrecht Centrum", 34.9],
      ["35 Utrecht", 1, "Utrecht Centrum", 0],
    ]);
    const provinces = table(body, "by_province").rows.map((r) => [r.province, r.customers, r.revenue]);
    // Revenue: C7 a subscription (€24,20) and K2–K4 a Basis each (€12,10).
    expect(provinces).toEqual([
      ["Utrecht", 3, 2420 + 1210 + 1210],
      ["Noord-Holland", 1, 1210],
    ]);
  });

  it("measures the distance to the chosen site when there is one", async () => {
    const body = await report("users-geo", `${WEEK_43}&site=zeist`);
    // Sales at Zeist with a postcode: C7 (3705) and K2 TT100T (1012), K4 AB123C (3705).
    expect(kpi(body, "customers").value).toBe(3);
    const amsterdam = table(body, "by_region").rows.find((r) => r.region === "10 Amsterdam");
    expect(amsterdam).toMatchObject({ nearest_site: "Zeist", distance_km: 38.8 });
  });
});
