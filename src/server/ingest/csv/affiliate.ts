import type { Alias, FormatSpec } from "./format";

// Affiliate network exports: statistics (a row per publisher and day with counts) or transactions (a row
// per sale or lead; these are added up per publisher and day, rejected ones left out). The commission is
// the spend. Daisycon calls its publishers "media", TradeTracker "affiliate sites"; other networks with
// the same columns are read as a plain affiliate export.

const publisher: readonly Alias[] = [
  "Publisher",
  "Affiliate",
  "Site",
  "Publisher name",
  "Publishernaam",
  "Website",
];

const columns: FormatSpec["columns"] = {
  account: ["Adverteerder", "Advertiser", "Account"],
  date: ["Datum", "Date", "Transactiedatum", "Transaction date", "Registratiedatum", "Registration date"],
  campaign: ["Campagne", "Campaign", "Campagnenaam", "Programma", "Program"],
  affiliate: publisher,
  ad: ["Materiaal", "Creative", "Promotiemateriaal", "Advertentiemateriaal"],
  impressions: ["Impressies", "Impressions", "Views", "Vertoningen"],
  clicks: ["Kliks", "Clicks", "Klikken"],
  conversions: ["Transacties", "Transactions", "Conversies", ["Leads", "Sales"], "Leads", "Sales"],
  spendCents: ["Commissie", "Commission", "Totale commissie", "Total commission"],
  conversionValueCents: ["Orderwaarde", "Order value", "Orderbedrag", "Order amount", "Omzet", "Revenue"],
  transactionId: ["Transactie ID", "Transaction ID", "Transactienummer", "Transaction number"],
  status: ["Status", "Transactiestatus", "Transaction status"],
};

const required: FormatSpec["required"] = ["date", "campaign", "affiliate", "spendCents"];
const kind: FormatSpec["kind"] = (has) =>
  has("transactionId") && !has("conversions") ? "transactions" : "statistics";

const daisyconMedia = ["Media", "Medianaam", "Media naam", "Media name"];
const tradetrackerSite = ["Affiliatesite", "Affiliate site", "Affiliatesitenaam", "Affiliate site name"];

export const daisycon: FormatSpec = {
  platform: "affiliate",
  label: "Daisycon",
  variant: "daisycon",
  columns: { ...columns, affiliate: [...daisyconMedia, ...publisher] },
  required,
  signature: [...daisyconMedia, "Media ID"],
  kind,
};

export const tradetracker: FormatSpec = {
  platform: "affiliate",
  label: "TradeTracker",
  variant: "tradetracker",
  columns: { ...columns, affiliate: [...tradetrackerSite, ...publisher] },
  required,
  signature: [...tradetrackerSite, "Affiliate site ID", "Affiliatesite ID"],
  kind,
};

export const otherAffiliate: FormatSpec = {
  platform: "affiliate",
  label: "Affiliatenetwerk",
  columns,
  required,
  kind,
};
