import { singleLine, z } from "./zod-nl";

// One day of one ad platform's figures for one campaign / ad group / ad / keyword / affiliate: the row of
// ad_stats_daily. Both POST /api/ingest/ad-stats and the CSV import parsers produce exactly this shape.

export const adPlatforms = ["google_ads", "facebook", "marktplaats", "affiliate"] as const;
export const adPlatformSchema = z.enum(adPlatforms);
export type AdPlatform = z.infer<typeof adPlatformSchema>;

/** How the screens name the platforms (reports, freshness); the CSV import names its export formats itself. */
export const AD_PLATFORM_LABELS: Record<AdPlatform, string> = {
  facebook: "Facebook",
  google_ads: "Google Ads",
  marktplaats: "Marktplaats",
  affiliate: "Affiliates",
};

export const matchTypeSchema = z.enum(["exact", "phrase", "broad"]);
export type MatchType = z.infer<typeof matchTypeSchema>;

const name = singleLine().trim().min(1).max(500);
// Ranges that make sense for one row (one day of one campaign, ad or keyword): far above any real day of a
// car-wash chain, far below where sums over years stop being exact (2^53) or stop being finite.
const count = z.number().int().min(0).max(1_000_000_000);
/** Up to € 10 million a day. */
const cents = z.number().int().min(0).max(1_000_000_000);

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day from 2000 up to tomorrow (an account ahead of UTC may already report the next day). */
const statDate = z.iso
  .date({ abort: true })
  .refine((value) => value >= "2000-01-01", "Ligt vóór 2000.")
  .refine(
    (value) => value <= new Date(Date.now() + DAY_MS).toISOString().slice(0, 10),
    "Ligt in de toekomst.",
  );

export const adStatRowSchema = z.object({
  platform: adPlatformSchema,
  /** Account id or name as the platform shows it. */
  account: singleLine().trim().min(1).max(200),
  /** The day the figures belong to, in the account's time zone. */
  date: statDate,
  campaign: name,
  /** Ad set for Meta, ad group for Google Ads. */
  adGroup: name.nullable(),
  ad: name.nullable(),
  keyword: name.nullable(),
  matchType: matchTypeSchema.nullable(),
  qualityScore: z.number().int().min(1).max(10).nullable(),
  /** Publisher name, for affiliate networks. */
  affiliate: name.nullable(),
  impressions: count,
  /** Unique people reached (Meta); null where the platform does not report it. */
  reach: count.nullable(),
  clicks: count,
  /** What the platform charged; for affiliate networks the commission. */
  spendCents: cents,
  /** Fractional: platforms attribute parts of a conversion. */
  conversions: z.number().min(0).max(1_000_000),
  conversionValueCents: cents,
});

export type AdStatRow = z.infer<typeof adStatRowSchema>;

/**
 * The fields that identify a row: one row per key and day. Names, not platform ids, identify campaigns,
 * ad groups and ads, so two ads with the same name in one ad group are one row.
 */
export function adStatKey(row: AdStatRow): string {
  return JSON.stringify([
    row.platform,
    row.account,
    row.date,
    row.campaign,
    row.adGroup,
    row.ad,
    row.keyword,
    row.matchType,
    row.affiliate,
  ]);
}
