import { defineMetrics } from "./types.ts";

// KLANTEN: plates, visits, new and returning customers, recognition, flow and location.

export const CUSTOMER_METRICS = defineMetrics([
  {
    key: "visits",
    label: "Bezoeken",
    unit: "count",
    vat: "none",
    definition:
      "Aankomsten: lezingen van hetzelfde kenteken op dezelfde vestiging binnen 30 minuten zijn één bezoek.",
  },
  {
    key: "plates",
    label: "Unieke kentekens",
    unit: "count",
    vat: "none",
    definition:
      "Verschillende kentekens die bij de ingang werden gelezen; per staaf of rij: verschillend binnen die dag, week, maand of groep.",
  },
  {
    key: "visits_per_plate",
    label: "Bezoeken per kenteken",
    unit: "ratio",
    vat: "none",
    definition: "Bezoeken ÷ unieke kentekens.",
  },
  {
    key: "new",
    label: "Nieuwe klanten (eerste bezoek)",
    unit: "count",
    vat: "none",
    definition:
      "Kentekens waarvan het eerste bezoek ooit, bij welke vestiging van de keten ook, in de periode (of staaf) valt.",
    elsewhere: ["weekly-mail", "alerts"],
  },
  {
    key: "new_share",
    label: "Aandeel nieuwe klanten",
    unit: "percent",
    vat: "none",
    definition:
      "Nieuwe klanten (eerste bezoek) ÷ unieke kentekens: het deel dat nooit eerder bij een vestiging is gezien.",
  },
  {
    key: "returning",
    label: "Terugkerende klanten",
    unit: "count",
    vat: "none",
    definition: "Kentekens die al eerder bij een van onze vestigingen waren.",
  },
  {
    key: "returning_share",
    label: "Aandeel terugkerend",
    unit: "percent",
    vat: "none",
    definition: "Terugkerende klanten ÷ unieke kentekens.",
  },
  {
    key: "plates_by_frequency",
    label: "Kentekens naar aantal bezoeken",
    unit: "count",
    vat: "none",
    definition: "Unieke kentekens per aantal bezoeken in de periode (1, 2, 3–5, 6–10, meer dan 10).",
  },
  {
    key: "plates_share",
    label: "Aandeel kentekens",
    unit: "percent",
    vat: "none",
    definition: "Unieke kentekens in de groep ÷ alle unieke kentekens.",
  },
  {
    key: "visits_share",
    label: "Aandeel bezoeken",
    unit: "percent",
    vat: "none",
    definition: "Bezoeken van de groep ÷ alle bezoeken.",
  },
  {
    key: "purchases",
    label: "Bezoeken met aankoop",
    unit: "count",
    vat: "none",
    definition: "Bezoeken met een verkoop op de vestiging.",
  },
  {
    key: "sites",
    label: "Bezochte vestigingen",
    unit: "count",
    vat: "none",
    definition: "Verschillende vestigingen die het kenteken bezocht.",
  },
  {
    key: "reads",
    label: "Lezingen",
    unit: "count",
    vat: "none",
    definition: "Alle camerabeelden bij de ingang, met en zonder herkend kenteken.",
  },
  {
    key: "read_rate",
    label: "Leesgraad",
    unit: "percent",
    vat: "none",
    definition: "Lezingen met een herkend kenteken ÷ alle lezingen.",
  },
  {
    key: "read_rate_by_hour",
    label: "Leesgraad per uur van de dag",
    unit: "percent",
    vat: "none",
    definition: "De leesgraad per uur van de dag, over de hele periode.",
  },
  {
    key: "no_reads",
    label: "Niet gelezen",
    unit: "count",
    vat: "none",
    good: "down",
    definition: "Lezingen zonder kenteken (vuile camera, tegenlicht, buitenlands of geen kenteken).",
  },
  {
    key: "confidence",
    label: "Gemiddelde betrouwbaarheid",
    unit: "percent",
    vat: "none",
    definition: "De zekerheid die de camera zelf opgeeft, gemiddeld over de herkende kentekens.",
  },
  {
    key: "low_confidence_share",
    label: "Twijfelachtig gelezen",
    unit: "percent",
    vat: "none",
    good: "down",
    definition:
      "Herkende kentekens met een betrouwbaarheid onder 80% ÷ herkende kentekens met een betrouwbaarheid.",
  },
  {
    key: "conversion",
    label: "Bezoek met aankoop",
    unit: "percent",
    vat: "none",
    definition:
      "Herkende bezoeken waarbij binnen 30 minuten met hetzelfde kenteken een verkoop op de vestiging volgde ÷ herkende bezoeken.",
  },
  {
    key: "lost",
    label: "Verloren klanten",
    unit: "count",
    vat: "none",
    good: "down",
    definition: "Kentekens die in de vorige periode (even lang, direct ervoor) kwamen en nu niet.",
  },
  {
    key: "won_back",
    label: "Teruggekomen klanten",
    unit: "count",
    vat: "none",
    definition: "Kentekens die eerder klant waren, in de vorige periode niet kwamen en nu wel.",
  },
  {
    key: "median_gap_days",
    label: "Mediane tijd tussen bezoeken (dagen)",
    unit: "ratio",
    vat: "none",
    definition:
      "De helft van de terugkerende bezoeken kwam binnen zoveel dagen na het vorige bezoek van dezelfde klant.",
  },
  {
    key: "visits_by_gap",
    label: "Bezoeken naar tijd sinds het vorige bezoek",
    unit: "count",
    vat: "none",
    definition:
      "Terugkerende bezoeken, verdeeld naar het aantal dagen sinds het vorige bezoek van dezelfde klant.",
  },
  {
    key: "segment_share",
    label: "Aandeel van het segment",
    unit: "percent",
    vat: "none",
    definition:
      "Kentekens die van het segment van de vorige periode naar dit segment gingen ÷ kentekens in dat vorige segment.",
  },
  {
    key: "customers",
    label: "Klanten met postcode",
    unit: "count",
    vat: "none",
    definition:
      "Kentekens met een postcode bij een verkoop (app, abonnement, online), elk bij de postcode van de laatste.",
  },
  {
    key: "customers_share",
    label: "Aandeel klanten",
    unit: "percent",
    vat: "none",
    definition: "Klanten met postcode in de regio ÷ alle klanten met postcode.",
  },
  {
    key: "known_share",
    label: "Verkopen met postcode",
    unit: "percent",
    vat: "none",
    definition: "Verkopen waarbij de klant een postcode opgaf ÷ alle verkopen.",
  },
  {
    key: "sales",
    label: "Verkopen van klanten met postcode",
    unit: "count",
    vat: "none",
    definition: "Verkopen met een postcode van deze klanten.",
  },
  {
    key: "distance_km",
    label: "Gemiddelde afstand (km)",
    unit: "ratio",
    vat: "none",
    definition:
      "Hemelsbreed van de postcoderegio (PC2, een benadering) tot de dichtstbijzijnde vestiging, gemiddeld over de klanten.",
  },
  {
    key: "nearby_share",
    label: "Binnen 10 km",
    unit: "percent",
    vat: "none",
    definition: "Klanten uit een postcoderegio op hoogstens 10 km van een vestiging ÷ klanten met postcode.",
  },
  {
    key: "age",
    label: "Ouderdom van de gegevens",
    unit: "seconds",
    vat: "none",
    good: "down",
    definition: "Tijd sinds het laatste gegeven dat de bron (camera, kassa of platform) aanleverde.",
  },
]);
