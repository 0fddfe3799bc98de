import type { FormatSpec } from "./format";

// Google Ads report downloads (campaign, ad group, ad and keyword reports, segmented by day), in the
// English or Dutch interface. The title and date-range lines above the header and the "Total: …" rows
// below the data are skipped by the reader.
export const googleAds: FormatSpec = {
  platform: "google_ads",
  label: "Google Ads",
  columns: {
    account: ["Customer ID", "Klant-ID", "Account", "Account name", "Accountnaam"],
    date: ["Day", "Dag"],
    campaign: ["Campaign", "Campagne"],
    adGroup: ["Ad group", "Advertentiegroep"],
    ad: ["Ad", "Advertentie", "Ad ID", "Advertentie-ID"],
    keyword: ["Keyword", "Zoekwoord", "Search keyword", "Zoekwoord voor zoeken"],
    matchType: ["Match type", "Zoektype", "Search keyword match type", "Zoektype van zoekwoord"],
    qualityScore: ["Quality Score", "Kwaliteitsscore", "Qual. score"],
    impressions: ["Impr.", "Vertoningen", "Impressions", "Vert."],
    clicks: ["Clicks", "Klikken"],
    spendCents: ["Cost", "Kosten"],
    conversions: ["Conversions", "Conversies", "Conv."],
    conversionValueCents: ["Conv. value", "Conv.waarde", "Conversion value", "Conversiewaarde"],
    currency: ["Currency code", "Valutacode", "Currency", "Valuta"],
  },
  required: ["date", "campaign", "impressions", "clicks", "spendCents"],
  kind: (has) => (has("keyword") ? "keyword" : has("ad") ? "ad" : has("adGroup") ? "ad_group" : "campaign"),
};
