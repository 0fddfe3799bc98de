import { defineMetrics } from "./types.ts";

// The figures of the wash club (Abonnementen), from the till system's membership events
// (REPORT-DEFINITIONS §5): a month is a calendar month in Europe/Amsterdam, money is excl. VAT.
// They differ from Programmakeuze's "abonnementen", which are guessed from monthly payments, and so carry
// labels of their own ("leden").

export const MEMBERSHIP_METRICS = defineMetrics([
  {
    key: "members_active",
    label: "Actieve leden",
    unit: "count",
    vat: "none",
    elsewhere: ["weekly-mail"],
    definition:
      "Leden met een lopend abonnement aan het eind van de periode: aangemeld, niet opgezegd en niet gepauzeerd.",
  },
  {
    key: "mrr",
    label: "MRR (maandelijkse abonnementsomzet)",
    unit: "eur_cents",
    vat: "excl",
    elsewhere: ["weekly-mail"],
    definition:
      "De maandprijs excl. btw van de plannen van de actieve leden, opgeteld: wat de leden elke maand opbrengen.",
  },
  {
    key: "members_new",
    label: "Nieuwe leden",
    unit: "count",
    vat: "none",
    elsewhere: ["weekly-mail"],
    definition: "Aanmeldingen voor een abonnement in de periode.",
  },
  {
    key: "members_ended",
    label: "Gestopte leden",
    unit: "count",
    vat: "none",
    good: "down",
    elsewhere: ["weekly-mail", "alerts"],
    definition: "Abonnementen die in de periode eindigden: zelf opgezegd of gestopt na mislukte betalingen.",
  },
  {
    key: "members_ended_voluntary",
    label: "Zelf opgezegd",
    unit: "count",
    vat: "none",
    good: "down",
    definition: "Abonnementen die het lid in de periode zelf opzegde (vrijwillige churn).",
  },
  {
    key: "members_ended_involuntary",
    label: "Gestopt na mislukte betaling",
    unit: "count",
    vat: "none",
    good: "down",
    elsewhere: ["alerts"],
    definition:
      "Abonnementen die het kassasysteem in de periode beëindigde na mislukte betalingen (onvrijwillige churn).",
  },
  {
    key: "members_net",
    label: "Netto groei leden",
    unit: "count",
    vat: "none",
    definition: "Nieuwe leden min gestopte leden in de periode.",
  },
  {
    key: "member_churn",
    label: "Churn leden",
    unit: "percent",
    vat: "none",
    good: "down",
    definition:
      "Per kalendermaand: leden die aan het begin actief waren en in de maand stopten ÷ leden die aan het begin actief waren (aanmeldingen van de maand tellen niet mee); over een langere periode het gemiddelde van de hele maanden erin.",
  },
  {
    key: "member_churn_voluntary",
    label: "Churn leden, zelf opgezegd",
    unit: "percent",
    vat: "none",
    good: "down",
    definition: "Churn leden, alleen de leden die zelf opzegden.",
  },
  {
    key: "member_churn_involuntary",
    label: "Churn leden, mislukte betaling",
    unit: "percent",
    vat: "none",
    good: "down",
    definition: "Churn leden, alleen de leden die na mislukte betalingen stopten.",
  },
  {
    key: "member_declines",
    label: "Mislukte betalingen",
    unit: "count",
    vat: "none",
    good: "down",
    definition: "Betalingen van leden die in de periode mislukten (een geweigerde incasso of kaart).",
    elsewhere: ["alerts"],
  },
  {
    key: "decline_recovery",
    label: "Herstel mislukte betalingen",
    unit: "percent",
    vat: "none",
    definition:
      "Mislukte betalingen waarna hetzelfde lid binnen 14 dagen alsnog betaalde ÷ mislukte betalingen waarvan die 14 dagen voorbij zijn.",
  },
  {
    key: "membership_conversion",
    label: "Conversie naar lid",
    unit: "percent",
    vat: "none",
    elsewhere: ["alerts"],
    definition:
      "Aanmeldingen op de vestiging ÷ wassen die een aanmelding hadden kunnen worden: alle wassen min die van actieve leden en gratis wassen.",
  },
  {
    key: "eligible_washes",
    label: "Wassen zonder abonnement",
    unit: "count",
    vat: "none",
    definition:
      "Wassen op de vestiging min die van actieve leden en gratis wassen: de kansen op een aanmelding.",
  },
  {
    key: "membership_washes",
    label: "Wassen door leden",
    unit: "count",
    vat: "none",
    definition: "Wassen waarvan het kenteken op dat moment onder een actief abonnement viel.",
  },
  {
    key: "washes_per_member",
    label: "Wassen per lid per maand",
    unit: "ratio",
    vat: "none",
    definition:
      "Wassen door leden ÷ het gemiddelde aantal actieve leden per dag ÷ het aantal maanden (dagen ÷ 30,44).",
  },
  {
    key: "revenue_per_member",
    label: "Abonnementsgeld per lid per maand",
    unit: "eur_cents",
    vat: "excl",
    definition:
      "Geïnde abonnementsbetalingen excl. btw ÷ het gemiddelde aantal actieve leden per dag ÷ het aantal maanden (dagen ÷ 30,44).",
  },
  {
    key: "cross_site_usage",
    label: "Wassen bij een andere vestiging",
    unit: "percent",
    vat: "none",
    definition:
      "Aandeel van de wassen door leden op een andere vestiging dan waar hun abonnement verkocht is (online verkochte abonnementen niet meegeteld).",
  },
  {
    key: "cohort_members",
    label: "Leden in de cohorten",
    unit: "count",
    vat: "none",
    definition: "Aanmeldingen in de 24 kalendermaanden tot en met het einde van de periode.",
  },
  ...([3, 6, 12] as const).flatMap((k) => [
    {
      key: `member_retention_${k}` as const,
      label: `Nog lid na ${k} maanden`,
      unit: "percent" as const,
      vat: "none" as const,
      definition: `Leden die aan het eind van de ${k}e maand na hun aanmeldingsmaand nog actief waren ÷ alle leden van die maanden; alleen maanden waarvan dat moment voorbij is.`,
    },
    {
      key: `member_ltv_${k}` as const,
      label: `Opbrengst per lid na ${k} maanden`,
      unit: "eur_cents" as const,
      vat: "excl" as const,
      definition: `Geïnde abonnementsbetalingen excl. btw in de eerste ${k} maanden (de aanmeldingsmaand meegeteld) ÷ het aantal leden; alleen maanden waarvan die ${k} maanden voorbij zijn.`,
    },
  ]),
  {
    key: "members_at_risk",
    label: "Leden met risico",
    unit: "count",
    vat: "none",
    good: "down",
    definition:
      "Actieve leden met een open mislukte betaling (nog niet alsnog betaald), of die langer niet wasten dan twee keer hun gebruikelijke tussenpoos (bij minstens 4 wasbeurten).",
  },
  {
    key: "open_declines",
    label: "Open mislukte betalingen",
    unit: "count",
    vat: "none",
    good: "down",
    definition: "Actieve leden van wie de laatste betaling mislukte en die sindsdien nog niet betaalden.",
  },
  {
    key: "churn_risk",
    label: "Risicoscore",
    unit: "percent",
    vat: "none",
    good: "down",
    definition:
      "De kans dat het lid binnen een maand stopt, volgens een model van de eigen geschiedenis van de club (looptijd, mislukte betalingen, hoe vaak en hoe lang geleden gewassen, pauzes, kanaal, prijs).",
  },
  {
    key: "risk_top_decile",
    label: "Stopte in de hoogste 10 % risico",
    unit: "percent",
    vat: "none",
    definition:
      "Toets op de laatste hele maand: van de 10 % leden met de hoogste risicoscore aan het begin ervan, het deel dat in die maand stopte. Het model kende die maand niet.",
  },
  {
    key: "risk_base_rate",
    label: "Stopte, alle leden in de toets",
    unit: "percent",
    vat: "none",
    definition:
      "Toets op de laatste hele maand: het deel van alle leden van het begin ervan dat in die maand stopte.",
  },
  {
    key: "risk_auc",
    label: "Onderscheidend vermogen (AUC)",
    unit: "ratio",
    vat: "none",
    definition:
      "Toets op de laatste hele maand: de kans dat een lid dat stopte een hogere risicoscore had dan een lid dat bleef. 0,5 is gokken, 1 is perfect.",
  },
  {
    key: "days_since_wash",
    label: "Dagen niet gewassen",
    unit: "count",
    vat: "none",
    definition: "Dagen sinds de laatste wasbeurt van het lid (zonder wasbeurt: sinds de aanmelding).",
  },
  {
    key: "usual_gap",
    label: "Gebruikelijke tussenpoos (dagen)",
    unit: "count",
    vat: "none",
    definition:
      "De mediaan van de dagen tussen de wasbeurten van het lid in het jaar ervoor (bij minstens 4 wasbeurten).",
  },
  {
    key: "backtest_members",
    label: "Leden in de toets",
    unit: "count",
    vat: "none",
    definition: "Leden die aan het begin van de toetsmaand actief waren, in deze risicogroep.",
  },
  {
    key: "backtest_ended",
    label: "Gestopt in de toetsmaand",
    unit: "count",
    vat: "none",
    definition: "Van de leden in de toets, wie in de toetsmaand stopte.",
  },
  {
    key: "backtest_rate",
    label: "Aandeel gestopt in de toetsmaand",
    unit: "percent",
    vat: "none",
    definition: "Gestopt in de toetsmaand ÷ leden in de toets.",
  },
]);
