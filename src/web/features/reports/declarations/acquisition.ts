import { declareReport } from "../../../components/reports/declaration.ts";
import { JourneyExtra } from "./acquisition/parts.tsx";

// ACQUISITIE: what the overview shows, from the envelope of /api/reports/acquisition.

export const acquisition = declareReport({
  id: "acquisition",
  intro:
    "Per kanaal wat er is uitgegeven, hoeveel wassende klanten het opleverde, wat elke gewonnen klant kostte en wat die na 90 dagen waard was. Advertentiecijfers zijn per dag; het vestigingsfilter geldt er niet voor.",
  kpis: [
    { title: "Kosten en opbrengst", keys: ["spend", "roas_paid", "linked_spend"] },
    {
      title: "Gewonnen klanten",
      keys: ["acquired", "cost_per_acquired", "value_90d", "maturing", "roas_90d", "cannibalisation"],
    },
  ],
  charts: [
    { title: "Sessies per kanaal", series: ["sessions:*"], kind: "bar", stacked: true },
    {
      title: "Advertentiekosten en omzet excl. btw (Wasbord)",
      series: ["spend", "our_revenue"],
      kind: "line",
      comparison: false,
    },
  ],
  extra: JourneyExtra,
  tables: ["by_channel", "join_health"],
});
