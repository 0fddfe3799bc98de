import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../src/server/db/database.ts";
import type { ReportEnvelope } from "../../src/shared/reports/envelope.ts";
import { reportReader } from "./fixtures/customers-fixture.ts";
import { type ReportsServer, startReportsServer } from "./fixtures/reports-fixture.ts";

// The ad report at its levels (Facebook, Google Ads, Marktplaats), its drill-down filters and its long
// tables, on the base fixture's ad rows (campaign Najaar, no clicks: facebook 15 Oct € 40 spend / € 40
// value and 25 Oct € 10 / € 50; google_ads 20 Oct € 30 / € 60 and 24 Oct € 20 / € 30) plus these.
// Week 43 = 19–25 October (the period), week 42 = 12–18 October (the comparison).
//
// id  date   platform campaign / group / ad-or-keyword     impr reach clicks spend  conv value
// F1  20 Oct facebook Winteractie / Set A / Ad 1           1000  500   40    2000   2    6000
// F2  21 Oct facebook Winteractie / Set B / Ad 2           2000  800   50    3000   1.5  4500
// F3  21 Oct facebook Winteractie / Set B / Ad 3            500  400   10     500   0       0
// F4  14 Oct facebook Winteractie / Set B / Ad 2 (week 42) 1000  600   20    1500   1    2000
// G1  20 Oct google   Merk / Groep 1 / ad Ad G             1000   –   100    5000   4   12000
// G2  20 Oct google   Merk / Groep 1 / kw wasstraat (exact, QS 8)  600  60  3000  3  9000
// G3  22 Oct google   Merk / Groep 1 / kw wasstraat (exact, QS 6)  200  20  1000  1  3000
// G4  22 Oct google   Merk / Groep 1 / kw autowassen (broad, QS 4) 200  10   500  0     0
// M1…M27 21 Oct marktplaats Auto's / – / Advertentie 01…27: clicks i, spend i × 100 (i = 1…27)
//
// Facebook, week 43: Najaar 25 Oct + F1–F3: impressions 3500, clicks 100, spend 1000+2000+3000+500 = 6500,
//   value 5000+6000+4500 = 15500, conversions 3.5; week 42: Najaar 15 Oct + F4: spend 5500, impressions 1000.
//   Reach adds up over nothing: the KPI is empty; one ad on one day (F2) has reach 800, frequency 2000/800.
// Google Ads, week 43: the ad rows (Najaar 3000 + 2000, G1 5000 = 10000 spend); the keyword rows (G2–G4,
//   4500) repeat the same clicks and count on the keyword level only. Keywords: wasstraat 800 impressions,
//   latest score 6 (22 Oct); autowassen 200, score 4; together (6×800 + 4×200) / 1000 = 5.6.
// Marktplaats: the 25 ads with the most spend (27…03) and a rest row of 01 and 02: clicks 3, spend 300.
//
// Quality score roll-up, week 41 (5–11 October, nothing else in it), google campaign Generiek:
//   ad rows 6 Oct: Groep A / Ad A 1000 impr, € 20; Groep B / Ad B 1000 impr, € 10.
//   keyword rows: Groep A wasstraat utrecht (exact) 6 Oct QS 5, 300 impr; 8 Oct QS 7, 100 impr → latest 7
//   over 400 impr; Groep B autowasstraat (phrase) 6 Oct QS 3, 600 impr; wasbeurt (broad) 6 Oct no score,
//   1000 impr (left out of the weights).
//   Groep A 7; Groep B 3; Generiek (7 × 400 + 3 × 600) ÷ (400 + 600) = 4.6 — not the mean of the groups (5),
//   nor of the snapshots (5), nor a sum. Week 43: Merk / Groep 1 and Merk 5.6 (above).

const WEEK_43 = "from=2026-10-19&to=2026-10-25";

async function insertAdRow(db: Queryable, row: Record<string, string | number | null>) {
  const columns = Object.keys(row);
  await db.run(
    `INSERT INTO ad_stats_daily (key_sha256, account, ${columns.join(", ")})
     VALUES ($key, 'test', ${columns.map((c) => `$${c}`).join(", ")})`,
    { key: createHash("sha256").update(JSON.stringify(row)).digest("hex"), ...row },
  );
}

const fb = (date: string, group: string, ad: string, figures: number[]) => {
  const [impressions, reach, clicks, spend_cents, conversions, conversion_value_cents] = figures;
  return {
    platform: "facebook",
    stat_date: date,
    campaign: "Winteractie",
    ad_group: group,
    ad,
    impressions,
    reach,
    clicks,
    spend_cents,
    conversions,
    conversion_value_cents,
  };
};
const google = (
  date: string,
  target: { ad?: string; keyword?: [string, string, number] },
  figures: number[],
) => {
  const [impressions, clicks, spend_cents, conversions, conversion_value_cents] = figures;
  return {
    platform: "google_ads",
    stat_date: date,
    campaign: "Merk",
    ad_group: "Groep 1",
    ad: target.ad ?? null,
    keyword: target.keyword?.[0] ?? null,
    match_type: target.keyword?.[1] ?? null,
    quality_score: target.keyword?.[2] ?? null,
    impressions,
    clicks,
    spend_cents,
    conversions,
    conversion_value_cents,
  };
};

let server: ReportsServer;
const { report, kpi, table } = reportReader(() => server);

beforeAll(async () => {
  server = await startReportsServer({
    now: "2026-11-21T12:00:00Z",
    extend: [
      async (db) => {
        await insertAdRow(db, fb("2026-10-20", "Set A", "Ad 1", [1000, 500, 40, 2000, 2, 6000]));
        await insertAdRow(db, fb("2026-10-21", "Set B", "Ad 2", [2000, 800, 50, 3000, 1.5, 4500]));
        await insertAdRow(db, fb("2026-10-21", "Set B", "Ad 3", [500, 400, 10, 500, 0, 0]));
        await insertAdRow(db, fb("2026-10-14", "Set B", "Ad 2", [1000, 600, 20, 1500, 1, 2000]));
        await insertAdRow(db, google("2026-10-20", { ad: "Ad G" }, [1000, 100, 5000, 4, 12000]));
        await insertAdRow(
          db,
          google("2026-10-20", { keyword: ["wasstraat", "exact", 8] }, [600, 60, 3000, 3, 9000]),
        );
        await insertAdRow(
          db,
          google("2026-10-22", { keyword: ["wasstraat", "exact", 6] }, [200, 20, 1000, 1, 3000]),
        );
        await insertAdRow(
          db,
          google("2026-10-22", { keyword: ["autowassen", "broad", 4] }, [200, 10, 500, 0, 0]),
        );
        const generiek: [string, string, string | null, [string, string, number | null] | null, number][] = [
          ["2026-10-06", "Groep A", "Ad A", null, 1000],
          ["2026-10-06", "Groep B", "Ad B", null, 1000],
          ["2026-10-06", "Groep A", null, ["wasstraat utrecht", "exact", 5], 300],
          ["2026-10-08", "Groep A", null, ["wasstraat utrecht", "exact", 7], 100],
          ["2026-10-06", "Groep B", null, ["autowasstraat", "phrase", 3], 600],
          ["2026-10-06", "Groep B", null, ["wasbeurt", "broad", null], 1000],
        ];
        for (const [date, group, ad, keyword, impressions] of generiek) {
          await insertAdRow(db, {
            ...google(date, { ...(ad && { ad }) }, [impressions, 20, ad === "Ad A" ? 2000 : 1000, 0, 0]),
            campaign: "Generiek",
            ad_group: group,
            keyword: keyword?.[0] ?? null,
            match_type: keyword?.[1] ?? null,
            quality_score: keyword?.[2] ?? null,
          });
        }
        // An affiliate network: 2 + 3 whole transactions, €4 commission each.
        for (const [date, conversions] of [
          ["2026-10-20", 2],
          ["2026-10-22", 3],
        ] as const) {
          await insertAdRow(db, {
            platform: "affiliate",
            stat_date: date,
            campaign: "Wasbord kortingscode",
            affiliate: "Kortingscode.nl",
            ad: "Tekstlink",
            impressions: 0,
            clicks: 30,
            spend_cents: conversions * 400,
            conversions,
            conversion_value_cents: conversions * 1500,
          });
        }
        for (let i = 1; i <= 27; i++) {
          await insertAdRow(db, {
            platform: "marktplaats",
            stat_date: "2026-10-21",
            campaign: "Auto's",
            ad: `Advertentie ${String(i).padStart(2, "0")}`,
            impressions: i * 10,
            clicks: i,
            spend_cents: i * 100,
          });
        }
      },
    ],
  });
}, 120_000);
afterAll(() => server?.stop());

const refused = async (id: string, query: string) => {
  const response = await server.get<{ error: { code: string; fields: { path: string; message: string }[] } }>(
    `/api/reports/${id}?${query}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  return response.body.error.fields;
};
const rowsOf = (body: ReportEnvelope, key: string, column: string) =>
  table(body, key).rows.map((row) => [row[column], row.spend]);

describe("the ad report at its levels", () => {
  it("sums Facebook's platform figures over the period, with ratios from the sums", async () => {
    const body = await report("facebook", WEEK_43);
    expect(kpi(body, "spend")).toEqual({ value: 6500, previous: 5500 });
    expect(kpi(body, "impressions")).toEqual({ value: 3500, previous: 1000 });
    expect(kpi(body, "clicks").value).toBe(100);
    expect(kpi(body, "platform_conversions").value).toBe(3.5);
    expect(kpi(body, "ctr").value).toBeCloseTo(100 / 3500, 10);
    expect(kpi(body, "cpc").value).toBe(65);
    expect(kpi(body, "cpm").value).toBeCloseTo((6500 * 1000) / 3500, 8);
    expect(kpi(body, "roas").value).toBeCloseTo(15500 / 6500, 10);
    // Reach does not add up over ads or days: no figure for the period.
    expect(kpi(body, "reach")).toEqual({ value: null, previous: null });
    // The tile says why it shows "–", for reach and for frequency (impressions ÷ reach).
    const tile = (key: string) => body.kpis.find((k) => k.key === key);
    for (const key of ["reach", "frequency"]) {
      expect(tile(key)?.empty).toBe(
        "Alleen voor één advertentie op één dag: bereik telt niet op over dagen of advertenties.",
      );
    }
    expect(tile("spend")?.empty).toBeUndefined();
    expect(body.period.granularity).toBe("day");
  });

  it("lists campaigns, and links each to its ad sets", async () => {
    const body = await report("facebook/campaigns", WEEK_43);
    expect(rowsOf(body, "by_campaign", "campaign")).toEqual([
      ["Winteractie", 5500],
      ["Najaar", 1000],
    ]);
    const column = table(body, "by_campaign").columns.find((c) => c.key === "campaign");
    expect(column?.link).toEqual({ report: "facebook/adsets", filters: { campaign: "campaign" } });
  });

  it("narrows to a campaign and an ad set, and shows reach only for one ad over a one-day period", async () => {
    const sets = await report("facebook/adsets", `${WEEK_43}&campaign=Winteractie`);
    expect(sets.dimensions).toEqual({ campaign: "Winteractie" });
    expect(kpi(sets, "spend")).toEqual({ value: 5500, previous: 1500 });
    expect(rowsOf(sets, "by_ad_group", "ad_group")).toEqual([
      ["Set B", 3500],
      ["Set A", 2000],
    ]);
    expect(table(sets, "by_ad_group").columns.find((c) => c.key === "ad_group")?.label).toBe(
      "Advertentieset",
    );

    const ads = await report("facebook/ads", `${WEEK_43}&campaign=Winteractie&ad_group=Set B`);
    // A week: even an ad with one day of figures (Ad 2, Ad 3 on 21 Oct) has no period reach to show, and
    // the column says why; the import carries daily reach only.
    const [ad2, ad3] = table(ads, "by_ad").rows;
    expect([ad2.ad, ad2.reach, ad2.frequency]).toEqual(["Ad 2", null, null]);
    expect([ad3.ad, ad3.reach, ad3.frequency]).toEqual(["Ad 3", null, null]);
    for (const key of ["reach", "frequency"]) {
      expect(table(ads, "by_ad").columns.find((c) => c.key === key)?.hint).toMatch(/over meer/);
    }
    // Set B over the week: two ads, so no reach either.
    expect(table(sets, "by_ad_group").rows.find((row) => row.ad_group === "Set B")?.reach).toBeNull();

    // One day (21 Oct): per ad the platform's reach, frequency 2000 / 800 and 500 / 400; the ad set and the
    // total sum two ads, so they stay empty.
    const day = await report(
      "facebook/ads",
      "from=2026-10-21&to=2026-10-21&campaign=Winteractie&ad_group=Set B",
    );
    const perDay = table(day, "by_ad").rows.map((row) => [row.ad, row.reach, row.frequency]);
    expect(perDay).toEqual([
      ["Ad 2", 800, 2.5],
      ["Ad 3", 400, 1.25],
    ]);
    expect(table(day, "by_ad").totals?.reach).toBeNull();
    const daySets = await report("facebook/adsets", "from=2026-10-21&to=2026-10-21&campaign=Winteractie");
    expect(table(daySets, "by_ad_group").rows.find((row) => row.ad_group === "Set B")?.reach).toBeNull();
    const oneAd = await report("facebook/ads", "from=2026-10-21&to=2026-10-21&ad=Ad 2");
    expect(kpi(oneAd, "reach").value).toBe(800);
    expect(kpi(oneAd, "frequency").value).toBe(2.5);
    expect(oneAd.kpis.find((k) => k.key === "reach")?.empty).toBeUndefined();
  });

  it("counts Google Ads' clicks once: ad rows for the account, keyword rows for the keywords", async () => {
    const body = await report("google-ads", WEEK_43);
    expect(kpi(body, "spend").value).toBe(10000);
    expect(kpi(body, "clicks").value).toBe(100);
    expect(kpi(body, "platform_conversion_rate").value).toBeCloseTo(4 / 100, 10);

    const keywords = await report("google-ads/keywords", `${WEEK_43}&campaign=Merk`);
    expect(kpi(keywords, "spend").value).toBe(4500);
    const rows = table(keywords, "by_keyword").rows.map((row) => [
      row.keyword,
      row.match_type,
      row.impressions,
      row.quality_score,
    ]);
    expect(rows).toEqual([
      ["wasstraat", "Exact", 800, 6],
      ["autowassen", "Breed", 200, 4],
    ]);
    expect(table(keywords, "by_keyword").totals?.quality_score).toBeCloseTo(5.6, 10);
  });

  it("rolls the keywords' latest quality scores up to ad groups and campaigns, weighted by impressions", async () => {
    const WEEK_41 = "from=2026-10-05&to=2026-10-11";
    const keywords = await report("google-ads/keywords", `${WEEK_41}&campaign=Generiek`);
    const scores = (body: ReportEnvelope, key: string, column: string) =>
      table(body, key).rows.map((row) => [row[column], row.quality_score]);
    expect(scores(keywords, "by_keyword", "keyword")).toEqual(
      expect.arrayContaining([
        ["wasstraat utrecht", 7],
        ["autowasstraat", 3],
        ["wasbeurt", null],
      ]),
    );
    const groups = await report("google-ads/adgroups", `${WEEK_41}&campaign=Generiek`);
    expect(scores(groups, "by_ad_group", "ad_group")).toEqual([
      ["Groep A", 7],
      ["Groep B", 3],
    ]);
    expect(table(groups, "by_ad_group").totals?.quality_score).toBeCloseTo(4.6, 10);
    const campaigns = await report("google-ads/campaigns", WEEK_41);
    expect(scores(campaigns, "by_campaign", "campaign")).toEqual([["Generiek", expect.closeTo(4.6, 10)]]);
    // The ad rows' own figures stay theirs: the keyword rows add no spend.
    expect(kpi(campaigns, "spend").value).toBe(3000);
    const week43 = await report("google-ads/campaigns", WEEK_43);
    const merk = table(week43, "by_campaign").rows.find((row) => row.campaign === "Merk");
    expect(merk?.quality_score).toBeCloseTo(5.6, 10);
    // No quality score where no keyword is (Najaar), nor on ads, which keywords do not belong to.
    expect(
      table(week43, "by_campaign").rows.find((row) => row.campaign === "Najaar")?.quality_score,
    ).toBeNull();
    const ads = await report("google-ads/ads", WEEK_43);
    expect(table(ads, "by_ad").columns.some((c) => c.key === "quality_score")).toBe(false);
  });

  it("shows an affiliate network's transactions as a count, the platforms' conversions with decimals", async () => {
    const body = await report("affiliates", WEEK_43);
    const transactions = body.kpis.find((k) => k.key === "network_transactions");
    expect(transactions).toMatchObject({ label: "Transacties (netwerk)", unit: "count", value: 5 });
    const column = table(body, "by_affiliate").columns.find((c) => c.key === "network_transactions");
    expect(column?.type).toBe("count");
    const facebook = await report("facebook", WEEK_43);
    expect(facebook.kpis.find((k) => k.key === "platform_conversions")).toMatchObject({
      unit: "ratio",
      value: 3.5,
    });
  });

  it("cuts a long table to its top rows with a rest row, searches it, and sends it whole for the CSV", async () => {
    const body = await report("marktplaats/ads", WEEK_43);
    const ads = table(body, "by_ad");
    expect(ads.rows).toHaveLength(25);
    expect(ads.rows[0].ad).toBe("Advertentie 27");
    expect(ads.rows[24].ad).toBe("Advertentie 03");
    expect(ads.cut?.shown).toBe(25);
    expect(ads.cut?.total).toBe(27);
    expect(ads.cut?.rest).toMatchObject({ campaign: "Overige (2)", clicks: 3, spend: 300 });
    expect(ads.searchable).toBe(true);
    expect(ads.totals).toMatchObject({ clicks: 378, spend: 37800 });

    const searched = table(await report("marktplaats/ads", `${WEEK_43}&search=advertentie 1`), "by_ad");
    expect(searched.rows.map((row) => row.ad)).toEqual(
      [19, 18, 17, 16, 15, 14, 13, 12, 11, 10].map((i) => `Advertentie ${i}`),
    );
    expect(searched.cut?.rest).toBeNull();

    const all = table(await report("marktplaats/ads", `${WEEK_43}&rows=all`), "by_ad");
    expect(all.rows).toHaveLength(27);
    expect(all.cut).toMatchObject({ shown: 27, total: 27, rest: null });
  });
});

describe("the filters of the ad report", () => {
  it("refuses hours: ad statistics are daily", async () => {
    const [field] = await refused("facebook", "period=yesterday&granularity=hour");
    expect(field.path).toBe("granularity");
    expect(field.message).toBe("Dit rapport heeft gegevens per dag; kies Dag, Week of Maand.");
    // Without a granularity a one-day period is shown per day, not per hour.
    expect((await report("facebook", "period=yesterday")).period.granularity).toBe("day");
  });

  it("refuses the site filter, which ad data does not have", async () => {
    expect((await refused("google-ads", "site=zeist")).map((f) => f.path)).toEqual(["site"]);
  });

  it("refuses a dimension the report does not accept, and a value that does not exist", async () => {
    expect((await refused("facebook", "keyword=wasstraat")).map((f) => f.path)).toEqual(["keyword"]);
    expect((await refused("trx-sales", "campaign=Merk")).map((f) => f.path)).toEqual(["campaign"]);
    const [missing] = await refused("facebook/adsets", "campaign=Zomeractie");
    expect(missing).toEqual({ path: "campaign", message: "Onbekende campagne: Zomeractie." });
    // A Google Ads campaign is not a Facebook campaign.
    expect((await refused("facebook/adsets", "campaign=Merk")).map((f) => f.path)).toEqual(["campaign"]);
    expect((await refused("facebook/ads", "rows=some")).map((f) => f.path)).toEqual(["rows"]);
  });
});
