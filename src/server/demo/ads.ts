import type { AdStatRow } from "../../shared/ad-stats.ts";
import { adStatKeySha256 } from "../ingest/ad-stats.ts";
import type { TableWriter } from "./bulk.ts";
import type { Day } from "./calendar.ts";
import { type AdGroupDef, CAMPAIGNS, type CampaignDef } from "./campaigns.ts";
import { AFFILIATES } from "./catalog.ts";
import type { Random } from "./random.ts";

// Daily ad figures. Each day's clicks are planned per campaign, ad group, keyword and ad; the web simulation
// turns the clicks into sessions and reports back what they did; then the rows are written as the platforms
// report them: their own (generous) conversion counts, spend, and for affiliates the commission.

export interface AdUnit {
  campaign: CampaignDef;
  group: AdGroupDef;
  ad: string;
  keyword: AdGroupDef["keywords"][number] | null;
  promotionCode: string | null;
  clicks: number;
  impressions: number;
  spendCents: number;
  /** Filled in by the web simulation. */
  conversions: number;
  claims: number;
  revenueCents: number;
}

/** What a claimed voucher is worth to the platforms' conversion-value tracking. */
const CLAIM_VALUE_CENTS = 1500;

/** The day's clicks, split over ad groups, keywords and ads. `interest` scales with the season. */
export function planAds(day: Day, rng: Random, scale: number, interest: number): AdUnit[] {
  const units: AdUnit[] = [];
  for (const campaign of CAMPAIGNS) {
    if (!campaign.active(day)) continue;
    const clicks = rng.poisson(campaign.clicksPerDay * scale * interest);
    type Target = Pick<AdUnit, "group" | "keyword" | "ad">;
    const targets = campaign.groups.flatMap((group): Target[] =>
      group.keywords.length > 0
        ? group.keywords.flatMap((keyword) => campaign.ads.map((ad) => ({ group, keyword, ad })))
        : campaign.ads.map((ad) => ({ group, keyword: null, ad })),
    );
    // Uneven shares: some keywords and ads simply do better.
    const weights = targets.map((_, i) => 1 + ((i * 7919) % 5) / 2);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    targets.forEach((target, i) => {
      const unitClicks = rng.poisson((clicks * weights[i]) / total);
      const ctr = campaign.ctr * (target.keyword ? target.keyword[2] / 8 : 1) * Math.exp(0.15 * rng.normal());
      const impressions = Math.round(Math.max(unitClicks, 1) / ctr);
      units.push({
        campaign,
        ...target,
        promotionCode: campaign.promotion ? campaign.promotion(day) : null,
        clicks: unitClicks,
        impressions,
        spendCents: Math.round(unitClicks * campaign.cpcCents * Math.exp(0.1 * rng.normal())),
        conversions: 0,
        claims: 0,
        revenueCents: 0,
      });
    });
  }
  return units;
}

interface Totals {
  row: AdStatRow;
  reportedFactor: number;
  claims: number;
  conversions: number;
  revenueCents: number;
}

function commission(
  campaign: CampaignDef,
  claims: number,
  conversions: number,
  revenueCents: number,
): number {
  const affiliate = AFFILIATES.find((a) => a.code === campaign.affiliate);
  if (!affiliate) return 0;
  if (affiliate.kind === "bedrag") return (claims + conversions) * affiliate.value;
  return Math.round(((claims * CLAIM_VALUE_CENTS + revenueCents) * affiliate.value) / 100);
}

/** Writes the day's rows: Google Ads at keyword and at ad level (the two reports it exports), others per ad. */
export function writeAdRows(day: Day, units: AdUnit[], writer: TableWriter, rng: Random): void {
  const rows = new Map<string, Totals>();
  const add = (unit: AdUnit, level: "ad" | "keyword") => {
    const { campaign, group } = unit;
    const keyword = level === "keyword" ? unit.keyword : null;
    const key = [campaign.name, group.name, level === "ad" ? unit.ad : null, keyword?.[0]].join("|");
    const totals = rows.get(key) ?? {
      row: {
        platform: campaign.platform,
        account: campaign.account,
        date: day.date,
        campaign: campaign.name,
        adGroup: group.name,
        ad: level === "ad" ? unit.ad : null,
        keyword: keyword?.[0] ?? null,
        matchType: keyword?.[1] ?? null,
        qualityScore: keyword?.[2] ?? null,
        affiliate: AFFILIATES.find((a) => a.code === campaign.affiliate)?.name ?? null,
        impressions: 0,
        reach: null,
        clicks: 0,
        spendCents: 0,
        conversions: 0,
        conversionValueCents: 0,
      },
      reportedFactor: campaign.reportedFactor,
      claims: 0,
      conversions: 0,
      revenueCents: 0,
    };
    totals.row.impressions += unit.impressions;
    totals.row.clicks += unit.clicks;
    totals.row.spendCents += unit.spendCents;
    totals.claims += unit.claims;
    totals.conversions += unit.conversions;
    totals.revenueCents += unit.revenueCents;
    rows.set(key, totals);
  };
  for (const unit of units) {
    add(unit, "ad");
    if (unit.keyword) add(unit, "keyword");
  }
  for (const { row, reportedFactor, claims, conversions, revenueCents } of rows.values()) {
    if (row.impressions === 0) continue;
    const campaign = CAMPAIGNS.find((c) => c.name === row.campaign) as CampaignDef;
    if (campaign.platform === "affiliate")
      row.spendCents = commission(campaign, claims, conversions, revenueCents);
    if (campaign.platform === "facebook") row.reach = Math.round(row.impressions / (1.6 + rng.next() * 0.8));
    const observed = claims + conversions;
    const reported = Math.round(observed * reportedFactor * Math.exp(0.1 * rng.normal()) * 100) / 100;
    // Google and Meta attribute parts of a conversion; an affiliate network counts whole transactions, the
    // ones it pays commission on.
    row.conversions = campaign.platform === "affiliate" ? observed : reported;
    row.conversionValueCents = Math.round(
      (claims * CLAIM_VALUE_CENTS + revenueCents) * reportedFactor * Math.exp(0.1 * rng.normal()),
    );
    writer.add(
      adStatKeySha256(row),
      row.platform,
      row.account,
      Date.parse(row.date),
      row.campaign,
      row.adGroup,
      row.ad,
      row.keyword,
      row.matchType,
      row.qualityScore,
      row.affiliate,
      row.impressions,
      row.reach,
      row.clicks,
      row.spendCents,
      row.conversions,
      row.conversionValueCents,
      null,
      day.endMs,
    );
  }
}
