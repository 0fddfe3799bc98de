import { defineMetrics } from "./types.ts";

// ACQUISITIE: what Wasbord saw of the clicks, the channels and the customer journey (REPORT-DEFINITIONS
// §1–§3). Spend is excl. VAT, so every ROAS and cost ratio uses revenue excl. VAT. Platform figures
// (ads.ts) and Wasbord's are never merged: each has its own label.

export const JOURNEY_METRIC_DEFINITIONS = defineMetrics([
  {
    key: "sessions",
    label: "Sessies (Wasbord)",
    unit: "count",
    vat: "none",
    definition:
      "Websitebezoeken zoals Wasbord ze meet, bij het kanaal van de sessie (een directe sessie telt voor het kanaal waarmee dezelfde bezoeker eerder die dag binnenkwam); bij een advertentie: de sessies waarvan utm_campaign, utm_term en utm_content haar namen dragen.",
  },
  {
    key: "landing_rate",
    label: "Landingsratio (sessies ÷ klikken)",
    unit: "percent",
    vat: "none",
    definition:
      "Sessies (Wasbord) ÷ klikken: hoeveel klikken als bezoek op de website aankwamen (een Admarkt-klik opent eerst de advertentie op Marktplaats).",
  },
  {
    key: "conversions",
    label: "Conversies (Wasbord)",
    unit: "count",
    vat: "none",
    definition:
      "Aankopen op de website zoals Wasbord ze meet (conversie-events), bij de sessie waarin ze vielen; nooit opgeteld bij die van de platforms.",
    aliases: ["our_conversions"],
  },
  {
    key: "conversion_rate",
    label: "Conversieratio (Wasbord)",
    unit: "percent",
    vat: "none",
    definition: "Sessies met minstens één conversie ÷ sessies.",
  },
  {
    key: "our_cpa",
    label: "CPA (Wasbord)",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Advertentiekosten ÷ conversies (Wasbord).",
    aliases: ["cpa"],
  },
  {
    key: "our_revenue",
    label: "Omzet excl. btw (Wasbord)",
    unit: "eur_cents",
    vat: "excl",
    definition:
      "Online aankopen in de sessies plus wat de daar geclaimde vouchers aan de kassa opbrachten, excl. btw.",
  },
  {
    key: "our_roas",
    label: "ROAS (Wasbord)",
    unit: "ratio",
    vat: "excl",
    definition: "Omzet excl. btw (Wasbord) van de rij ÷ haar advertentiekosten.",
  },
  {
    key: "roas_paid",
    label: "ROAS betaalde kanalen",
    unit: "ratio",
    vat: "excl",
    definition:
      "Omzet excl. btw (Wasbord) van de betaalde kanalen ÷ hun advertentiekosten; organisch en direct tellen niet mee, kanalen zonder kosten hebben geen ROAS.",
  },
  {
    key: "claims",
    label: "Voucherclaims",
    unit: "count",
    vat: "none",
    definition: "Vouchercodes opgehaald op de website in de sessies van de rij.",
  },
  {
    key: "redemptions",
    label: "Inwisselingen",
    unit: "count",
    vat: "none",
    definition:
      "Kassaverkopen met een voucher die in zo'n sessie is geclaimd (hoogstens 30 dagen na de claim).",
  },
  {
    key: "acquired",
    label: "Gewonnen klanten",
    unit: "count",
    vat: "none",
    definition:
      "Kentekens waarvan het eerste bezoek ooit een voucher inwisselde die in zo'n sessie is geclaimd, of een online aankoop uit zo'n sessie was.",
  },
  {
    key: "cost_per_acquired",
    label: "Kosten per gewonnen klant",
    unit: "eur_cents",
    vat: "excl",
    good: "down",
    definition: "Advertentiekosten ÷ gewonnen klanten.",
  },
  {
    key: "value_90d",
    label: "90-dagenwaarde per gewonnen klant",
    unit: "eur_cents",
    vat: "excl",
    definition:
      "Omzet excl. btw van een gewonnen klant vanaf het eerste bezoek tot 90 dagen later; alleen klanten met 90 volle dagen (de overige zijn nog in rijping).",
  },
  {
    key: "maturing",
    label: "Gewonnen klanten in rijping",
    unit: "count",
    vat: "none",
    good: "neutral",
    definition:
      "Gewonnen klanten van wie de eerste 90 dagen nog niet voorbij zijn: zij tellen niet mee in de 90-dagenwaarde.",
  },
  {
    key: "roas_90d",
    label: "90-dagen-ROAS",
    unit: "ratio",
    vat: "excl",
    definition:
      "90-dagenwaarde van de volgroeide gewonnen klanten ÷ de advertentiekosten op de dagen waarop zij binnenkwamen.",
  },
  {
    key: "cannibalisation",
    label: "Kannibalisatie",
    unit: "percent",
    vat: "none",
    good: "down",
    definition: "Inwisselingen door een kenteken dat al eerder kwam ÷ inwisselingen met een kenteken.",
  },
  {
    key: "seen_last_year",
    label: "Inwisselingen door klanten van het afgelopen jaar",
    unit: "count",
    vat: "none",
    good: "down",
    definition:
      "Inwisselingen door een kenteken dat in de 12 maanden ervoor al kwam: commissie voor klanten die er al waren.",
  },
]);
