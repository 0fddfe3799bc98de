import { declareReport } from "../../../../components/reports/declaration.ts";
import { lazyPart } from "../lazy-part.tsx";

// ABONNEMENTEN: the wash club, from the membership events the till system sends.

export const memberships = declareReport({
  id: "memberships",
  intro:
    "Hoeveel leden er zijn en wat ze per maand opbrengen, wie er bij kwamen en wie stopten (zelf of na mislukte betalingen), hoe vaak leden wassen en welke vestigingen de meeste abonnementen verkopen.",
  charts: [
    { title: "Actieve leden", series: ["members_active"], kind: "line", half: true },
    { title: "MRR (maandelijkse abonnementsomzet)", series: ["mrr"], kind: "line", half: true },
    { title: "Nieuwe en gestopte leden", series: ["members_new", "members_ended"], kind: "bar" },
  ],
  tables: ["by_site", "by_plan"],
});

export const membershipCohorts = declareReport({
  id: "memberships/cohorts",
  intro:
    "Hoe lang leden blijven en wat ze opbrengen, per maand van aanmelding, per verkoopkanaal en per actie waarmee ze zich aanmeldden.",
  charts: [],
  extra: lazyPart(() => import("./cohorts-part.tsx"), 420),
  tables: ["by_month", "by_channel", "by_promotion"],
});

export const membershipMembers = declareReport({
  id: "memberships/members",
  intro:
    "Welke leden dreigen te stoppen en waarom: een mislukte betaling die nog openstaat, of veel langer niet gewassen dan ze gewend zijn. Met per lid een risicoscore voor de komende maand, en hoe goed die score het in de laatste hele maand deed.",
  charts: [],
  tables: ["members", "backtest"],
});
