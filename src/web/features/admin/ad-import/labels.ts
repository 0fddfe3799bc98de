import type { AdPlatform } from "../../../../shared/ad-stats.ts";

export const platformOptions: { value: AdPlatform | "auto"; label: string }[] = [
  { value: "auto", label: "Automatisch herkennen" },
  { value: "google_ads", label: "Google Ads" },
  { value: "facebook", label: "Meta Ads (Facebook en Instagram)" },
  { value: "marktplaats", label: "Marktplaats Admarkt" },
  { value: "affiliate", label: "Affiliatenetwerk (Daisycon, TradeTracker)" },
];

/** The fields the import names in its errors, as the columns are called on screen. */
const fieldLabels: Record<string, string> = {
  header: "Kopregel",
  account: "Account",
  date: "Datum",
  campaign: "Campagne",
  adGroup: "Advertentiegroep of -set",
  ad: "Advertentie",
  keyword: "Zoekwoord",
  matchType: "Zoektype",
  qualityScore: "Kwaliteitsscore",
  affiliate: "Affiliate",
  impressions: "Vertoningen",
  reach: "Bereik",
  clicks: "Klikken",
  spendCents: "Kosten",
  conversions: "Conversies",
  conversionValueCents: "Conversiewaarde",
  currency: "Valuta",
};

export const fieldLabel = (field: string) => fieldLabels[field] ?? field;
