import { declareReport } from "../../../components/reports/declaration.ts";
import { ItemFlowExtra, VoucherFlowExtra } from "./behaviour/parts.tsx";

// ACQUISITIE › Vouchers and GEDRAG › Programmakeuze and Website: what the five screens show, from the
// envelopes of src/server/reports/behaviour. The sankeys load with their screen.

export const vouchers = declareReport({
  id: "vouchers",
  intro:
    "Wat er werd van de vouchercodes die in de periode zijn uitgegeven, per actie en kanaal: claims, inwisselingen, kortingskosten, nieuwe kentekens en of de korting in 90 dagen is terugverdiend. Klik op een actie om alleen die te zien.",
  kpis: [
    { title: "Codes", keys: ["issued", "claimed", "redeemed", "redemption_rate"] },
    { title: "Geld en klanten", keys: ["discount", "redemption_revenue", "new_plates", "payback"] },
  ],
  charts: [{ title: "Codes per uitgiftedatum", series: ["issued", "claimed", "redeemed"], kind: "bar" }],
  tables: ["promotions"],
});

export const vouchersFlow = declareReport({
  id: "vouchers/flow",
  intro:
    "Hoe codes die in de periode zijn uitgegeven verder gingen: geclaimd, ingewisseld, binnen 90 dagen terug als betalende klant, en of dat een abonnee of vaste klant werd; per maand van inwisseling wie binnen 30, 60 en 90 dagen terugkwam.",
  charts: [],
  extra: VoucherFlowExtra,
  tables: ["return_by_month"],
  isEmpty: (envelope) => !envelope.kpis.some((kpi) => kpi.key === "issued" && kpi.value),
});

export const itemFlow = declareReport({
  id: "item-flow",
  intro:
    "Welke wasprogramma's klanten kiezen, hoe vaak ze er een extra bij nemen, en hoe hun keuze verschuift van het ene bezoek naar het volgende: upgrade, hetzelfde of downgrade, en naar of van een abonnement.",
  kpis: [
    {
      title: "Programmakeuze",
      keys: ["washes", "attach_rate", "upgrades_rate", "same_rate", "downgrades_rate", "free_upgrade_kept"],
    },
    {
      title: "Leden (zie Abonnementen)",
      keys: ["members_new", "members_ended", "members_active", "member_churn", "membership_conversion"],
    },
  ],
  charts: [
    { title: "Wassen", series: ["washes"], kind: "bar", half: true },
    { title: "Extra's meegenomen", series: ["attach_rate"], kind: "line", half: true },
  ],
  extra: ItemFlowExtra,
  tables: ["mix", "transitions"],
});

export const contentPages = declareReport({
  id: "content-pages",
  intro:
    "Per pagina van de website: weergaven, bezoekers, tijd op de pagina, in- en uitstappen, bounces en de claims en conversies die volgden. Zoek een pagina of klik erop om te zien waar de bezoekers vandaan kwamen.",
  charts: [{ title: "Paginaweergaven en bezoekers", series: ["pageviews", "visitors"], kind: "line" }],
  tables: ["pages", "sources"],
});

export const contentLandingPages = declareReport({
  id: "content-landing-pages",
  intro:
    "Per pagina waarop een bezoek begon: hoe die bezoeken verliepen, wat ze opleverden aan conversies, voucherclaims, inwisselingen en gewonnen klanten. Klik op een pagina om alleen die te zien, per kanaal.",
  charts: [
    { title: "Sessies", series: ["sessions"], kind: "bar", half: true },
    { title: "Conversies", series: ["conversions"], kind: "line", half: true },
  ],
  tables: ["landing_pages", "by_channel"],
});
