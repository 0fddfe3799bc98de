import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportEnvelope, Series, Table } from "../../src/shared/reports/envelope.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Expected figures worked out by hand from tests/api/fixtures/reports-fixture.ts. Week 43 (Mon 19 – Sun
// 25 October 2026) holds C1–C9, week 42 holds P1–P4; prices: basis 1210 (VAT 210), premium 1815 (315),
// velgen 363 (63), wax 484 (84), abo 2420 (420); C5 got 121 off its basis (1089, VAT 189).
//
// week 43: C1 1210 + C2 2178 + C3 1210 + C8 1210 + C9 1210 + C4 2299 + C5 1089 + C6 1573 + C7 2420 = 14 399
//          VAT 210 + 378 + 210 + 210 + 210 + 399 + 189 + 273 + 420 = 2 499; before discount 14 520
// week 42: P4 1815 + P1 1210 + P2 2178 + P3 1210 = 6 413; VAT 315 + 210 + 378 + 210 = 1 113

let api: ReportsServer;
const WEEK_43 = "from=2026-10-19&to=2026-10-25";

beforeAll(async () => {
  // The clock stands well after the fixture: every period below is complete.
  api = await startReportsServer({ now: "2026-11-21T12:00:00Z" });
}, 120_000);
afterAll(() => api?.stop());

const report = async (id: string, query: string) => {
  const response = await api.get<ReportEnvelope>(`/api/reports/${id}?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const kpi = (body: ReportEnvelope, key: string) => {
  const found = body.kpis.find((k) => k.key === key);
  if (!found) throw new Error(`no KPI ${key}`);
  return { value: found.value, previous: found.previous };
};
const series = (body: ReportEnvelope, key: string): Series => {
  const found = body.series.find((s) => s.key === key);
  if (!found) throw new Error(`no series ${key}`);
  return found;
};
const table = (body: ReportEnvelope, key: string): Table => {
  const found = body.tables.find((t) => t.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
};
const column = (t: Table, name: string, key: string) => t.rows.map((row) => [row[name], row[key]]);

describe("Transacties (trx-sales)", () => {
  it("counts the week's transactions, average ticket and upsell against the week before", async () => {
    const body = await report("trx-sales", WEEK_43);
    expect(body.comparison).toMatchObject({ mode: "previous", from: "2026-10-12", to: "2026-10-18" });
    expect(kpi(body, "transactions")).toEqual({ value: 9, previous: 4 });
    expect(kpi(body, "average_ticket").value).toBeCloseTo(14_399 / 9, 6);
    expect(kpi(body, "average_ticket").previous).toBeCloseTo(6_413 / 4, 6);
    // Washes: all but C7 (a subscription) = 8, of which C2, C4, C6 bought an extra; week 42: 4 and P2.
    expect(kpi(body, "upsell_rate")).toEqual({ value: 3 / 8, previous: 1 / 4 });
    expect(kpi(body, "revenue")).toEqual({ value: 14_399, previous: 6_413 });
  });

  it("puts sales in the local day they happened, across the autumn clock change", async () => {
    const days = series(await report("trx-sales", WEEK_43), "transactions").points;
    // C4 (UTC Saturday 22:30) is Sunday 00:30 locally; C7 (Sunday 22:59 UTC) is still Sunday 23:59 CET.
    expect(days.map((p) => [p.x, p.value, p.previous])).toEqual([
      ["2026-10-19", 1, 1],
      ["2026-10-20", 1, 1],
      ["2026-10-21", 1, 0],
      ["2026-10-22", 0, 1],
      ["2026-10-23", 0, 0],
      ["2026-10-24", 2, 0],
      ["2026-10-25", 4, 1],
    ]);
    expect(days[0].px).toBe("2026-10-12");
  });

  it("gives the autumn change day 24 wall-clock hours, its 02:00 holding both 02:30s", async () => {
    const hours = series(
      await report("trx-sales", "from=2026-10-25&to=2026-10-25&granularity=hour"),
      "transactions",
    );
    expect(hours.points).toHaveLength(24);
    const at = (x: string) => hours.points.find((p) => p.x === x);
    expect(at("2026-10-25T00:00")).toMatchObject({ value: 1, previous: 0 }); // C4
    expect(at("2026-10-25T02:00")).toMatchObject({ value: 2 }); // C5 (CEST) and C6 (CET)
    expect(at("2026-10-25T23:00")).toMatchObject({ value: 1 }); // C7
    // Saturday's C8 (10:00) and C9 (16:00) line up with the same hours of Sunday.
    expect(at("2026-10-25T10:00")).toMatchObject({ value: 0, previous: 1, px: "2026-10-24T10:00" });
    expect(at("2026-10-25T16:00")).toMatchObject({ value: 0, previous: 1 });
  });

  it("gives the spring change day 23 hours and no 02:00", async () => {
    const body = await report("trx-sales", "from=2026-03-29&to=2026-03-29&granularity=hour&compare=none");
    const hours = series(body, "transactions").points;
    expect(hours).toHaveLength(23);
    expect(hours.find((p) => p.x === "2026-03-29T02:00")).toBeUndefined();
    expect(hours.find((p) => p.x === "2026-03-29T01:00")?.value).toBe(1); // S1
    // S2 (Sunday 22:30 UTC) is Monday 00:30 CEST: not on the 29th.
    expect(kpi(body, "transactions")).toEqual({ value: 1, previous: null });
    expect(body.comparison).toBeNull();
  });

  it("splits by site (with a site that sold nothing), payment method and hour of the day", async () => {
    const body = await report("trx-sales", WEEK_43);
    const bySite = table(body, "by_site");
    expect(column(bySite, "site", "transactions")).toEqual([
      ["Utrecht Centrum", 5],
      ["Zeist", 4],
      ["Houten", 0],
    ]);
    expect(column(bySite, "site", "transactions_previous")).toEqual([
      ["Utrecht Centrum", 2],
      ["Zeist", 2],
      ["Houten", 0],
    ]);
    expect(column(bySite, "site", "transactions_change")).toEqual([
      ["Utrecht Centrum", 1.5],
      ["Zeist", 1],
      ["Houten", null],
    ]);
    // Utrecht: washes C1, C2, C5, C6, C9 with extras at C2 and C6; Zeist: C3, C4, C8 with an extra at C4.
    expect(column(bySite, "site", "upsell_rate")).toEqual([
      ["Utrecht Centrum", 2 / 5],
      ["Zeist", 1 / 3],
      ["Houten", null],
    ]);
    expect(bySite.totals).toMatchObject({
      site: "Totaal",
      transactions: 9,
      transactions_share: 1,
      upsell_rate: 3 / 8,
    });

    const byPayment = table(body, "by_payment_method");
    expect(column(byPayment, "payment_method", "transactions")).toEqual([
      ["Pin", 6],
      ["App", 1],
      ["Contant", 1],
      ["iDEAL", 1],
    ]);
    expect(column(byPayment, "payment_method", "revenue")).toEqual([
      ["Pin", 8_470],
      ["App", 2_299],
      ["Contant", 1_210],
      ["iDEAL", 2_420],
    ]);
    // Pin 3 → 6; contant 1 → 1.
    expect(column(byPayment, "payment_method", "transactions_change").slice(0, 3)).toEqual([
      ["Pin", 1],
      ["App", null],
      ["Contant", 0],
    ]);

    // Sales at the site only: C7, sold online at 23:59, belongs to no hour of the site.
    const byHour = series(body, "transactions_by_hour").points.filter((p) => p.value);
    expect(byHour.map((p) => [p.x, p.value])).toEqual([
      ["00:00", 2],
      ["02:00", 2],
      ["10:00", 1],
      ["12:00", 1],
      ["16:00", 1],
      ["17:00", 1],
    ]);
  });

  it("limits everything to one site", async () => {
    const body = await report("trx-sales", `${WEEK_43}&site=zeist`);
    expect(body.sites).toEqual([{ code: "zeist", name: "Zeist" }]);
    expect(kpi(body, "transactions")).toEqual({ value: 4, previous: 2 });
    expect(table(body, "by_site").rows.map((row) => row.site)).toEqual(["Zeist"]);
  });

  it("compares with the same dates a year earlier", async () => {
    const body = await report("trx-sales", `${WEEK_43}&compare=year`);
    expect(body.comparison).toMatchObject({ mode: "year", from: "2025-10-19", to: "2025-10-25" });
    expect(kpi(body, "transactions")).toEqual({ value: 9, previous: 1 }); // Y1
  });

  it("buckets by ISO week and by month", async () => {
    const weeks = series(await report("trx-sales", `${WEEK_43}&granularity=week`), "transactions").points;
    expect(weeks.map((p) => [p.x, p.value, p.previous])).toEqual([["2026-10-19", 9, 4]]);
    // October: C1–C9, P1–P4 and X1 (Monday 26 October 00:00 CET).
    const months = series(
      await report("trx-sales", "period=last-month&granularity=month"),
      "transactions",
    ).points;
    expect(months.map((p) => [p.x, p.value])).toEqual([["2026-10-01", 14]]);
  });
});

describe("Omzet (trx-revenue)", () => {
  it("gives revenue incl. and excl. VAT, the VAT and the discounts against the week before", async () => {
    const body = await report("trx-revenue", WEEK_43);
    expect(kpi(body, "revenue")).toEqual({ value: 14_399, previous: 6_413 });
    expect(kpi(body, "revenue_ex_vat")).toEqual({ value: 11_900, previous: 5_300 });
    expect(kpi(body, "vat")).toEqual({ value: 2_499, previous: 1_113 });
    expect(kpi(body, "discounts")).toEqual({ value: 121, previous: 0 });
    expect(kpi(body, "discount_rate")).toEqual({ value: 121 / 14_520, previous: 0 });
  });

  it("splits revenue by site and by item, with the previous week and the change", async () => {
    const body = await report("trx-revenue", WEEK_43);
    const bySite = table(body, "by_site");
    expect(column(bySite, "site", "revenue")).toEqual([
      ["Utrecht Centrum", 7_260],
      ["Zeist", 7_139],
      ["Houten", 0],
    ]);
    expect(column(bySite, "site", "revenue_previous")).toEqual([
      ["Utrecht Centrum", 2_420],
      ["Zeist", 3_993],
      ["Houten", 0],
    ]);
    expect(bySite.rows[0].revenue_change).toBeCloseTo(7_260 / 2_420 - 1, 9);
    expect(bySite.totals).toMatchObject({
      revenue: 14_399,
      revenue_ex_vat: 11_900,
      vat: 2_499,
      discounts: 121,
    });

    const byItem = table(body, "by_item");
    expect(
      byItem.rows.map((row) => [row.item, row.revenue, row.revenue_ex_vat, row.vat, row.discounts]),
    ).toEqual([
      ["Basis", 7_139, 5_900, 1_239, 121],
      ["Premium", 3_630, 3_000, 630, 0],
      ["Onbeperkt wassen", 2_420, 2_000, 420, 0],
      ["Velgenreiniging", 726, 600, 126, 0],
      ["Hotwax", 484, 400, 84, 0],
    ]);
    expect(column(byItem, "item", "revenue_previous")).toEqual([
      ["Basis", 2_420],
      ["Premium", 3_630],
      ["Onbeperkt wassen", 0],
      ["Velgenreiniging", 363],
      ["Hotwax", 0],
    ]);
    // The lines add up to the transactions.
    expect(byItem.totals).toMatchObject({ revenue: 14_399, vat: 2_499, discounts: 121 });
  });

  it("draws revenue per day with the week before beside it", async () => {
    const days = series(await report("trx-revenue", WEEK_43), "revenue").points;
    // Sunday: C4 2299 + C5 1089 + C6 1573 + C7 2420; the Sunday before: P3 1210.
    expect(days.at(-1)).toMatchObject({ x: "2026-10-25", value: 7_381, previous: 1_210 });
  });
});

describe("Programmakeuze — verkoop (trx-items)", () => {
  it("gives programmes sold, their average price, extras per wash and subscriptions", async () => {
    const body = await report("trx-items", WEEK_43);
    expect(kpi(body, "programmes")).toEqual({ value: 8, previous: 4 });
    expect(kpi(body, "programme_price")).toEqual({ value: 10_769 / 8, previous: 6_050 / 4 });
    expect(kpi(body, "extras_per_wash")).toEqual({ value: 3 / 8, previous: 1 / 4 });
    expect(kpi(body, "subscriptions")).toEqual({ value: 1, previous: 0 });
  });

  it("gives each item its quantity, shares within its kind, average price and change", async () => {
    const body = await report("trx-items", WEEK_43);
    const programmes = table(body, "programmes");
    expect(
      programmes.rows.map((r) => [
        r.item,
        r.quantity,
        r.quantity_share,
        r.revenue,
        r.revenue_share,
        r.quantity_change,
      ]),
    ).toEqual([
      ["Basis", 6, 0.75, 7_139, 7_139 / 10_769, 2],
      ["Premium", 2, 0.25, 3_630, 3_630 / 10_769, 0],
    ]);
    // C5's discount lowers Basis's average below its price of 1210.
    expect(programmes.rows[0].average_price).toBeCloseTo(7_139 / 6, 9);
    expect(programmes.totals).toMatchObject({ quantity: 8, quantity_share: 1, revenue: 10_769 });

    const extras = table(body, "extras");
    expect(extras.rows.map((r) => [r.item, r.quantity, r.quantity_share, r.quantity_change])).toEqual([
      ["Velgenreiniging", 2, 2 / 3, 1],
      ["Hotwax", 1, 1 / 3, null],
    ]);
    expect(table(body, "subscriptions").rows.map((r) => [r.item, r.quantity, r.revenue])).toEqual([
      ["Onbeperkt wassen", 1, 2_420],
    ]);
  });

  it("draws the programme mix per day, one series per programme", async () => {
    const body = await report("trx-items", WEEK_43);
    const values = (key: string) => series(body, key).points.map((p) => p.value);
    expect(values("programme:basis")).toEqual([1, 0, 1, 0, 0, 2, 2]);
    expect(values("programme:premium")).toEqual([0, 1, 0, 0, 0, 0, 1]);
  });
});
