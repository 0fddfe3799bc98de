import { declareReport } from "../../../components/reports/declaration.ts";
import { CohortsExtra, FlowExtra, GeoExtra } from "./customers/parts.tsx";

// KLANTEN: what the five customer screens show, from the envelopes of /api/reports/users-*. The bespoke
// parts (cohort matrix, heatmap and sankey, map) load with their screen.

export const usersRecognition = declareReport({
  id: "users-recognition",
  intro:
    "Hoe goed de camera's bij de ingang kentekens lezen, per vestiging, camera en uur, en hoeveel herkende bezoeken eindigen in een verkoop aan de kassa.",
  charts: [
    { title: "Lezingen", series: ["reads"], kind: "bar" },
    { title: "Leesgraad", series: ["read_rate"], kind: "line", half: true },
    { title: "Gemiddelde betrouwbaarheid", series: ["confidence"], kind: "line", half: true },
    { title: "Twijfelachtig gelezen", series: ["low_confidence_share"], kind: "line", half: true },
    { title: "Bezoek met aankoop", series: ["conversion"], kind: "line", half: true },
    { title: "Leesgraad per uur van de dag", series: ["read_rate_by_hour"], kind: "bar" },
  ],
  tables: ["by_site", "by_camera"],
});

export const usersUnique = declareReport({
  id: "users-unique",
  intro:
    "Hoeveel verschillende kentekens er kwamen, hoe vaak elk kenteken kwam en wie het vaakst kwam. Lezingen van hetzelfde kenteken op dezelfde vestiging binnen 30 minuten tellen als één bezoek.",
  charts: [
    { title: "Unieke kentekens", series: ["plates"], kind: "bar" },
    { title: "Bezoeken", series: ["visits"], kind: "line", half: true },
    {
      title: "Kentekens naar aantal bezoeken in de periode",
      series: ["plates_by_frequency"],
      kind: "bar",
      half: true,
    },
  ],
  tables: ["by_site", "by_frequency", "top_customers"],
});

export const usersType = declareReport({
  id: "users-type",
  intro:
    "Welke kentekens voor het eerst ooit bij een van de vestigingen kwamen en welke al eerder waren geweest, en hoe de nieuwe klanten van elke maand terugkomen.",
  charts: [
    { title: "Nieuw en terugkerend", series: ["new", "returning"], kind: "bar", stacked: true, half: true },
    { title: "Aandeel terugkerend", series: ["returning_share"], kind: "line", half: true },
  ],
  extra: CohortsExtra,
  tables: ["by_site"],
});

export const usersFlow = declareReport({
  id: "users-flow",
  intro:
    "Wanneer klanten komen, hoe lang het duurt voor ze terugkomen en hoe ze verschuiven tussen nieuw, incidenteel, regelmatig, vast en verloren ten opzichte van de periode ervoor.",
  charts: [{ title: "Bezoeken naar tijd sinds het vorige bezoek", series: ["visits_by_gap"], kind: "bar" }],
  extra: FlowExtra,
  tables: ["migration"],
});

export const usersGeo = declareReport({
  id: "users-geo",
  intro:
    "Waar de klanten wonen die een postcode opgaven (app, abonnement, online), per provincie en postcoderegio, en hoe ver dat van de dichtstbijzijnde vestiging is.",
  charts: [],
  extra: GeoExtra,
  tables: ["by_province", "by_region"],
});
