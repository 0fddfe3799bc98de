import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRow } from "../../src/shared/reports/envelope.ts";
import {
  ACQUISITION_NOW,
  ACQUISITION_PERIOD,
  extendWithAcquisition,
} from "./fixtures/acquisition-fixture.ts";
import { reportReader } from "./fixtures/customers-fixture.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// Expected figures worked out by hand from tests/api/fixtures/acquisition-fixture.ts, period Mon 10 – Sun 30
// August 2026, compared with the three weeks before (nothing there). Clock: 24 November 2026, so acquisitions
// up to 25 August (24 Nov − 91 days) have complete 90 days.
//
// Sessions (attributed): Google Ads 1001, 1002, 1006 and 1003 — a Direct session of visitor g1 at 17:00,
// after g1's Google Ads session at 11:00 the same day, inherits Google Ads → 4, none bounced. Facebook 1004
// and 1007 (both bounced) → 2, bounce rate 1. Direct 1005 (nothing earlier that day) → 1, bounced. Total 7.
// Wasbord conversions: one, € 12,10 incl. VAT in session 1003 → Google Ads; 1 of its 4 sessions converts
// (25 %); € 12,10 − round(12,10 × 21 ÷ 121) = € 10,00 excl. VAT.
// Claims: G-NEW (Mon 10), G-OLD (Mon 10), G-LATE (Thu 27), all Google Ads → 3.
// Redemptions: A1 G-NEW Thu 13 by NW001A, never seen → acquired; A2 G-OLD Thu 13 by OL002B, read on
// 1 Sep 2025 → seen before (cannibalised); A5 G-LATE Fri 28 by LT003C, new → acquired. Each € 9,68 incl.,
// € 8,00 excl. VAT. Cannibalisation 1 of 3 redemptions with a plate.
// Revenue excl. VAT, Google Ads: € 10,00 conversion + 3 × € 8,00 redemptions = € 34,00. Organisch zoeken:
//   session 1008 (Tue 18 Aug) buys € 12,10 → € 10,00, a channel without spend.
// Spend (ad-level rows only; the keyword rows repeat Google's 10 August): Google Ads € 25 (10 Aug) + € 15
// (27 Aug) + € 10 Display (12 Aug) = € 50; Facebook € 40 (11 Aug); total € 90.
//   CPA Google Ads € 50 ÷ 1 conversion = € 50; ROAS € 34 ÷ € 50 = 0,68; Facebook € 0 ÷ € 40 = 0;
//   Organisch zoeken has no spend: no ROAS. Total ROAS over the paid channels only: € 34 ÷ € 90 (not the
//   € 44 of all channels ÷ € 90).
//   Cost per acquired customer: Google Ads € 50 ÷ 2 = € 25; total € 90 ÷ 2 = € 45.
// 90 days: NW001A (first visit 13 Aug, matured): € 8,00 (A1) + € 10,00 (A3, 1 Sep) = € 18,00; A4 on 20 Nov
//   is 99 days later and does not count. LT003C (28 Aug) is maturing. 90-day value per customer € 18,00.
//   90-day ROAS: € 18 ÷ spend on days up to 25 Aug (Google Ads € 25 + € 10 = € 35) = 0,5143;
//   total: € 18 ÷ (€ 35 + Facebook € 40) = 0,24.
// Linked spend: "Zoeken - Wasstraat" matches " zoeken - WASSTRAAT " (case-insensitive, trimmed) and
//   "Najaarsactie" matches session 1004; "Display - Remarketing" matches nothing: € 80 of € 90.
// Journey sankey: Google Ads → 3 claims → 2 first washes (NW001A, LT003C) + 1 existing customer; NW001A came
//   back on 1 Sep (a second visit), LT003C not.

let server: ReportsServer;
const { report, kpi, series, table } = reportReader(() => server);

beforeAll(async () => {
  server = await startReportsServer({ extend: [extendWithAcquisition], now: ACQUISITION_NOW });
}, 120_000);
afterAll(() => server?.stop());

const row = (rows: TableRow[], channel: string) => {
  const found = rows.find((r) => r.channel === channel);
  if (!found) throw new Error(`no row for ${channel}`);
  return found;
};

describe("Acquisitie › Overzicht (acquisition)", () => {
  it("attributes sessions, conversions, redemptions and acquired customers per channel", async () => {
    const body = await report("acquisition", `${ACQUISITION_PERIOD}&compare=previous&granularity=week`);
    const rows = table(body, "by_channel").rows;
    const google = row(rows, "Google Ads");
    expect(google).toMatchObject({
      sessions: 4,
      bounce_rate: 0,
      conversions: 1,
      conversion_rate: 0.25,
      our_revenue: 3400,
      claims: 3,
      redemptions: 3,
      acquired: 2,
      spend: 5000,
      cpa: 5000,
      roas_paid: 0.68,
      cost_per_acquired: 2500,
      value_90d: 1800,
      maturing: 1,
      cannibalisation: 1 / 3,
    });
    expect(google.roas_90d).toBeCloseTo(1800 / 3500, 10);
    expect(row(rows, "Facebook")).toMatchObject({
      sessions: 2,
      bounce_rate: 1,
      spend: 4000,
      roas_paid: 0,
      cpa: null,
      acquired: 0,
      cost_per_acquired: null,
    });
    expect(row(rows, "Direct")).toMatchObject({
      sessions: 1,
      bounce_rate: 1,
      conversions: 0,
      roas_paid: null,
    });
    expect(row(rows, "Organisch zoeken")).toMatchObject({
      sessions: 1,
      our_revenue: 1000,
      spend: 0,
      roas_paid: null,
    });
    // Every channel is a row, with or without facts.
    expect(rows.map((r) => r.channel).sort()).toEqual(
      [
        "Affiliates",
        "Direct",
        "Facebook",
        "Google Ads",
        "Marktplaats",
        "Organisch social",
        "Organisch zoeken",
        "Verwijzing",
        "Vouchers",
      ].sort(),
    );
  });

  it("shows spend, cost per acquired customer, 90-day value and linked spend as KPIs", async () => {
    const body = await report("acquisition", `${ACQUISITION_PERIOD}&compare=previous`);
    expect(kpi(body, "spend")).toEqual({ value: 9000, previous: 0 });
    expect(kpi(body, "acquired")).toEqual({ value: 2, previous: 0 });
    expect(kpi(body, "cost_per_acquired")).toEqual({ value: 4500, previous: null });
    expect(kpi(body, "value_90d")).toEqual({ value: 1800, previous: null });
    expect(kpi(body, "roas_90d").value).toBeCloseTo(0.24, 10);
    expect(kpi(body, "roas_paid").value).toBeCloseTo(3400 / 9000, 10);
    expect(kpi(body, "cannibalisation").value).toBeCloseTo(1 / 3, 10);
    expect(kpi(body, "linked_spend").value).toBeCloseTo(8000 / 9000, 10);
  });

  it("shows per platform the spend no session matches and the sessions no ad row matches", async () => {
    // Google Ads: "Display - Remarketing" (€ 10) is named by no session: € 10 of € 50 = 20 %; its 4 sessions
    // all name "Zoeken - Wasstraat", which has ad rows. Facebook: "Najaarsactie" (€ 40) is named by 1004;
    // 1007 names "Zomer test", which no ad row has: 1 of its 2 sessions.
    const body = await report("acquisition", `${ACQUISITION_PERIOD}&compare=none`);
    const unlinked = table(body, "join_health");
    expect(unlinked.rows.map((r) => [r.channel, r.kind, r.spend, r.spend_share, r.sessions])).toEqual([
      ["Google Ads", "Niet gekoppeld", 1000, 0.2, 0],
      ["Facebook", "Niet gekoppeld", 0, 0, 1],
    ]);
    // Together: € 10 of € 90 spend, 1 session.
    expect(unlinked.totals).toMatchObject({ spend: 1000, spend_share: 1000 / 9000, sessions: 1 });
  });

  it("draws sessions per channel and spend against revenue per week", async () => {
    const body = await report("acquisition", `${ACQUISITION_PERIOD}&compare=none&granularity=week`);
    // Weeks 33 (10–16 Aug), 34 (17–23 Aug), 35 (24–30 Aug).
    expect(series(body, "sessions:Google Ads").points.map((p) => [p.x, p.value])).toEqual([
      ["2026-08-10", 3],
      ["2026-08-17", 0],
      ["2026-08-24", 1],
    ]);
    // Spend: 25 + 40 + 10 in week 33, 15 in week 35; revenue: conversion 10 + A1 8 + A2 8, then the organic
    // conversion 10 in week 34, then A5 8.
    expect(series(body, "spend").points.map((p) => p.value)).toEqual([7500, 0, 1500]);
    expect(series(body, "our_revenue").points.map((p) => p.value)).toEqual([2600, 1000, 800]);
  });

  it("follows the claims to first washes and second visits in the journey sankey", async () => {
    const body = await report("acquisition", `${ACQUISITION_PERIOD}&compare=none`);
    const { journey } = body.extra as { journey: { links: { from: string; to: string; value: number }[] } };
    expect(journey.links).toEqual([
      { from: "channel:Google Ads", to: "claimed", value: 3 },
      { from: "claimed", to: "first_wash", value: 2 },
      { from: "claimed", to: "existing", value: 1 },
      { from: "first_wash", to: "second_visit", value: 1 },
    ]);
  });

  it("refuses hours: ad statistics are daily", async () => {
    const response = await server.get(`/api/reports/acquisition?${ACQUISITION_PERIOD}&granularity=hour`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: "validation_failed", fields: [{ path: "granularity" }] },
    });
  });
});
