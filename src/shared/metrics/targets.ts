import { defineMetrics } from "./types.ts";

// Targets per site and month (Instellingen › Doelen) and whether the month is on course for them
// (REPORT-DEFINITIONS §6): what came in up to today plus what is expected for the rest of the month.

const rest =
  "plus de verwachte wassen van de rest van de maand (vanaf vandaag, elke dag met het prognosemodel)";
const atRate = (what: string) => `${rest}, maal ${what} per was van de vestiging in de 56 dagen vóór vandaag`;

export const TARGET_METRICS = defineMetrics([
  {
    key: "target_washes",
    label: "Doel wassen",
    unit: "count",
    vat: "none",
    definition:
      "Het doel voor het aantal wassen in de maand, per vestiging gezet onder Instellingen › Doelen.",
  },
  {
    key: "projected_washes",
    label: "Verwachte wassen in de maand",
    unit: "count",
    vat: "none",
    definition: `De wassen van de maand tot vandaag ${rest}.`,
  },
  {
    key: "target_share_washes",
    label: "Wassen ten opzichte van doel",
    unit: "percent",
    vat: "none",
    good: "up",
    definition:
      "Verwachte wassen in de maand gedeeld door het doel (vestigingen zonder doel tellen niet mee); 100 % of meer is op koers.",
  },
  {
    key: "target_revenue",
    label: "Doel omzet excl. btw",
    unit: "eur_cents",
    vat: "excl",
    definition:
      "Het doel voor de omzet excl. btw in de maand, per vestiging gezet onder Instellingen › Doelen.",
  },
  {
    key: "projected_revenue",
    label: "Verwachte omzet excl. btw in de maand",
    unit: "eur_cents",
    vat: "excl",
    definition: `De omzet excl. btw van de maand tot vandaag ${atRate("de omzet excl. btw")}.`,
  },
  {
    key: "target_share_revenue",
    label: "Omzet ten opzichte van doel",
    unit: "percent",
    vat: "excl",
    good: "up",
    definition: "Verwachte omzet excl. btw in de maand gedeeld door het doel; 100 % of meer is op koers.",
  },
  {
    key: "target_new_members",
    label: "Doel nieuwe leden",
    unit: "count",
    vat: "none",
    definition: "Het doel voor het aantal nieuwe leden van de wasclub in de maand, per vestiging.",
  },
  {
    key: "projected_new_members",
    label: "Verwachte nieuwe leden in de maand",
    unit: "count",
    vat: "none",
    definition: `De nieuwe leden van de maand tot vandaag ${atRate("de nieuwe leden")}.`,
  },
  {
    key: "target_share_new_members",
    label: "Nieuwe leden ten opzichte van doel",
    unit: "percent",
    vat: "none",
    good: "up",
    definition: "Verwachte nieuwe leden in de maand gedeeld door het doel; 100 % of meer is op koers.",
  },
]);
