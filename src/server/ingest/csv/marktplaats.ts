import type { FormatSpec } from "./format";

// Marktplaats Admarkt statistics, per day and campaign or ad. Its "website visits" column has no place in
// the ad-stats row: visits from Marktplaats are counted by our own tracking (channel Marktplaats).
export const marktplaats: FormatSpec = {
  platform: "marktplaats",
  label: "Marktplaats Admarkt",
  columns: {
    account: ["Account", "Accountnaam", "Adverteerder"],
    date: ["Datum", "Date"],
    campaign: ["Campagne", "Campagnenaam", "Campaign"],
    ad: ["Advertentie", "Advertentietitel", "Titel", "Ad"],
    impressions: ["Vertoningen", "Impressies", "Impressions"],
    clicks: ["Kliks", "Klikken", "Clicks"],
    spendCents: ["Kosten", "Uitgaven", "Cost"],
    conversions: ["Conversies", "Conversions"],
  },
  required: ["date", "campaign", "impressions", "clicks", "spendCents"],
  kind: (has) => (has("ad") ? "ad" : "campaign"),
};
