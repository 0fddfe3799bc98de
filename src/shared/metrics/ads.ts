import { defineMetrics } from "./types.ts";

// The ad platforms' own figures (Facebook, Google Ads, Marktplaats, affiliate networks), as they report them
// (REPORT-DEFINITIONS §1): spend and commissions excl. VAT, their conversions never added across platforms.

export const AD_PLATFORM_METRICS = defineMetrics([
  {
    key: "spend",
    label: "Advertentiekosten",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition:
      "Wat de advertentieplatforms in rekening brachten, excl. btw, hele dagen; bij affiliates de commissie. Hoort bij geen vestiging.",
    aliases: ["ad_spend"],
  },
  {
    key: "impressions",
    label: "Vertoningen",
    unit: "count",
    vat: "none",
    definition: "Hoe vaak het platform de advertentie liet zien.",
  },
  {
    key: "reach",
    label: "Bereik",
    unit: "count",
    vat: "none",
    definition:
      "Unieke mensen volgens het platform, per advertentie per dag. Bereik telt niet op over dagen of advertenties (dezelfde mensen zien er meer), dus over meer dan één blijft het vak leeg.",
  },
  {
    key: "frequency",
    label: "Frequentie",
    unit: "ratio",
    vat: "none",
    definition:
      "Vertoningen ÷ bereik, voor één advertentie op één dag: over meer dagen of advertenties is er geen bereik om door te delen.",
  },
  {
    key: "clicks",
    label: "Klikken",
    unit: "count",
    vat: "none",
    definition: "Klikken op de advertentie, zoals het platform ze telt.",
  },
  { key: "ctr", label: "CTR", unit: "percent", vat: "none", definition: "Klikken ÷ vertoningen." },
  {
    key: "cpc",
    label: "CPC",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Advertentiekosten ÷ klikken (excl. btw).",
  },
  {
    key: "epc",
    label: "EPC",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Commissie ÷ klikken (excl. btw).",
  },
  {
    key: "cpm",
    label: "CPM",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Advertentiekosten per 1.000 vertoningen (excl. btw).",
  },
  {
    key: "platform_conversions",
    label: "Conversies (platform)",
    unit: "ratio",
    vat: "none",
    definition:
      "Zoals het platform ze telt (eigen toeschrijving, op de klikdatum, ook delen van een conversie); niet op te tellen over platforms.",
  },
  {
    key: "platform_conversion_rate",
    label: "Conversieratio (platform)",
    unit: "percent",
    vat: "none",
    definition: "Conversies volgens het platform ÷ klikken.",
  },
  {
    key: "cost_per_conversion",
    label: "Kosten per conversie (platform)",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Advertentiekosten ÷ conversies volgens het platform (excl. btw).",
  },
  {
    key: "conversion_value",
    label: "Conversiewaarde (platform)",
    unit: "eur_cents",
    vat: "excl",
    definition: "De waarde die het platform aan zijn conversies toekent, excl. btw.",
  },
  {
    key: "roas",
    label: "ROAS (platform)",
    unit: "ratio",
    vat: "excl",
    definition:
      "Conversiewaarde volgens de platforms ÷ advertentiekosten, beide excl. btw (bij affiliates: transactiewaarde ÷ commissie).",
  },
  {
    key: "network_transactions",
    label: "Transacties (netwerk)",
    unit: "count",
    vat: "none",
    definition: "De transacties die het affiliatenetwerk meldt en waarvoor het commissie rekent.",
  },
  {
    key: "network_cpa",
    label: "CPA (netwerk)",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Commissie ÷ transacties volgens het netwerk (excl. btw).",
  },
  {
    key: "network_value",
    label: "Transactiewaarde (netwerk)",
    unit: "eur_cents",
    vat: "excl",
    definition: "De waarde die het affiliatenetwerk aan zijn transacties toekent, excl. btw.",
  },
  {
    key: "quality_score",
    label: "Kwaliteitsscore",
    unit: "ratio",
    vat: "none",
    definition:
      "De laatste score van het zoekwoord in de periode; over meer zoekwoorden gewogen naar vertoningen.",
  },
  {
    key: "spend_shift",
    label: "Toe-/afname advertentiekosten",
    unit: "eur_cents",
    vat: "excl",
    good: "neutral",
    definition:
      "Advertentiekosten in de periode min die in de vergelijkingsperiode, in euro excl. btw: positief is meer uitgegeven, negatief minder.",
  },
  {
    key: "campaigns",
    label: "Aantal campagnes",
    unit: "count",
    vat: "none",
    definition: "Campagnes waarover het platform in de periode cijfers meldde (ten minste één dag).",
  },
  {
    key: "names",
    label: "Namen",
    unit: "count",
    vat: "none",
    definition: "Hoeveel namen (campagnes, advertenties …) van dit niveau in de koppeling vallen.",
  },
  {
    key: "spend_share",
    label: "Aandeel advertentiekosten",
    unit: "percent",
    vat: "none",
    definition: "Advertentiekosten van de regel ÷ alle advertentiekosten van het niveau.",
  },
  {
    key: "linked_spend",
    label: "Gekoppelde advertentiekosten",
    unit: "percent",
    vat: "none",
    definition:
      "Deel van de advertentiekosten van campagnes waarvan de naam in utm_campaign van een sessie in de periode staat.",
  },
]);
