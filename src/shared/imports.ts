import { type AdPlatform, type AdStatRow, adPlatformSchema } from "./ad-stats";
import { z } from "./zod-nl";

// CSV exports of the ad platforms, imported through POST /api/imports/preview (stores nothing) and
// POST /api/imports/commit (replaces what is stored for the same platform, account and period).

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Rows of the file shown in the preview; the totals cover all of them. */
export const PREVIEW_ROWS = 100;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

export const importRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  /** The file's bytes in base64: the server recognises the encoding (UTF-8, UTF-16 or Windows-1252). */
  content: z
    .base64()
    .min(1, "Het bestand is leeg.")
    .max(Math.ceil(MAX_IMPORT_BYTES / 3) * 4, "Het bestand is groter dan 10 MB."),
  /** Only consider this platform's export formats; null recognises the platform from the columns. */
  platform: adPlatformSchema.nullish().transform((value) => value ?? null),
  /** For exports without an account column. */
  account: optionalText(200),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export interface ImportError {
  /** 1-based line in the file. */
  row: number;
  /** The ad-stats field, or "header" / "account" for the file as a whole. */
  field: string;
  message: string;
}

/** What an import replaces: per account, the days the file covers and the rows stored for them now. */
export interface ImportPeriod {
  account: string;
  from: string;
  to: string;
  existingRows: number;
}

export interface ImportTotals {
  impressions: number;
  clicks: number;
  spendCents: number;
  conversions: number;
  conversionValueCents: number;
}

export interface ImportPreview {
  fileName: string;
  platform: AdPlatform | null;
  /** "google_ads.keyword", "affiliate.daisycon.transactions"; "unknown" when no header was recognised. */
  format: string;
  rowsRead: number;
  rowsToImport: number;
  errors: ImportError[];
  periods: ImportPeriod[];
  totals: ImportTotals;
  /** The first PREVIEW_ROWS rows, by date. */
  rows: AdStatRow[];
}

export interface ImportResult extends Omit<ImportPreview, "rows"> {
  inserted: number;
  /** Rows stored before for the same platform, accounts and days, now replaced. */
  replaced: number;
}

const PLATFORM_LABELS: Record<string, string> = {
  google_ads: "Google Ads",
  facebook: "Meta Ads",
  marktplaats: "Marktplaats Admarkt",
  affiliate: "Affiliatenetwerk",
  daisycon: "Daisycon",
  tradetracker: "TradeTracker",
};

const KIND_LABELS: Record<string, string> = {
  campaign: "campagnes",
  ad_group: "advertentiegroepen",
  adset: "advertentiesets",
  ad: "advertenties",
  keyword: "zoekwoorden",
  transactions: "transacties",
  statistics: "statistieken",
};

/** "google_ads.keyword" → "Google Ads — zoekwoorden", "affiliate.daisycon.transactions" → "Daisycon — transacties". */
export function describeFormat(format: string): string {
  const parts = format.split(".");
  if (parts.length < 2) return "Onbekend formaat";
  const kind = parts.at(-1) as string;
  const source = parts.length > 2 ? parts[1] : parts[0];
  return `${PLATFORM_LABELS[source] ?? source} — ${KIND_LABELS[kind] ?? kind}`;
}
