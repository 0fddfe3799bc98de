import { defineMetrics } from "./types.ts";

// GEDRAG › Experiments (REPORT-DEFINITIONS §4): per variant, counted in visitor-days after the first
// exposure. Its own labels: a visitor of an experiment is not a visitor of All Pages.

export const EXPERIMENT_METRICS = defineMetrics([
  {
    key: "exposed_visitors",
    label: "Blootgestelde bezoekers",
    unit: "count",
    vat: "none",
    definition:
      "Bezoeker-dagen die de variant te zien kregen; wie meer dan één variant zag, telt niet mee (boven 1% een waarschuwing).",
  },
  {
    key: "exposed_conversions",
    label: "Conversies na blootstelling",
    unit: "count",
    vat: "none",
    definition: "Wasbord-conversies van die bezoekers na hun eerste blootstelling.",
  },
  {
    key: "exposed_conversion_rate",
    label: "Conversieratio na blootstelling",
    unit: "percent",
    vat: "none",
    definition: "Blootgestelde bezoekers met een conversie ÷ blootgestelde bezoekers.",
  },
  {
    key: "revenue_per_visitor",
    label: "Omzet per blootgestelde bezoeker",
    unit: "eur_cents",
    vat: "incl",
    definition:
      "Omzet van de conversies (incl. btw, zoals de website die meldt) ÷ blootgestelde bezoekers; wie niets kocht telt als 0, uitschieters afgekapt op het 99e percentiel van alle varianten samen.",
  },
  {
    key: "voucher_rate",
    label: "Voucherclaims per bezoeker",
    unit: "percent",
    vat: "none",
    definition: "Blootgestelde bezoekers die een voucher claimden ÷ blootgestelde bezoekers.",
  },
  {
    key: "exposed_voucher_claims",
    label: "Geclaimde vouchers na blootstelling",
    unit: "count",
    vat: "none",
    definition: "Vouchers die blootgestelde bezoekers claimden, op de dag en na de eerste blootstelling.",
  },
  {
    key: "exposed_redemptions",
    label: "Verzilverde vouchers na blootstelling",
    unit: "count",
    vat: "none",
    definition: "Van die geclaimde vouchers: verzilverd aan een kassa binnen 30 dagen na de claim.",
  },
  {
    key: "exposed_first_washes",
    label: "Eerste wasbeurten na blootstelling",
    unit: "count",
    vat: "none",
    definition:
      "Van die verzilveringen: door een kenteken bij zijn eerste bezoek ooit (niet eerder gelezen dan 30 minuten voor de verzilvering).",
  },
  {
    key: "uplift",
    label: "Uplift",
    unit: "percent",
    vat: "none",
    definition:
      "Relatief verschil van de variant met de controle, (variant − controle) ÷ controle, met het 95%-interval.",
  },
  {
    key: "chance_to_win",
    label: "Kans om te winnen",
    unit: "percent",
    vat: "none",
    definition:
      "De kans (Bayesiaans) dat de variant beter is dan de controle; boven 95% gewonnen, onder 5% verloren, pas vanaf 150 conversies.",
  },
  {
    key: "risk",
    label: "Risico",
    unit: "percent",
    vat: "none",
    definition: "Het verwachte verlies (relatief) als je deze keuze maakt en ze verkeerd blijkt.",
  },
]);
