import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AdStatRow } from "../../../shared/ad-stats";
import { parseAdExport } from "./parse-ad-export";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/ads/${name}`, import.meta.url), "utf8");

type Summed = "impressions" | "clicks" | "spendCents" | "conversions" | "conversionValueCents";
const totals = (rows: AdStatRow[]) => {
  const sum = (field: Summed) => Math.round(rows.reduce((total, row) => total + row[field], 0) * 1e6) / 1e6;
  return {
    impressions: sum("impressions"),
    clicks: sum("clicks"),
    spendCents: sum("spendCents"),
    conversions: sum("conversions"),
    conversionValueCents: sum("conversionValueCents"),
  };
};
const empty = {
  adGroup: null,
  ad: null,
  keyword: null,
  matchType: null,
  qualityScore: null,
  affiliate: null,
  reach: null,
};

// Expected values below are added up by hand from the fixture files.
describe("parseAdExport on the fixtures", () => {
  it("Google Ads campaign report (English, title and total lines)", () => {
    const result = parseAdExport(fixture("google-ads-campaign-en.csv"), { account: "123-456-7890" });
    expect(result).toMatchObject({
      platform: "google_ads",
      format: "google_ads.campaign",
      rowsRead: 5,
      errors: [],
    });
    expect(result.rows).toHaveLength(5);
    expect(result.rows[0]).toEqual({
      ...empty,
      platform: "google_ads",
      account: "123-456-7890",
      date: "2026-11-01",
      campaign: "Wasstraat Utrecht - Search",
      impressions: 1204,
      clicks: 87,
      spendCents: 6435,
      conversions: 4,
      conversionValueCents: 5980,
    });
    expect(result.rows[2].spendCents).toBe(107120);
    expect(result.rows[4].campaign).toBe('Winteractie "Zoutvrij"');
    // The same totals as the export's own "Total: Account" line: 3,889 · 281 · 1,177.65 · 17.50 · 261.70.
    expect(totals(result.rows)).toEqual({
      impressions: 3889,
      clicks: 281,
      spendCents: 117765,
      conversions: 17.5,
      conversionValueCents: 26170,
    });
  });

  it("Google Ads keyword report (Dutch, semicolons, decimal comma, BOM, CRLF)", () => {
    const result = parseAdExport(fixture("google-ads-keyword-nl.csv"));
    expect(result).toMatchObject({
      platform: "google_ads",
      format: "google_ads.keyword",
      rowsRead: 4,
      errors: [],
    });
    expect(
      result.rows.map((r) => [
        r.account,
        r.date,
        r.adGroup,
        r.keyword,
        r.matchType,
        r.qualityScore,
        r.impressions,
      ]),
    ).toEqual([
      ["123-456-7890", "2026-11-01", "Autowassen", "autowassen utrecht", "exact", 8, 412],
      ["123-456-7890", "2026-11-01", "Autowassen", "wasstraat", "phrase", 6, 1090],
      ["123-456-7890", "2026-11-02", "Autowassen", "autowassen utrecht", "exact", 8, 398],
      ["123-456-7890", "2026-11-02", "Wasabonnement", "wasabonnement; onbeperkt", "broad", null, 2315],
    ]);
    expect(result.rows[3].spendCents).toBe(120456);
    // The export's "Totaal: account" line: 4.215 · 121 · 1.288,79 · 4,50 · 67,28.
    expect(totals(result.rows)).toEqual({
      impressions: 4215,
      clicks: 121,
      spendCents: 128879,
      conversions: 4.5,
      conversionValueCents: 6728,
    });
  });

  it("Meta ad set export (Dutch, one reporting day per line)", () => {
    const result = parseAdExport(fixture("meta-adset-nl.csv"), { account: "act_1234567890" });
    expect(result).toMatchObject({ platform: "facebook", format: "facebook.adset", rowsRead: 4, errors: [] });
    expect(result.rows.map((r) => [r.date, r.adGroup, r.reach])).toEqual([
      ["2026-11-01", "Utrecht 25-55", 4210],
      ["2026-11-01", "Retargeting bezoekers", 1288],
      ["2026-11-02", "Utrecht 25-55", 3977],
      ["2026-11-02", "Retargeting bezoekers", 1310],
    ]);
    expect(result.rows[2]).toMatchObject({
      conversions: 0,
      conversionValueCents: 0,
      account: "act_1234567890",
    });
    expect(result.rows.reduce((total, r) => total + (r.reach ?? 0), 0)).toBe(10785);
    expect(totals(result.rows)).toEqual({
      impressions: 17431,
      clicks: 245,
      spendCents: 12878,
      conversions: 6,
      conversionValueCents: 8970,
    });
  });

  it("Meta ad export (English, tab-separated, by day): same-named ads on one day add up", () => {
    const result = parseAdExport(fixture("meta-ad-en.csv"));
    expect(result).toMatchObject({ platform: "facebook", format: "facebook.ad", rowsRead: 5, errors: [] });
    expect(result.rows).toHaveLength(4);
    expect(result.rows[1]).toEqual({
      ...empty,
      platform: "facebook",
      account: "Wasbord NL",
      date: "2026-11-01",
      campaign: "Winteractie 2026",
      adGroup: "Utrecht 25-55",
      ad: "Carrousel prijzen",
      // Two ads' reach (1105 + 402) would count people reached by both twice: no reach for the sum.
      reach: null,
      impressions: 2145,
      clicks: 28,
      spendCents: 1495,
      conversions: 1,
      conversionValueCents: 1495,
    });
    expect(result.rows[3]).toMatchObject({ adGroup: "Retargeting", reach: 1204, impressions: 1875 });
    expect(totals(result.rows)).toEqual({
      impressions: 10372,
      clicks: 156,
      spendCents: 7900,
      conversions: 7,
      conversionValueCents: 10465,
    });
  });

  it("Marktplaats Admarkt export (Dutch, euro amounts)", () => {
    const result = parseAdExport(fixture("marktplaats-nl.csv"), { account: "Wasbord Admarkt" });
    expect(result).toMatchObject({
      platform: "marktplaats",
      format: "marktplaats.ad",
      rowsRead: 4,
      errors: [],
    });
    expect(result.rows.map((r) => [r.date, r.ad, r.impressions, r.clicks, r.spendCents])).toEqual([
      ["2026-11-01", "Onbeperkt wassen vanaf € 24,95 p/m", 1845, 63, 945],
      ["2026-11-01", "Wasbeurt + velgen", 920, 28, 420],
      ["2026-11-02", "Onbeperkt wassen vanaf € 24,95 p/m", 2003, 71, 1065],
      ["2026-11-02", "Wasbeurt + velgen", 1012, 30, 450],
    ]);
    expect(totals(result.rows)).toEqual({
      impressions: 5780,
      clicks: 192,
      spendCents: 2880,
      conversions: 0,
      conversionValueCents: 0,
    });
  });

  it("Daisycon transactions: added up per publisher and day, the rejected one left out", () => {
    const result = parseAdExport(fixture("daisycon-transactions.csv"), { account: "Wasbord" });
    expect(result).toMatchObject({
      platform: "affiliate",
      format: "affiliate.daisycon.transactions",
      rowsRead: 5,
      errors: [],
    });
    expect(
      result.rows.map((r) => [r.date, r.affiliate, r.conversions, r.spendCents, r.conversionValueCents]),
    ).toEqual([
      ["2026-11-03", "Kortingscode.nl", 2, 650, 6490],
      ["2026-11-03", "Autoblog Deals", 1, 250, 2495],
      ["2026-11-04", "Autoblog Deals", 1, 600, 5995],
    ]);
    expect(totals(result.rows)).toEqual({
      impressions: 0,
      clicks: 0,
      spendCents: 1500,
      conversions: 4,
      conversionValueCents: 14980,
    });
  });

  it("TradeTracker statistics: leads and sales together are the conversions", () => {
    const result = parseAdExport(fixture("tradetracker-statistics.csv"), { account: "Wasbord" });
    expect(result).toMatchObject({
      platform: "affiliate",
      format: "affiliate.tradetracker.statistics",
      rowsRead: 4,
      errors: [],
    });
    expect(result.rows.map((r) => [r.affiliate, r.clicks, r.conversions, r.spendCents])).toEqual([
      ["Autokortingen.nl", 84, 5, 900],
      ["Wasdeals.nl", 25, 1, 150],
      ["Autokortingen.nl", 77, 3, 525],
      ["Wasdeals.nl", 0, 0, 0],
    ]);
    expect(totals(result.rows)).toEqual({
      impressions: 3535,
      clicks: 186,
      spendCents: 1575,
      conversions: 9,
      conversionValueCents: 15480,
    });
  });

  it("a broken file reports the line and field of each bad value and keeps the good lines", () => {
    const result = parseAdExport(fixture("google-ads-broken.csv"), { account: "123-456-7890" });
    expect(result.rowsRead).toBe(4);
    expect(result.rows.map((r) => r.date)).toEqual(["2026-11-01", "2026-11-04"]);
    expect(result.errors).toEqual([
      {
        row: 3,
        field: "date",
        message: 'Kolom "Day": "2026-13-02" is geen geldige datum (bijvoorbeeld 21-11-2026 of 2026-11-21)',
      },
      { row: 4, field: "clicks", message: 'Kolom "Clicks": "veel" is geen getal' },
    ]);
  });
});

describe("parseAdExport on unexpected input", () => {
  it("names the expected columns when it recognises no header", () => {
    const result = parseAdExport("\n\nNaam,Leeftijd\nPiet,42\n");
    expect(result).toMatchObject({ platform: null, format: "unknown", rowsRead: 0, rows: [] });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ row: 3, field: "header" });
    expect(result.errors[0].message).toContain("Google Ads: Day/Dag, Campaign/Campagne, Impr./Vertoningen");
    expect(result.errors[0].message).toContain("Meta Ads: Day/Dag of Reporting starts/Begin rapportage");
    expect(result.errors[0].message).toContain("Daisycon");
  });

  it("only considers the hinted platform", () => {
    const result = parseAdExport(fixture("google-ads-broken.csv"), { platform: "facebook", account: "x" });
    expect(result.format).toBe("unknown");
    expect(result.platform).toBe("facebook");
    expect(result.errors[0].message).toContain("Meta Ads");
    expect(result.errors[0].message).not.toContain("Google Ads");
  });

  it("asks for an account when the file has no account column and no account is given", () => {
    const result = parseAdExport(fixture("marktplaats-nl.csv"));
    expect(result.rows).toEqual([]);
    expect(result.rowsRead).toBe(4);
    expect(result.errors).toEqual([
      {
        row: 1,
        field: "account",
        message: "Geen account: het bestand heeft geen accountkolom en er is geen account opgegeven.",
      },
    ]);
  });

  it("takes the account from its column over the hint", () => {
    const result = parseAdExport(fixture("google-ads-keyword-nl.csv"), { account: "ander account" });
    expect(new Set(result.rows.map((r) => r.account))).toEqual(new Set(["123-456-7890"]));
  });

  it("refuses a Meta line that covers more than one day", () => {
    const csv = [
      "Reporting starts,Reporting ends,Campaign name,Impressions,Link clicks,Amount spent (EUR)",
      "2026-11-01,2026-11-07,Winteractie 2026,1000,10,5.00",
    ].join("\n");
    const result = parseAdExport(csv, { account: "act_1" });
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 2,
        field: "date",
        message:
          'Kolom "Reporting starts": het rapport beslaat 2026-11-01 t/m 2026-11-07; exporteer het per dag',
      },
    ]);
  });

  it("refuses amounts in another currency than euros", () => {
    const csv = ["Day,Campaign,Currency code,Impr.,Clicks,Cost", "2026-11-01,Brand,USD,10,1,2.00"].join("\n");
    const result = parseAdExport(csv, { account: "1" });
    expect(result.errors).toEqual([
      {
        row: 2,
        field: "currency",
        message: 'Kolom "Currency code": valuta "USD" wordt niet ondersteund, alleen EUR',
      },
    ]);
  });

  it("reports an empty campaign, a fractional click count, a negative cost and an unknown match type", () => {
    const csv = [
      "Day,Campaign,Keyword,Match type,Quality Score,Impr.,Clicks,Cost",
      "2026-11-01,,wassen,Exact,7,10,1,2.00",
      "2026-11-01,Brand,wassen,Exact,7,10,1.5,2.00",
      "2026-11-01,Brand,wassen,Exact,7,10,1,-2.00",
      "2026-11-01,Brand,wassen,Fuzzy,11,10,1,2.00",
    ].join("\n");
    const result = parseAdExport(csv, { account: "1" });
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { row: 2, field: "campaign", message: 'Kolom "Campaign": is leeg' },
      { row: 3, field: "clicks", message: 'Kolom "Clicks": "1.5" is geen geheel getal' },
      { row: 4, field: "spendCents", message: 'Kolom "Cost": "-2.00" mag niet negatief zijn' },
      {
        row: 5,
        field: "matchType",
        message: 'Kolom "Match type": zoektype "Fuzzy" is onbekend (verwacht exact, woordgroep of breed)',
      },
      {
        row: 5,
        field: "qualityScore",
        message: 'Kolom "Quality Score": kwaliteitsscore "11" moet een geheel getal van 1 tot en met 10 zijn',
      },
    ]);
  });

  it("reports an empty date once, as empty", () => {
    const result = parseAdExport("Day,Campaign,Impr.,Clicks,Cost\n--,Brand,10,1,2.00\n", { account: "1" });
    expect(result.errors).toEqual([{ row: 2, field: "date", message: 'Kolom "Day": is leeg' }]);
  });

  it("reads an amount like 1.250 by the decimal separator the rest of the file uses", () => {
    const dutch =
      "Dag;Campagne;Vertoningen;Klikken;Kosten\n1-11-2026;A;1.250;3;12,50\n2-11-2026;A;10;1;1.250\n";
    expect(parseAdExport(dutch, { account: "1" }).rows.map((r) => [r.impressions, r.spendCents])).toEqual([
      [1250, 1250],
      [10, 125000],
    ]);
    const english = 'Day,Campaign,Impr.,Clicks,Cost,Conversions\n2026-11-01,A,"1,250",3,12.30,1.500\n';
    expect(parseAdExport(english, { account: "1" }).rows[0]).toMatchObject({
      impressions: 1250,
      spendCents: 1230,
      conversions: 1.5,
    });
  });

  it("tells the Google ad group and ad reports apart by their columns", () => {
    const adGroup = parseAdExport("Day,Campaign,Ad group,Impr.,Clicks,Cost\n2026-11-01,A,B,1,0,0", {
      account: "1",
    });
    const ad = parseAdExport("Dag;Campagne;Advertentiegroep;Advertentie;Vertoningen;Klikken;Kosten\n", {
      account: "1",
    });
    expect(adGroup.format).toBe("google_ads.ad_group");
    expect(ad.format).toBe("google_ads.ad");
  });
});
