import type { AdPlatform, MatchType } from "../../shared/ad-stats.ts";
import type { Day } from "./calendar.ts";

// The chain's advertising, each campaign with its own economics, so that the acquisition reports have a story
// to find: brand search is cheap and converts, but its welcome discount mostly goes to existing customers; generic search costs more but its first-wash voucher brings new
// customers who come back; Facebook's seasonal actions reach many and sell little; the brand video burns money
// (much spend, hardly a visit that does anything); the Kortingscode.nl affiliate mostly discounts customers
// who already washed here (its promotion's newcomer share in marketing.ts); the display remarketing campaign
// has no UTM tags, so its spend and its sessions cannot be linked ("niet gekoppeld"). Clicks per day are at
// scale 1. Campaign names follow the convention "Type - Naam", which the platforms' overviews group by
// (campaignType in src/shared/reports/ad-reports.ts).

export interface AdGroupDef {
  name: string | null;
  keywords: [keyword: string, matchType: MatchType, qualityScore: number][];
}

export interface CampaignDef {
  platform: AdPlatform;
  account: string;
  name: string;
  active: (day: Day) => boolean;
  clicksPerDay: number;
  cpcCents: number;
  ctr: number;
  groups: AdGroupDef[];
  ads: string[];
  landing: string;
  /**
   * How the landing URLs are tagged: with the names as the platform's URL template fills them in ({{campaign.name}},
   * {keyword}), typed by hand in lower case, or not at all (auto-tagging only, the click id).
   */
  tagging: "names" | "lowercase" | "none";
  /** Code of the promotion the landing page hands out vouchers for; seasonal codes get the year appended. */
  promotion: ((day: Day) => string) | null;
  affiliate: string | null;
  /** Chance a session from this campaign buys online, and that it claims a voucher. */
  conversionRate: number;
  claimRate: number;
  /** Platforms count view-throughs and overlapping touches: reported conversions per observed one. */
  reportedFactor: number;
}

const always = () => true;
const months = (from: number, to: number) => (day: Day) =>
  from <= to ? day.month >= from && day.month <= to : day.month >= from || day.month <= to;
// A winter campaign that starts in November belongs to the promotion of that November's year.
const winterYear = (day: Day) => (day.month >= 11 ? day.year : day.year - 1);

const GOOGLE = "123-456-7890";
const META = "act_1029384756";

export const CAMPAIGNS: CampaignDef[] = [
  {
    platform: "google_ads",
    account: GOOGLE,
    name: "Zoeken - Merk",
    active: always,
    clicksPerDay: 35,
    cpcCents: 18,
    ctr: 0.28,
    groups: [
      {
        name: "Merknaam",
        keywords: [
          ["wasbord", "exact", 10],
          ["wasbord wasstraat", "phrase", 9],
          ["wasbord abonnement", "phrase", 9],
        ],
      },
    ],
    ads: ["Merk - Officiële site", "Merk - Onbeperkt wassen"],
    landing: "/",
    tagging: "names",
    promotion: () => "google-merk-welkom",
    affiliate: null,
    conversionRate: 0.06,
    claimRate: 0.05,
    reportedFactor: 1.1,
  },
  {
    platform: "google_ads",
    account: GOOGLE,
    name: "Zoeken - Wasstraat",
    active: always,
    clicksPerDay: 60,
    cpcCents: 65,
    ctr: 0.07,
    groups: [
      {
        name: "Wasstraat Utrecht",
        keywords: [
          ["wasstraat utrecht", "phrase", 7],
          ["auto wassen utrecht", "broad", 6],
          ["autowasstraat overvecht", "exact", 8],
        ],
      },
      {
        name: "Wasstraat Nieuwegein",
        keywords: [
          ["wasstraat nieuwegein", "phrase", 8],
          ["auto wassen nieuwegein", "broad", 6],
        ],
      },
      {
        name: "Wasstraat Zeist",
        keywords: [
          ["wasstraat zeist", "phrase", 8],
          ["auto wassen zeist", "broad", 5],
        ],
      },
      {
        name: "Wasstraat Houten",
        keywords: [
          ["wasstraat houten", "exact", 9],
          ["carwash houten", "broad", 6],
        ],
      },
    ],
    ads: ["Wasstraat - 20% korting", "Wasstraat - 7 dagen open"],
    landing: "/acties/eerste-wasbeurt",
    tagging: "names",
    promotion: () => "google-eerste-wasbeurt",
    affiliate: null,
    conversionRate: 0.02,
    claimRate: 0.18,
    reportedFactor: 1.15,
  },
  {
    platform: "google_ads",
    account: GOOGLE,
    name: "Zoeken - Abonnement",
    active: always,
    clicksPerDay: 25,
    cpcCents: 95,
    ctr: 0.05,
    groups: [
      {
        name: "Wasabonnement",
        keywords: [
          ["wasabonnement", "phrase", 7],
          ["onbeperkt auto wassen", "broad", 5],
          ["auto abonnement wassen utrecht", "phrase", 8],
        ],
      },
    ],
    ads: ["Abonnement - Onbeperkt wassen", "Abonnement - Eerste maand korting"],
    landing: "/abonnementen",
    tagging: "names",
    promotion: null,
    affiliate: null,
    conversionRate: 0.05,
    claimRate: 0,
    reportedFactor: 1.2,
  },
  {
    platform: "facebook",
    account: META,
    name: "Verkeer - Voorjaarsactie",
    active: months(3, 5),
    clicksPerDay: 70,
    cpcCents: 35,
    ctr: 0.012,
    groups: [
      { name: "Utrecht 25-55 jaar", keywords: [] },
      { name: "Lookalike klanten", keywords: [] },
    ],
    ads: ["Video schuimkanon", "Carrousel programma's", "Foto stuifmeel"],
    landing: "/acties/voorjaar",
    tagging: "names",
    promotion: (day) => `fb-voorjaar-${day.year}`,
    affiliate: null,
    conversionRate: 0.006,
    claimRate: 0.05,
    reportedFactor: 1.3,
  },
  {
    platform: "facebook",
    account: META,
    name: "Verkeer - Winterklaar",
    active: months(11, 2),
    clicksPerDay: 60,
    cpcCents: 40,
    ctr: 0.011,
    groups: [
      { name: "Utrecht 25-55 jaar", keywords: [] },
      { name: "Leaserijders", keywords: [] },
    ],
    ads: ["Video strooizout", "Foto onderbodem"],
    landing: "/acties/winterklaar",
    tagging: "names",
    promotion: (day) => `fb-winterklaar-${winterYear(day)}`,
    affiliate: null,
    conversionRate: 0.006,
    claimRate: 0.04,
    reportedFactor: 1.3,
  },
  {
    platform: "facebook",
    account: META,
    name: "Bereik - Merkvideo",
    active: always,
    clicksPerDay: 90,
    cpcCents: 55,
    ctr: 0.006,
    groups: [
      { name: "Breed Utrecht 18-65", keywords: [] },
      { name: "Interesse auto's", keywords: [] },
    ],
    ads: ["Video 15s schuimtunnel", "Video 6s bumper"],
    landing: "/",
    tagging: "names",
    promotion: null,
    affiliate: null,
    // Video viewers who tap through by accident: they leave at once and almost never buy.
    conversionRate: 0.001,
    claimRate: 0,
    reportedFactor: 2.5,
  },
  {
    platform: "google_ads",
    account: GOOGLE,
    name: "Display - Remarketing",
    active: always,
    clicksPerDay: 30,
    cpcCents: 30,
    ctr: 0.004,
    groups: [{ name: "Bezoekers 30 dagen", keywords: [] }],
    ads: ["Responsive display - abonnement"],
    landing: "/abonnementen",
    // Nobody set a tracking template: the sessions carry only the gclid, nothing links them to this campaign.
    tagging: "none",
    promotion: null,
    affiliate: null,
    conversionRate: 0.01,
    claimRate: 0,
    reportedFactor: 1.5,
  },
  {
    platform: "marktplaats",
    account: "Admarkt 88213",
    name: "Admarkt Autodiensten",
    active: always,
    clicksPerDay: 25,
    cpcCents: 38,
    ctr: 0.015,
    groups: [{ name: null, keywords: [] }],
    ads: ["Wasstraat Utrecht - vanaf € 10,95", "Onbeperkt wassen vanaf € 29,95"],
    landing: "/acties/marktplaats",
    tagging: "lowercase",
    promotion: () => "marktplaats-upgrade",
    affiliate: null,
    conversionRate: 0.012,
    claimRate: 0.1,
    reportedFactor: 1,
  },
  {
    platform: "affiliate",
    account: "Daisycon 40112",
    name: "Wasbord kortingscode",
    active: always,
    clicksPerDay: 18,
    cpcCents: 0,
    ctr: 0.04,
    groups: [{ name: null, keywords: [] }],
    ads: ["Tekstlink", "Banner 300x250"],
    landing: "/voucher/kortingscode",
    tagging: "lowercase",
    promotion: () => "kortingscode-vier-euro",
    affiliate: "kortingscode-nl",
    conversionRate: 0.01,
    claimRate: 0.35,
    reportedFactor: 1,
  },
  {
    platform: "affiliate",
    account: "TradeTracker 7781",
    name: "Wasbord cashback",
    active: always,
    clicksPerDay: 14,
    cpcCents: 0,
    ctr: 0.03,
    groups: [{ name: null, keywords: [] }],
    ads: ["App-actie", "Nieuwsbrief Scoupy"],
    landing: "/voucher/scoupy",
    tagging: "lowercase",
    promotion: () => "scoupy-gratis-wasbeurt",
    affiliate: "scoupy",
    conversionRate: 0.01,
    claimRate: 0.3,
    reportedFactor: 1,
  },
];
