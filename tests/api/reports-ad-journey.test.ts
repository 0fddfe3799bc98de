import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableRow } from "../../src/shared/reports/envelope.ts";
import {
  ACQUISITION_NOW,
  ACQUISITION_PERIOD,
  extendWithAcquisition,
} from "./fixtures/acquisition-fixture.ts";
import { reportReader } from "./fixtures/customers-fixture.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// The ad screens with the platform's figures and Wasbord's side by side, on the ACQUISITIE fixture
// (tests/api/fixtures/acquisition-fixture.ts), period 10–30 August 2026, no comparison. Worked by hand:
//
// Google Ads, ad-level rows (the keyword rows of 10 Aug repeat those clicks and count on keywords only):
//   Zoeken - Wasstraat: 10 Aug 1000 impr / 50 clicks / € 25 / 3 conv / € 40 value + 27 Aug 1000 / 30 / € 15 /
//   1 / € 10 → 2000 impr, 80 clicks, € 40 spend, 4 platform conversions, € 50 value.
//   CTR 80 ÷ 2000 = 4 %; CPC € 40 ÷ 80 = € 0,50; CPM € 40 × 1000 ÷ 2000 = € 20; platform ROAS 50 ÷ 40 = 1,25.
//   Display - Remarketing: 5000 impr, 10 clicks, € 10, no session names it: "niet gekoppeld", 10 ÷ 50 of spend.
// Wasbord, Zoeken - Wasstraat: sessions 1001, 1002, 1006 and 1003 (Direct, inherits the campaign) = 4;
//   landing rate 4 ÷ 80 = 5 %; our conversions 1 (€ 10 excl. VAT), CPA € 40 ÷ 1; redemptions 3 (€ 8 each excl.
//   VAT) → revenue € 34, our ROAS 34 ÷ 40 = 0,85; acquired 2 → € 20 each; 90-day value € 18 (NW001A; LT003C is
//   maturing); cannibalisation 1 of 3.
// Keywords of Zoeken - Wasstraat / Utrecht: wasstraat utrecht (phrase, QS 8, 1000 impr), auto wassen (broad,
//   QS 5, 3000 impr) → rolled up (8 × 1000 + 5 × 3000) ÷ 4000 = 5,75; never summed. Neither contains
//   "wasbord": both non-brand, with the 4 sessions (utm_term "wasstraat utrecht") and 1 of 3 cannibalised.
// Facebook, Najaarsactie / Utrecht 25-55 / Video on 11 Aug: 4000 impr, reach 2500 → frequency 1,6; 40 clicks,
//   € 40 → CTR 1 %, CPC € 1, CPM € 10; 2 platform conversions beside 0 of ours; 1 session (landing 2,5 %).
//   Session 1007 names campaign "Zomer test", which no ad row has: a session without an ad row.

let server: ReportsServer;
const { report, kpi, table } = reportReader(() => server);
const PERIOD = `${ACQUISITION_PERIOD}&compare=none`;

beforeAll(async () => {
  server = await startReportsServer({ extend: [extendWithAcquisition], now: ACQUISITION_NOW });
}, 120_000);
afterAll(() => server?.stop());

const rowWhere = (rows: TableRow[], key: string, value: string) => {
  const found = rows.find((row) => row[key] === value);
  if (!found) throw new Error(`no row ${key} = ${value}`);
  return found;
};

describe("Ad screens with what Wasbord saw", () => {
  it("puts the platform's figures and ours side by side per campaign", async () => {
    const body = await report("google-ads/campaigns", PERIOD);
    const search = rowWhere(table(body, "by_campaign").rows, "campaign", "Zoeken - Wasstraat");
    expect(search).toMatchObject({
      impressions: 2000,
      clicks: 80,
      ctr: 0.04,
      cpc: 50,
      cpm: 2000,
      spend: 4000,
      platform_conversions: 4,
      conversion_value: 5000,
      roas: 1.25,
      sessions: 4,
      landing_rate: 0.05,
      our_conversions: 1,
      our_cpa: 4000,
      our_revenue: 3400,
      our_roas: 0.85,
      redemptions: 3,
      acquired: 2,
      cost_per_acquired: 2000,
      value_90d: 1800,
    });
    expect(search.cannibalisation).toBeCloseTo(1 / 3, 10);
    expect(kpi(body, "sessions").value).toBe(4);
    expect(kpi(body, "cost_per_acquired").value).toBe(2500); // € 50 of both campaigns ÷ 2
  });

  it("shows spend that no session matches as 'niet gekoppeld'", async () => {
    const body = await report("google-ads", PERIOD);
    const health = table(body, "join_health").rows;
    expect(rowWhere(health, "kind", "Niet gekoppeld: kosten zonder sessies")).toMatchObject({
      names: 1,
      examples: "Display - Remarketing",
      spend: 1000,
      spend_share: 0.2,
      sessions: 0,
    });
    expect(rowWhere(health, "kind", "Gekoppeld")).toMatchObject({ names: 1, spend: 4000, sessions: 4 });
    expect(rowWhere(health, "kind", "Sessies zonder advertentie")).toMatchObject({ names: 0, sessions: 0 });
  });

  it("shows sessions that no ad row matches", async () => {
    const body = await report("facebook", PERIOD);
    const health = table(body, "join_health").rows;
    expect(rowWhere(health, "kind", "Sessies zonder advertentie")).toMatchObject({
      names: 1,
      examples: "zomer test",
      sessions: 1,
    });
    expect(rowWhere(health, "kind", "Gekoppeld")).toMatchObject({ names: 1, spend: 4000, sessions: 1 });
    // The platform's total counts every Facebook session, linked or not.
    expect(kpi(body, "sessions").value).toBe(2);
  });

  it("splits brand from non-brand keywords with the cannibalisation rate", async () => {
    const body = await report("google-ads", PERIOD);
    const [brand, generic] = table(body, "by_brand").rows;
    expect(brand).toMatchObject({ kind: "Merk", clicks: 0, spend: 0, sessions: 0, cannibalisation: null });
    expect(generic).toMatchObject({ kind: "Niet-merk", clicks: 50, spend: 2500, sessions: 4, acquired: 2 });
    expect(generic.cannibalisation).toBeCloseTo(1 / 3, 10);
  });

  it("rolls a keyword's quality score up by impressions, never summing it", async () => {
    const body = await report("google-ads/keywords", `${PERIOD}&campaign=Zoeken - Wasstraat`);
    const keywords = table(body, "by_keyword");
    expect(keywords.rows.map((row) => [row.keyword, row.quality_score])).toEqual([
      ["wasstraat utrecht", 8],
      ["auto wassen", 5],
    ]);
    expect(keywords.totals?.quality_score).toBe(5.75);
    expect(rowWhere(keywords.rows, "keyword", "wasstraat utrecht").sessions).toBe(4);
  });

  it("drills Facebook down to the ad, with frequency on one ad's day and both kinds of conversions", async () => {
    const body = await report("facebook/ads", `${PERIOD}&campaign=Najaarsactie&ad_group=Utrecht 25-55`);
    const [video] = table(body, "by_ad").rows;
    // Over the period no reach (it does not add up over days); on 11 Aug the platform's own.
    const day = await report("facebook/ads", "from=2026-08-11&to=2026-08-11&compare=none&ad=Video");
    expect(table(day, "by_ad").rows[0]).toMatchObject({ ad: "Video", reach: 2500, frequency: 1.6 });
    expect(video).toMatchObject({
      ad: "Video",
      impressions: 4000,
      reach: null,
      frequency: null,
      clicks: 40,
      ctr: 0.01,
      cpc: 100,
      cpm: 1000,
      platform_conversions: 2,
      our_conversions: 0,
      our_cpa: null,
      sessions: 1,
      landing_rate: 0.025,
    });
  });

  it("refuses a drill-down value that does not exist, and hours on daily data", async () => {
    const missing = await server.get(`/api/reports/facebook/adsets?${PERIOD}&campaign=Bestaat niet`);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: { fields: [{ path: "campaign" }] } });
    const hours = await server.get(`/api/reports/google-ads?${ACQUISITION_PERIOD}&granularity=hour`);
    expect(hours.status).toBe(422);
    expect(hours.body).toMatchObject({ error: { fields: [{ path: "granularity" }] } });
  });
});
