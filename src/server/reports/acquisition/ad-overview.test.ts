import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";
import type { Database } from "../../db/database.ts";
import { runReport } from "../define-report.ts";
import { parseReportFilters } from "../filters.ts";
import { adReports } from "./ad-report.ts";

// Facebook › Overzicht and Google Ads › Overzicht: the campaigns summed per type (the name before " - ") and
// the campaigns whose spend moved most. Period: week 43 (19–25 Oct 2026), compared with week 42 (12–18 Oct).
// Facebook's rows (impressions, clicks, spend in cents, platform conversions, conversion value in cents):
//
// campaign              type         week 43                          week 42
// Verkeer - Voorjaar    Verkeer      20 Oct 1000 40 2000 2   6000     14 Oct 500  20 1000 1   2000
// Verkeer - Winter      Verkeer      21 Oct 2000 50 3000 1.5 4500     –
// Bereik - Merkvideo    Bereik       22 Oct 4000 10  500 0   0        15 Oct 3000 30 4500 0.5 500
// Bereik - Klein        Bereik       22 Oct  100  1  100 0   0        –
// Bereik - Kleiner      Bereik       –                                16 Oct   50  1   50 0   0
// Najaar                Zonder type  23 Oct  100  5 1000 0   0        16 Oct  100  5 1000 0   0
// Zomer - Oud           Zomer        –                                17 Oct   70  7  700 0   0
// (and a Google Ads campaign on 20 Oct, € 99,99, which no Facebook figure may include)
//
// Week 43: spend 2000 + 3000 + 500 + 100 + 1000 = 6600 over 5 campaigns; week 42: 1000 + 4500 + 50 + 1000 +
// 700 = 7250. Per type, week 43:
//   Verkeer: 2 campaigns, spend 5000 (5000 ÷ 6600 of all), impressions 3000, clicks 90 → CTR 3 %, CPC
//     5000 ÷ 90; conversions 3.5, value 10500 → ROAS 2.1; week 42 spend 1000 → +400 %.
//   Zonder type: 1, spend 1000, week 42 1000 → 0 %.
//   Bereik: 2 (Merkvideo, Klein), spend 600, clicks 11, ROAS 0 ÷ 600 = 0; week 42 4500 + 50 = 4550.
//   Zomer: no campaign this week, spend 0; week 42 700 → −100 %.
// Website sessions (channel Facebook, utm_campaign): "verkeer - voorjaar" 20 Oct with a conversion (names
// match without regard to case), "Verkeer - Winter" 21 Oct without; "Verkeer - Voorjaar" 14 and 15 Oct, each
// with a conversion. Verkeer this week: 2 sessions, 1 conversion of ours.
// Movers, by how far the spend moved (now − then): Merkvideo −4000, Winter +3000 (new: no relative change),
//   Voorjaar +1000 (our conversions 1 against 2: −50 %), Zomer − Oud −700 (stopped), Klein +100; Kleiner −50
//   is the sixth and falls off; Najaar did not move. All campaigns together: 6600 − 7250 = −650.

const WEEK_43 = { from: "2026-10-19", to: "2026-10-25" };
const NOW = new Date("2026-11-21T12:00:00Z");

let db: Database;

async function adRow(platform: string, date: string, campaign: string, figures: number[], keyword?: string) {
  const [impressions, clicks, spend_cents, conversions, conversion_value_cents] = figures;
  const row = { platform, date, campaign, keyword: keyword ?? null, ad: keyword ? null : "Ad" };
  await db.run(
    `INSERT INTO ad_stats_daily (key_sha256, platform, account, stat_date, campaign, ad_group, ad, keyword,
       impressions, clicks, spend_cents, conversions, conversion_value_cents)
     VALUES ($key, $platform, 'test', $date, $campaign, 'Groep', $ad, $keyword, $impressions, $clicks, $spend,
       $conversions, $value)`,
    {
      key: createHash("sha256").update(JSON.stringify(row)).digest("hex"),
      ...row,
      impressions,
      clicks,
      spend: spend_cents,
      conversions,
      value: conversion_value_cents,
    },
  );
}

async function session(id: number, at: string, campaign: string, converted: boolean) {
  await db.run(
    `INSERT INTO web_sessions (id, visitor_id, hostname, started_at, ended_at, landing_path, exit_path, channel,
       device, utm_campaign) VALUES ($1, 'v', 'www.wasbord.nl', $2, $2, '/', '/', 'Facebook', 'mobile', $3)`,
    [id, at, campaign],
  );
  if (!converted) return;
  await db.run(
    `INSERT INTO web_events (session_id, visitor_id, occurred_at, kind, path, revenue_cents)
     VALUES ($1, 'v', $2::TIMESTAMPTZ + INTERVAL 1 MINUTE, 'conversion', '/bedankt', 1210)`,
    [id, at],
  );
}

beforeEach(async () => {
  db = await migratedDatabase();
  const facebook: [string, string, number[]][] = [
    ["2026-10-20", "Verkeer - Voorjaar", [1000, 40, 2000, 2, 6000]],
    ["2026-10-14", "Verkeer - Voorjaar", [500, 20, 1000, 1, 2000]],
    ["2026-10-21", "Verkeer - Winter", [2000, 50, 3000, 1.5, 4500]],
    ["2026-10-22", "Bereik - Merkvideo", [4000, 10, 500, 0, 0]],
    ["2026-10-15", "Bereik - Merkvideo", [3000, 30, 4500, 0.5, 500]],
    ["2026-10-22", "Bereik - Klein", [100, 1, 100, 0, 0]],
    ["2026-10-16", "Bereik - Kleiner", [50, 1, 50, 0, 0]],
    ["2026-10-23", "Najaar", [100, 5, 1000, 0, 0]],
    ["2026-10-16", "Najaar", [100, 5, 1000, 0, 0]],
    ["2026-10-17", "Zomer - Oud", [70, 7, 700, 0, 0]],
  ];
  for (const [date, campaign, figures] of facebook) await adRow("facebook", date, campaign, figures);
  await adRow("google_ads", "2026-10-20", "Zoeken - Merk", [1000, 100, 9999, 4, 12000]);
  await session(1, "2026-10-20T10:00:00Z", "verkeer - voorjaar", true);
  await session(2, "2026-10-21T10:00:00Z", "Verkeer - Winter", false);
  await session(3, "2026-10-14T10:00:00Z", "Verkeer - Voorjaar", true);
  await session(4, "2026-10-15T10:00:00Z", "Verkeer - Voorjaar", true);
});
afterEach(() => db.close());

async function overview(id: "facebook" | "google-ads", query: Record<string, string> = {}) {
  const module = adReports[id];
  const filters = await parseReportFilters({ ...WEEK_43, ...query }, db, NOW, module.entry);
  return runReport(module, db, filters);
}

const tableOf = (envelope: ReportEnvelope, key: string) => {
  const table = envelope.tables.find((t) => t.key === key);
  if (!table) throw new Error(`no table ${key}`);
  return table;
};

describe("a platform's overview", () => {
  it("shows the campaigns per type, not the campaign list of the level below", async () => {
    const body = await overview("facebook");
    expect(body.tables.map((t) => t.key)).toEqual(["by_campaign_type", "movers", "join_health"]);
    const types = tableOf(body, "by_campaign_type");
    const row = (type: string) => types.rows.find((r) => r.campaign_type === type);
    expect(types.rows.map((r) => [r.campaign_type, r.campaigns, r.spend, r.spend_previous])).toEqual([
      ["Verkeer", 2, 5000, 1000],
      ["Zonder type", 1, 1000, 1000],
      ["Bereik", 2, 600, 4550],
      ["Zomer", 0, 0, 700],
    ]);
    expect(row("Verkeer")).toMatchObject({
      impressions: 3000,
      clicks: 90,
      ctr: 0.03,
      platform_conversions: 3.5,
      roas: 2.1,
      spend_change: 4,
      sessions: 2,
      our_conversions: 1,
    });
    expect(row("Verkeer")?.spend_share).toBeCloseTo(5000 / 6600, 12);
    expect(row("Verkeer")?.cpc).toBeCloseTo(5000 / 90, 12);
    expect(row("Zonder type")?.spend_change).toBe(0);
    expect(row("Bereik")).toMatchObject({ clicks: 11, roas: 0 });
    expect(row("Bereik")?.spend_change).toBeCloseTo((600 - 4550) / 4550, 12);
    expect(row("Zomer")?.spend_change).toBe(-1);
    expect(types.totals).toMatchObject({
      campaign_type: "Totaal",
      campaigns: 5,
      spend: 6600,
      spend_share: 1,
    });
    expect(types.totals?.spend_previous).toBe(7250);
  });

  it("lists the five campaigns whose spend moved most, either way, with how far", async () => {
    const movers = tableOf(await overview("facebook"), "movers");
    expect(
      movers.rows.map((r) => [r.campaign, r.campaign_type, r.spend, r.spend_previous, r.spend_shift]),
    ).toEqual([
      ["Bereik - Merkvideo", "Bereik", 500, 4500, -4000],
      ["Verkeer - Winter", "Verkeer", 3000, 0, 3000],
      ["Verkeer - Voorjaar", "Verkeer", 2000, 1000, 1000],
      ["Zomer - Oud", "Zomer", 0, 700, -700],
      ["Bereik - Klein", "Bereik", 100, 0, 100],
    ]);
    const [merkvideo, winter, voorjaar] = movers.rows;
    expect(merkvideo.spend_change).toBeCloseTo(-4000 / 4500, 12);
    expect(winter.spend_change).toBeNull();
    expect(voorjaar).toMatchObject({ our_conversions: 1, our_conversions_change: -0.5 });
    expect(voorjaar.platform_conversions_change).toBe(1);
    expect(movers.totals).toMatchObject({
      campaign: "Alle campagnes",
      spend: 6600,
      spend_previous: 7250,
      spend_shift: -650,
    });
    // the move in euros sits beside the spend and its comparison, and leads to the campaign's ad sets
    const keys = movers.columns.map((c) => c.key);
    expect(keys.slice(0, 6)).toEqual([
      "campaign",
      "campaign_type",
      "spend",
      "spend_previous",
      "spend_shift",
      "spend_change",
    ]);
    expect(movers.columns[0].link).toEqual({ report: "facebook/adsets", filters: { campaign: "campaign" } });
  });

  it("has no movers without a comparison period, and says why", async () => {
    const movers = tableOf(await overview("facebook", { compare: "none" }), "movers");
    expect(movers.rows).toEqual([]);
    expect(movers.label).toMatch(/kies een vergelijking/);
  });

  it("draws the platform's totals over time, each day's ratio from that day's sums", async () => {
    const body = await overview("facebook");
    expect(body.series.map((s) => s.key)).toEqual(["spend", "platform_conversions", "roas", "clicks", "cpc"]);
    const at = (key: string, day: string) =>
      body.series.find((s) => s.key === key)?.points.find((p) => p.x === day);
    // each day beside the same weekday of week 42: Thursday 22 Oct beside 15 Oct, Wednesday 21 beside 14
    expect(at("spend", "2026-10-22")).toMatchObject({ value: 600, previous: 4500 });
    expect(at("roas", "2026-10-21")).toMatchObject({ value: 4500 / 3000, previous: 2000 / 1000 });
    expect(at("roas", "2026-10-20")).toMatchObject({ value: 6000 / 2000, previous: null });
    expect(at("roas", "2026-10-22")).toMatchObject({ value: 0, previous: 500 / 4500 });
    expect(at("cpc", "2026-10-22")?.value).toBeCloseTo(600 / 11, 12);
  });

  it("types Google Ads' campaigns the same way, and counts its keyword rows' clicks once", async () => {
    await adRow("google_ads", "2026-10-20", "Zoeken - Merk", [600, 60, 3000, 3, 9000], "wasbord");
    await adRow("google_ads", "2026-10-21", "Display - Remarketing", [5000, 10, 1000, 0, 0]);
    const body = await overview("google-ads");
    expect(body.tables.map((t) => t.key)).toEqual(["by_campaign_type", "movers", "by_brand", "join_health"]);
    const types = tableOf(body, "by_campaign_type").rows;
    expect(types.map((r) => [r.campaign_type, r.campaigns, r.spend, r.clicks])).toEqual([
      ["Zoeken", 1, 9999, 100],
      ["Display", 1, 1000, 10],
    ]);
  });
});
