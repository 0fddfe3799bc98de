import { defineMetrics } from "./types.ts";

// GEDRAG › Website: pages and landing pages (DESIGN §5, REPORT-DEFINITIONS §3). A session ends after 30
// minutes without activity; a bounce is a session with one pageview and no interactive event.

export const WEB_METRICS = defineMetrics([
  {
    key: "pageviews",
    label: "Paginaweergaven",
    unit: "count",
    vat: "none",
    definition: "Hoe vaak een pagina werd getoond.",
  },
  {
    key: "visitors",
    label: "Bezoekers",
    unit: "count",
    vat: "none",
    definition:
      "Verschillende bezoekers; de bezoeker-id wisselt elke dag, dus over meer dagen telt iemand vaker.",
  },
  {
    key: "page_sessions",
    label: "Sessies met de pagina",
    unit: "count",
    vat: "none",
    definition: "Sessies die de pagina minstens één keer lieten zien.",
  },
  {
    key: "time_on_page",
    label: "Tijd op pagina",
    unit: "seconds",
    vat: "none",
    definition:
      "Zichtbare tijd op de pagina (zonder melding: tijd tot de volgende pagina, de laatste pagina van een sessie telt dan niet) opgeteld, ÷ bezoekers met een gemeten tijd. Per weergave telt hoogstens 30 minuten.",
  },
  {
    key: "entries",
    label: "Instappen",
    unit: "count",
    vat: "none",
    definition: "Sessies die op deze pagina begonnen.",
  },
  {
    key: "exits",
    label: "Uitstappen",
    unit: "count",
    vat: "none",
    definition: "Weergaven die de laatste van hun sessie waren.",
  },
  {
    key: "exit_rate",
    label: "Uitstappercentage",
    unit: "percent",
    vat: "none",
    good: "down",
    definition: "Uitstappen ÷ paginaweergaven.",
  },
  {
    key: "bounce_rate",
    label: "Bouncepercentage",
    unit: "percent",
    vat: "none",
    good: "down",
    definition: "Sessies met één pagina en geen interactie ÷ sessies (bij een pagina: die daar begonnen).",
  },
  {
    key: "claims_after",
    label: "Voucherclaims erna",
    unit: "count",
    vat: "none",
    definition: "Vouchers geclaimd in een sessie na (of tijdens) een weergave van de pagina.",
  },
  {
    key: "conversions_after",
    label: "Conversies (Wasbord) erna",
    unit: "count",
    vat: "none",
    definition: "Wasbord-conversies in een sessie na (of tijdens) een weergave van de pagina.",
  },
  {
    key: "visit_duration",
    label: "Bezoekduur",
    unit: "seconds",
    vat: "none",
    definition: "Σ duur van de sessies (een bounce telt als 0 s) ÷ sessies.",
  },
  {
    key: "pages_per_session",
    label: "Pagina's per sessie",
    unit: "ratio",
    vat: "none",
    definition: "Paginaweergaven ÷ sessies.",
  },
  {
    key: "revenue_per_session",
    label: "Omzet per sessie incl. btw",
    unit: "eur_cents",
    vat: "incl",
    definition: "Omzet van de conversies (incl. btw, zoals de website die meldt) ÷ sessies.",
  },
]);
