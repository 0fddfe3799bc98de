import type {
  ExperimentDetail,
  ExperimentSummary,
  ExperimentView,
} from "../../../../shared/experiments/report.ts";
import { MIN_CONVERSIONS } from "../../../../shared/experiments/verdict.ts";
import { formatEuro, formatNumber, formatPercent } from "../../../../shared/format.ts";
import { metricLabel } from "../../../../shared/metrics/registry.ts";

// What the experiments report says, in Dutch: the verdict with its reason, and one sentence per figure
// saying what it means and what it does not.

type Overall = ExperimentSummary["verdict"]["bayesian"];

export const verdictLabels: Record<Overall["verdict"], string> = {
  won: "Gewonnen",
  lost: "Verloren",
  draw: "Gelijk",
  undecided: "Nog geen conclusie",
};

/** Badge (filled) and alert colours; dark shades keep small text above WCAG AA's 4.5:1. */
export const verdictColors: Record<Overall["verdict"], { badge: string; alert: string }> = {
  won: { badge: "teal.9", alert: "teal" },
  lost: { badge: "red.9", alert: "red" },
  draw: { badge: "gray.7", alert: "gray" },
  undecided: { badge: "orange.9", alert: "gray" },
};

/** A signed relative change: "+4,1%", "−12,0%". */
export const signedPercent = (ratio: number) =>
  `${ratio > 0 ? "+" : ratio < 0 ? "−" : ""}${formatPercent(Math.abs(ratio))}`;

/** Why the verdict is what it is, in one sentence. */
export function verdictReason(detail: ExperimentDetail, view: ExperimentView): string {
  const verdict = detail.verdict[view];
  const variant = detail.variants.find((v) => v.key === verdict.variant);
  const name = variant?.name ?? "de variant";
  const chance = variant?.primary ? formatPercent(variant.primary.bayesian.chanceToWin) : "";
  const conversions = Math.max(
    ...detail.variants.map((v) => (detail.metric === "voucher_rate" ? v.claimed : v.converted)),
  );
  switch (verdict.reason) {
    case "not-enough-conversions":
      return `De grootste variant heeft ${formatNumber(conversions)} van de ${MIN_CONVERSIONS} conversies die nodig zijn voor een oordeel.`;
    case "not-computable":
      return "De uplift is niet te berekenen: de controle heeft geen conversies of alle waarden zijn gelijk.";
    case "chance-high":
      return `De kans dat ${name} beter is dan de controle is ${chance}, boven de grens van 95%.`;
    case "chance-low":
      return `De kans dat ${name} beter is dan de controle is maar ${chance}, onder de grens van 5%.`;
    case "interval-above-zero":
      return `Het 95%-interval van de uplift van ${name} ligt helemaal boven nul.`;
    case "interval-below-zero":
      return `Het 95%-interval van de uplift van ${name} ligt helemaal onder nul.`;
    case "negligible-effect":
      return "Er is wel een verschil, maar het is kleiner dan 0,5% en daarmee te verwaarlozen.";
    case "no-clear-difference":
      return view === "bayesian"
        ? `De kans dat ${name} beter is, is ${chance}: nog niet boven 95% of onder 5%.`
        : `Het 95%-interval van de uplift van ${name} bevat nog nul.`;
    case "sample-ratio-mismatch":
      return "De verdeling van de bezoekers over de varianten wijkt meer af van de ingestelde verdeling dan toeval verklaart; zolang dat zo is, zegt de uitkomst niets.";
    case "exposure-incomplete":
      return `${multipleText(detail.excluded.multipleShare, detail.excluded.multipleVariants)} Zolang dat zo is, zegt de uitkomst niets.`;
  }
}

/** The server withholds the verdict while the data cannot be trusted (sample-ratio mismatch, exposures). */
const isWithheld = (verdict: Overall) =>
  verdict.reason === "sample-ratio-mismatch" || verdict.reason === "exposure-incomplete";

/** The verdict's heading: "Gewonnen: Met video". */
export function verdictTitle(
  verdict: Overall,
  variants: { key: string; name: string }[],
  stopped: boolean,
): string {
  const name = variants.find((v) => v.key === verdict.variant)?.name;
  if (isWithheld(verdict)) return "Geen conclusie: de uitkomst is niet te vertrouwen";
  if (verdict.verdict === "undecided") return stopped ? "Gestopt zonder conclusie" : verdictLabels.undecided;
  if (verdict.verdict === "won" && name) return `Gewonnen: ${name}`;
  if (verdict.verdict === "lost")
    return name ? `Verloren: ${name} doet het slechter` : "Verloren: geen variant doet het beter";
  return verdictLabels[verdict.verdict];
}

export const SUSPICIOUS_TEXT =
  "Let op: een effect van 50% of meer is zelden echt. Controleer of de meting op beide varianten gelijk werkt.";

export function decisionText(detail: ExperimentDetail): string {
  const { days, reason } = detail.decisionEstimate;
  if (detail.status !== "running") return "Het experiment is gestopt; er komen geen gegevens meer bij.";
  if (isWithheld(detail.verdict.bayesian))
    return "Zoek eerst de fout in de toewijzing of de meting; pas daarna is een conclusie mogelijk.";
  if (reason === "ready") return "Er zijn genoeg gegevens voor een conclusie.";
  if (reason === "no-traffic")
    return "Nog te weinig verkeer of conversies om te schatten hoe lang het duurt.";
  if (reason === "no-effect") {
    return "Het gemeten verschil is zo klein dat het experiment waarschijnlijk op gelijk uitkomt; langer wachten helpt nauwelijks.";
  }
  const span = (days ?? 0) > 365 ? "meer dan een jaar" : `ongeveer ${formatNumber(days ?? 0)} dagen`;
  return `Bij het huidige verkeer is nog ${span} nodig voor een conclusie, als het effect blijft zoals het nu is.`;
}

export function srmText(detail: ExperimentDetail): string {
  const shares = detail.variants.map((v) => formatNumber(v.units)).join(" / ");
  const weights = detail.variants.map((v) => v.weight).join(" : ");
  return `De bezoekers zijn verdeeld als ${shares}, terwijl ${weights} is ingesteld. Dat verschil is groter dan toeval verklaart (p = ${detail.srm.pValue.toExponential(1).replace(".", ",")}): de uitkomst is niet te vertrouwen. Controleer hoe de website de varianten toewijst.`;
}

export const multipleText = (share: number, count: number) =>
  `${formatPercent(share)} van de bezoekers (${formatNumber(count)}) zag meer dan één variant; zij tellen niet mee. Boven 1% wijst dat op een fout in de toewijzing of de meting.`;

/** One sentence per figure: what it means, and what it does not. */
export function explanations(
  detail: ExperimentDetail,
  view: ExperimentView,
  sequential: boolean,
): [string, string][] {
  const cap =
    detail.revenueCap === null
      ? ""
      : ` Uitschieters zijn afgetopt op ${formatEuro(detail.revenueCap)} (het 99e percentiel van alle kopers), voor elke variant gelijk.`;
  const rows: [string, string][] = [
    [
      metricLabel("exposed_visitors"),
      "Bezoekers die de variant zagen, per dag geteld (een bezoeker-id wisselt elke dag); wie meer dan één variant zag telt niet mee.",
    ],
    [
      metricLabel("exposed_conversions"),
      "Aankopen na de eerste keer dat de bezoeker de variant zag, op dezelfde dag; een aankoop daarvoor telt niet.",
    ],
    [
      metricLabel("exposed_conversion_rate"),
      "Bezoekers met minstens één aankoop gedeeld door alle bezoekers van de variant.",
    ],
    [
      metricLabel("revenue_per_visitor"),
      `Aankoopbedrag gedeeld door alle bezoekers, niet-kopers tellen als € 0.${cap}`,
    ],
    [
      metricLabel("uplift"),
      "Hoeveel procent de variant beter of slechter doet dan de controle; de balk is het 95%-interval: raakt die de nullijn, dan is geen verschil nog goed mogelijk.",
    ],
  ];
  if (view === "bayesian") {
    rows.push(
      [
        metricLabel("chance_to_win"),
        "De kans dat de variant echt beter is dan de controle, gegeven de gegevens tot nu toe; het is geen p-waarde en zegt niets over hoe groot het verschil is.",
      ],
      [
        metricLabel("risk"),
        "Wat je gemiddeld aan uplift verliest als je deze keuze maakt en die verkeerd blijkt; kies pas als het risico klein is.",
      ],
    );
    if (detail.prior) {
      rows.push([
        "Voorkennis",
        "De uitkomst gaat uit van de ervaring dat de meeste wijzigingen minder dan 30% uitmaken; grote uitschieters worden daardoor iets naar nul getrokken.",
      ]);
    }
  } else if (sequential) {
    rows.push([
      "Sequentieel interval",
      "Een interval dat klopt hoe vaak je ook kijkt, daarom breder dan het gewone; elke dag kijken is dus veilig.",
    ]);
  } else {
    rows.push([
      "p-waarde",
      "De kans op een verschil minstens zo groot als dit als er in werkelijkheid geen verschil is; alleen geldig als je één keer kijkt, aan het eind.",
    ]);
  }
  rows.push(
    [
      "Vouchers en eerste wasbeurten",
      "Vouchers die bezoekers van de variant claimden en die binnen 30 dagen aan de kassa zijn verzilverd; een eerste wasbeurt is een verzilvering door een kenteken dat we nooit eerder zagen.",
    ],
    [
      "Bouncepercentage",
      "Aandeel bezoekers dat na één pagina wegging zonder iets te doen; lager is beter, en een variant mag dit niet verslechteren.",
    ],
  );
  return rows;
}
