import { defineMetrics } from "./types.ts";

// PLANNING: the expected washes and how good that expectation has been (REPORT-DEFINITIONS §6). "Expected" is
// the forecast model's (a Poisson regression per site on weekday, season, holidays, trend and the weather);
// the backtest forecasts each of the last 8 whole weeks with the model of the days before it.

/** The weather-corrected change of a daily figure against last year, in words. */
const corrected = (what: string) =>
  `De verandering van ${what} ten opzichte van dezelfde datums een jaar eerder, over de hele dagen van de periode, met het weer eruit gehaald: werkelijk ÷ verwacht dit jaar, gedeeld door werkelijk ÷ verwacht een jaar eerder, min 1. Verwacht is de prognose van elke dag met het gemeten weer; de dag een jaar eerder wordt verwacht op het niveau (de trend) van zijn dag dit jaar, zodat de verwachtingen alleen in weer en kalender (weekdagen, feestdagen) verschillen en de groei in de verandering blijft. Alleen vestigingen met genoeg geschiedenis voor een prognose tellen mee.`;

export const FORECAST_METRICS = defineMetrics([
  {
    key: "expected_washes",
    label: "Verwachte wassen",
    unit: "count",
    vat: "none",
    definition:
      "Wat het prognosemodel voor de dag verwacht: een model van de eigen geschiedenis van de vestiging (weekdag, seizoen, feestdagen en schoolvakantie, trend) en het weer van de dag (temperatuur, regen, zon), de weersverwachting waar die er is, anders het weer dat in die tijd van het jaar gebruikelijk is.",
  },
  {
    key: "expected_low",
    label: "Verwacht minstens (80%-interval)",
    unit: "count",
    vat: "none",
    definition:
      "De ondergrens van het 80%-interval: op 1 op de 10 dagen komen er minder wassen dan dit, zoals het model het verwacht.",
  },
  {
    key: "expected_high",
    label: "Verwacht hooguit (80%-interval)",
    unit: "count",
    vat: "none",
    definition:
      "De bovengrens van het 80%-interval: op 1 op de 10 dagen komen er meer wassen dan dit, zoals het model het verwacht.",
  },
  {
    key: "expected_next_7",
    label: "Verwacht komende 7 dagen",
    unit: "count",
    vat: "none",
    definition: "De verwachte wassen van vandaag en de 6 dagen erna samen.",
  },
  {
    key: "expected_so_far",
    label: "Verwacht tot nu",
    unit: "count",
    vat: "none",
    definition:
      "De verwachte wassen van vandaag maal het deel van de dag dat er al op is: het gebruikelijke aandeel van de uren tot nu op deze weekdag (de laatste 8 weken).",
  },
  {
    key: "backtest_expected",
    label: "Verwacht in de toets",
    unit: "count",
    vat: "none",
    definition:
      "Wat het model voor een dag van de laatste 8 hele weken verwachtte, gemaakt met alleen de gegevens van vóór die week en het gemeten weer van de dag.",
  },
  {
    key: "wape",
    label: "Afwijking prognose (WAPE)",
    unit: "percent",
    vat: "none",
    good: "down",
    definition:
      "Σ |werkelijk − verwacht| ÷ Σ werkelijk over de dagen van de laatste 8 hele weken (maandag tot en met zondag), elke week verwacht met het model van de dagen ervoor: hoeveel wassen het model er gemiddeld naast zat, als deel van alle wassen.",
  },
  {
    key: "wape_last_week",
    label: "Afwijking zelfde dag vorige week (WAPE)",
    unit: "percent",
    vat: "none",
    good: "down",
    definition:
      "De WAPE over dezelfde dagen als de prognose, met als verwachting het aantal wassen op dezelfde weekdag een week eerder.",
  },
  {
    key: "wape_usual",
    label: "Afwijking gebruikelijk (WAPE)",
    unit: "percent",
    vat: "none",
    good: "down",
    definition:
      "De WAPE over dezelfde dagen als de prognose, met als verwachting 'gebruikelijk' zoals de meldingen het gebruiken: de mediaan van de wassen op dezelfde weekdag in de 8 weken ervoor (een week zonder wassen telt als 0).",
  },
  {
    key: "forecast_coverage",
    label: "Binnen het 80%-interval",
    unit: "percent",
    vat: "none",
    good: "neutral",
    definition:
      "Het deel van de dagen van de laatste 8 hele weken waarop het werkelijke aantal wassen binnen het 80%-interval van de prognose lag; rond 80% klopt het interval.",
  },
  {
    key: "revenue_change_weather_corrected",
    label: "Omzet t.o.v. vorig jaar, gecorrigeerd voor het weer",
    unit: "percent",
    vat: "incl",
    good: "up",
    definition: corrected("de omzet incl. btw"),
  },
  {
    key: "transactions_change_weather_corrected",
    label: "Transacties t.o.v. vorig jaar, gecorrigeerd voor het weer",
    unit: "percent",
    vat: "none",
    good: "up",
    definition: corrected("het aantal transacties"),
  },
]);
