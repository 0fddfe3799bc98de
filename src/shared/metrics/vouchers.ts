import { defineMetrics } from "./types.ts";

// Vouchers and their flow: issued → claimed → redeemed → back as a paying customer (REPORT-DEFINITIONS §3).

const back = (days: number) => ({
  key: `back_${days}` as const,
  label: `Terug ≤ ${days} dagen`,
  unit: "percent" as const,
  vat: "none" as const,
  definition: `Inwisselingen waarna het kenteken binnen ${days} dagen weer betaalde zonder voucher ÷ inwisselingen waarvan de ${days} dagen voorbij zijn; leeg als die er nog niet zijn.`,
});

export const VOUCHER_METRICS = defineMetrics([
  {
    key: "issued",
    label: "Uitgegeven",
    unit: "count",
    vat: "none",
    definition:
      "Codes uitgegeven in de periode (bij een claim op de website, of gedrukt op flyers); wat ermee gebeurde telt tot nu.",
  },
  {
    key: "claimed",
    label: "Geclaimd",
    unit: "count",
    vat: "none",
    definition: "Uitgegeven codes die iemand op de website ophaalde.",
  },
  {
    key: "redeemed",
    label: "Ingewisseld",
    unit: "count",
    vat: "none",
    definition: "Uitgegeven codes die aan de kassa zijn ingewisseld.",
  },
  {
    key: "claim_rate",
    label: "Claimgraad",
    unit: "percent",
    vat: "none",
    definition: "Geclaimd ÷ uitgegeven.",
  },
  {
    key: "redemption_rate",
    label: "Inwisselgraad",
    unit: "percent",
    vat: "none",
    definition:
      "Ingewisseld ÷ geclaimd. Flyercodes worden ook zonder claim ingewisseld: zie ook ingewisseld van uitgegeven.",
  },
  {
    key: "redeemed_of_issued",
    label: "Ingewisseld van uitgegeven",
    unit: "percent",
    vat: "none",
    definition: "Ingewisseld ÷ uitgegeven.",
  },
  {
    key: "discount",
    label: "Kortingskosten",
    unit: "eur_cents",
    vat: "incl",
    good: "down",
    definition: "Korting op de inwisselende verkopen, incl. btw.",
  },
  {
    key: "redemption_revenue",
    label: "Omzet inwisselingen excl. btw",
    unit: "eur_cents",
    vat: "excl",
    definition: "Wat de inwisselende verkopen opbrachten, excl. btw.",
  },
  {
    key: "new_plates",
    label: "Aandeel nieuwe kentekens",
    unit: "percent",
    vat: "none",
    definition:
      "Inwisselingen door een kenteken dat nooit eerder werd gezien ÷ inwisselingen met een bekend kenteken.",
  },
  {
    key: "payback",
    label: "Terugverdiend (90 dagen)",
    unit: "ratio",
    vat: "excl",
    definition:
      "Omzet excl. btw van het inwisselende kenteken vanaf de inwisseling tot 90 dagen later ÷ kortingskosten; alleen inwisselingen waarvan de 90 dagen voorbij zijn. Onder 1: de korting kostte meer dan de klanten in 90 dagen opbrachten.",
  },
  {
    key: "redemptions_maturing",
    label: "Inwisselingen in rijping",
    unit: "count",
    vat: "none",
    definition: "Inwisselingen waarvan de 90 dagen nog lopen; die tellen nog niet mee in het terugverdienen.",
  },
  {
    key: "cap_use",
    label: "Limiet gebruikt",
    unit: "percent",
    vat: "none",
    definition: "Inwisselingen van de actie tot nu ÷ het maximum aantal inwisselingen; leeg zonder maximum.",
  },
  {
    key: "expired",
    label: "Verlopen",
    unit: "count",
    vat: "none",
    definition:
      "Niet ingewisseld en niet meer geldig: de actie is voorbij, of de claim is meer dan 30 dagen oud.",
  },
  {
    key: "multi_code_plates",
    label: "Kentekens met meer codes",
    unit: "count",
    vat: "none",
    definition: "Inwisselende kentekens die in totaal meer dan één code inwisselden.",
  },
  {
    key: "days_to_claim",
    label: "Dagen uitgifte → claim",
    unit: "ratio",
    vat: "none",
    definition: "Mediaan van de dagen van uitgifte tot claim, over de geclaimde codes.",
  },
  {
    key: "days_to_redeem",
    label: "Dagen claim → inwisseling",
    unit: "ratio",
    vat: "none",
    definition: "Mediaan van de dagen van claim tot inwisseling; voor codes zonder claim vanaf de uitgifte.",
  },
  {
    key: "days_to_return",
    label: "Dagen inwisseling → terug",
    unit: "ratio",
    vat: "none",
    definition: "Mediaan van de dagen tot de eerste betaalde wasbeurt zonder voucher (binnen 90 dagen).",
  },
  {
    key: "back_share",
    label: "Terug binnen 90 dagen",
    unit: "percent",
    vat: "none",
    definition:
      "Ingewisselde codes waarna het kenteken binnen 90 dagen weer betaalde zonder voucher ÷ ingewisselde codes.",
  },
  back(30),
  back(60),
  back(90),
  {
    key: "with_plate",
    label: "Inwisselingen met kenteken",
    unit: "count",
    vat: "none",
    definition: "Inwisselingen waarbij het kenteken bekend is.",
  },
]);
