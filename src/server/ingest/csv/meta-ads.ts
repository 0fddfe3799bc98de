import type { FormatSpec } from "./format";

// Meta Ads Manager exports (campaigns, ad sets or ads), broken down by day or exported one day at a time.
export const metaAds: FormatSpec = {
  platform: "facebook",
  label: "Meta Ads",
  columns: {
    account: ["Account ID", "Account-ID", "Account name", "Accountnaam"],
    date: ["Day", "Dag"],
    periodStart: ["Reporting starts", "Begin rapportage"],
    periodEnd: ["Reporting ends", "Einde rapportage"],
    campaign: ["Campaign name", "Campagnenaam"],
    adGroup: ["Ad set name", "Naam advertentieset"],
    ad: ["Ad name", "Advertentienaam"],
    reach: ["Reach", "Bereik"],
    impressions: ["Impressions", "Weergaven"],
    clicks: ["Link clicks", "Klikken op link", "Clicks (all)", "Klikken (alle)"],
    spendCents: ["Amount spent (EUR)", "Besteed bedrag (EUR)"],
    conversions: ["Results", "Resultaten", "Purchases", "Aankopen"],
    conversionValueCents: [
      "Purchase conversion value",
      "Waarde van conversies",
      "Purchases conversion value",
      "Waarde van conversies voor aankopen",
      "Website purchases conversion value",
    ],
  },
  required: [["date", "periodStart"], "campaign", "impressions", "clicks", "spendCents"],
  kind: (has) => (has("ad") ? "ad" : has("adGroup") ? "adset" : "campaign"),
};
