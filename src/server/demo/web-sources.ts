import type { Channel } from "../../shared/channels.ts";
import type { AdUnit } from "./ads.ts";
import { SITES } from "./catalog.ts";
import { cumulative, type Random } from "./random.ts";

// Where website visitors come from, described the way the tracker sees them (referrer, landing URL, UTM
// fields, click ids), so that the channel rules in src/server/tracking/channel.ts derive the same channel.

export const HOSTNAME = "www.wasbord.nl";

export interface Source {
  channel: Channel;
  landing: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  gclid: string | null;
  fbclid: string | null;
  conversionRate: number;
  claimRate: number;
  /** The promotion whose voucher a claim yields ("flyer" claims one of the printed ones). */
  promotionCode: string | null;
  unit: AdUnit | null;
}

const blank = {
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmContent: null,
  utmTerm: null,
  gclid: null,
  fbclid: null,
  claimRate: 0,
  promotionCode: null,
  unit: null,
};

/**
 * A visit from an ad click, tagged as the campaign's tracking template tags it: utm_campaign the campaign,
 * utm_term the keyword (Google Ads) or the ad set (Meta), utm_content the ad or creative — the names the ad
 * statistics carry, which is how the reports join the two (case-insensitive, trimmed).
 */
export function adSource(unit: AdUnit, rng: Random): Source {
  const { campaign } = unit;
  const tag = (name: string | null) =>
    campaign.tagging === "none" || name === null
      ? null
      : campaign.tagging === "lowercase"
        ? name.toLowerCase()
        : name;
  const term = campaign.platform === "google_ads" ? (unit.keyword?.[0] ?? null) : unit.group.name;
  const tagged = {
    ...blank,
    landing: campaign.landing,
    utmCampaign: tag(campaign.name),
    utmContent: tag(unit.ad),
    utmTerm: campaign.platform === "facebook" || campaign.platform === "google_ads" ? tag(term) : null,
    conversionRate: campaign.conversionRate,
    claimRate: campaign.claimRate,
    promotionCode: unit.promotionCode,
    unit,
  };
  switch (campaign.platform) {
    case "google_ads":
      return {
        ...tagged,
        channel: "Google Ads",
        referrer: "https://www.google.com/",
        utmSource: tagged.utmCampaign === null ? null : "google",
        utmMedium: tagged.utmCampaign === null ? null : "cpc",
        gclid: `Cj0KCQ${rng.hex(24)}`,
      };
    case "facebook": {
      const instagram = rng.chance(0.35);
      return {
        ...tagged,
        channel: "Facebook",
        referrer: instagram ? "https://l.instagram.com/" : "https://l.facebook.com/",
        utmSource: instagram ? "instagram" : "facebook",
        utmMedium: "paid_social",
        fbclid: `IwAR${rng.hex(24)}`,
      };
    }
    case "marktplaats":
      return {
        ...tagged,
        channel: "Marktplaats",
        referrer: "https://www.marktplaats.nl/",
        utmSource: "marktplaats",
        utmMedium: "cpc",
      };
    case "affiliate":
      return {
        ...tagged,
        channel: "Affiliates",
        referrer: campaign.affiliate === "scoupy" ? "https://www.scoupy.nl/" : "https://www.kortingscode.nl/",
        utmSource: campaign.affiliate,
        utmMedium: "affiliate",
      };
  }
}

const SEARCH = cumulative([80, 8, 7, 5]);
const SEARCH_REFERRERS = [
  "https://www.google.nl/",
  "https://www.bing.com/",
  "https://www.ecosia.org/",
  "https://duckduckgo.com/",
];
const SOCIAL_REFERRERS = [
  "https://www.instagram.com/",
  "https://www.facebook.com/",
  "https://www.tiktok.com/",
];
const REFERRING = [
  "https://www.anwb.nl/",
  "https://www.autoweek.nl/",
  "https://www.duic.nl/",
  "https://www.wasstraatwijzer.nl/",
];
const ORGANIC_LANDINGS = [
  "/",
  "/prijzen",
  "/abonnementen",
  ...SITES.map((site) => `/vestigingen/${site.code}`),
  "/blog/auto-wassen-in-de-winter",
  "/blog/stuifmeel-van-je-auto",
];
const ORGANIC_WEIGHTS = cumulative([30, 12, 8, 6, 6, 5, 5, 6, 4]);

/** Unpaid visits of one kind; `season` picks the campaign that voucher visits belong to, if any. */
export function organicSource(kind: "search" | "direct" | "social" | "referral", rng: Random): Source {
  const landing = ORGANIC_LANDINGS[rng.weighted(ORGANIC_WEIGHTS)];
  switch (kind) {
    case "search":
      return {
        ...blank,
        channel: "Organisch zoeken",
        landing,
        referrer: SEARCH_REFERRERS[rng.weighted(SEARCH)],
        conversionRate: 0.022,
      };
    case "direct":
      return {
        ...blank,
        channel: "Direct",
        landing: rng.chance(0.7) ? "/" : "/abonnementen",
        conversionRate: 0.035,
      };
    case "social":
      return {
        ...blank,
        channel: "Organisch social",
        landing: "/",
        referrer: rng.pick(SOCIAL_REFERRERS),
        conversionRate: 0.01,
      };
    case "referral":
      return {
        ...blank,
        channel: "Verwijzing",
        landing,
        referrer: rng.pick(REFERRING),
        conversionRate: 0.015,
      };
  }
}

/** A newsletter link or a flyer's QR code, both landing on a voucher page. */
export function voucherSource(kind: "newsletter" | "flyer", promotionCode: string): Source {
  const newsletter = kind === "newsletter";
  return {
    ...blank,
    channel: "Vouchers",
    landing: newsletter ? "/voucher/zomer" : "/voucher",
    utmSource: newsletter ? "nieuwsbrief" : null,
    utmMedium: newsletter ? "email" : null,
    utmCampaign: newsletter ? "zomeractie" : null,
    conversionRate: 0.01,
    claimRate: newsletter ? 0.4 : 0.5,
    promotionCode,
  };
}

/** The landing URL as the browser had it, for the channel rules and for checking them. */
export function landingUrl(
  source: Pick<
    Source,
    "landing" | "utmSource" | "utmMedium" | "utmCampaign" | "utmContent" | "utmTerm" | "gclid" | "fbclid"
  >,
): string {
  const params = new URLSearchParams();
  const add = (name: string, value: string | null) => value !== null && params.set(name, value);
  add("utm_source", source.utmSource);
  add("utm_medium", source.utmMedium);
  add("utm_campaign", source.utmCampaign);
  add("utm_content", source.utmContent);
  add("utm_term", source.utmTerm);
  add("gclid", source.gclid);
  add("fbclid", source.fbclid);
  const query = params.toString();
  return `https://${HOSTNAME}${source.landing}${query ? `?${query}` : ""}`;
}

/** Pages a visitor clicks on to, with how often. */
export const NAV_PAGES = [
  "/",
  "/prijzen",
  "/abonnementen",
  "/wasprogrammas",
  "/vestigingen",
  "/acties",
  "/contact",
  "/veelgestelde-vragen",
];
export const NAV_WEIGHTS = cumulative([10, 14, 10, 9, 8, 6, 3, 4]);

/** Bounce chance per channel: paid social visitors leave quickest, voucher hunters stay. */
export const BOUNCE: Record<Channel, number> = {
  "Google Ads": 0.38,
  Facebook: 0.6,
  Marktplaats: 0.5,
  Affiliates: 0.3,
  Vouchers: 0.25,
  "Organisch zoeken": 0.45,
  "Organisch social": 0.55,
  Direct: 0.35,
  Verwijzing: 0.5,
};
