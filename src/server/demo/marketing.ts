import type { Day } from "./calendar.ts";
import { PROGRAMMES } from "./catalog.ts";

// Promotions per channel and the two website experiments of the demo chain, placed in the demo period.

export type PromotionChannel =
  | "facebook"
  | "google_ads"
  | "marktplaats"
  | "affiliate"
  | "newsletter"
  | "flyer";

export interface PromotionDef {
  code: string;
  name: string;
  kind: "percentage" | "bedrag" | "gratis-upgrade";
  value: number;
  channel: PromotionChannel;
  affiliate: string | null;
  validFrom: string;
  validTo: string | null;
  items: string[];
  /**
   * Share of redemptions by people who never washed here before; the rest are existing customers taking the
   * discount. The newsletter goes to existing customers; Kortingscode.nl is where regulars look for a code.
   */
  newcomerShare: number;
}

const programmeCodes = PROGRAMMES.map((programme) => programme.code);

/** Standing promotions, plus the seasonal ones of every year the period touches. */
export function promotionsFor(days: Day[]): PromotionDef[] {
  const first = days[0].date;
  const standing = (
    code: string,
    name: string,
    kind: PromotionDef["kind"],
    value: number,
    channel: PromotionChannel,
    newcomerShare: number,
    affiliate: string | null = null,
  ): PromotionDef => ({
    code,
    name,
    kind,
    value,
    channel,
    affiliate,
    validFrom: first,
    validTo: null,
    items: programmeCodes,
    newcomerShare,
  });
  const promotions: PromotionDef[] = [
    standing(
      "google-eerste-wasbeurt",
      "20 % korting op je eerste wasbeurt",
      "percentage",
      20,
      "google_ads",
      0.85,
    ),
    // Offered to people who search for the chain by name: mostly customers who already wash here.
    standing("google-merk-welkom", "€ 2 korting voor zoekers op Wasbord", "bedrag", 200, "google_ads", 0.15),
    standing(
      "marktplaats-upgrade",
      "Gratis upgrade naar het volgende programma",
      "gratis-upgrade",
      0,
      "marktplaats",
      0.7,
    ),
    standing(
      "kortingscode-vier-euro",
      "€ 4 korting via Kortingscode.nl",
      "bedrag",
      400,
      "affiliate",
      0.15,
      "kortingscode-nl",
    ),
    // A free wash for Scoupy's deal hunters: nearly all new, and they hardly come back (vouchers.ts), so the
    // discount is not earned back in 90 days — the promotion that does not pay (Google's first wash does).
    standing(
      "scoupy-gratis-wasbeurt",
      "Gratis wasbeurt via Scoupy",
      "percentage",
      100,
      "affiliate",
      0.9,
      "scoupy",
    ),
  ];
  const years = new Set(days.map((day) => day.year));
  for (const year of years) {
    const seasonal = (
      code: string,
      name: string,
      kind: PromotionDef["kind"],
      value: number,
      channel: PromotionChannel,
      from: string,
      to: string,
      newcomerShare: number,
      items = programmeCodes,
    ): PromotionDef => ({
      code: `${code}-${year}`,
      name: `${name} ${year}`,
      kind,
      value,
      channel,
      affiliate: null,
      validFrom: `${year}-${from}`,
      validTo: `${to < from ? year + 1 : year}-${to}`,
      items,
      newcomerShare,
    });
    promotions.push(
      seasonal("fb-voorjaar", "Voorjaarsactie € 5 korting", "bedrag", 500, "facebook", "03-01", "05-31", 0.6),
      seasonal(
        "fb-winterklaar",
        "Winterklaar € 3 korting",
        "bedrag",
        300,
        "facebook",
        "11-01",
        "02-28",
        0.55,
      ),
      seasonal("flyer-onderbodem", "Gratis onderbodemwas", "bedrag", 350, "flyer", "12-01", "02-28", 0.4, [
        "onderbodem",
      ]),
      seasonal(
        "nieuwsbrief-zomer",
        "Zomeractie 15 % korting",
        "percentage",
        15,
        "newsletter",
        "06-15",
        "08-31",
        0.1,
      ),
    );
  }
  return promotions.filter(
    (promotion) => promotion.validFrom <= days[days.length - 1].date && (promotion.validTo ?? "9") >= first,
  );
}

export interface ExperimentDef {
  key: string;
  name: string;
  hypothesis: string;
  metric: "conversion_rate" | "revenue_per_visitor";
  /** The page whose visitors are exposed. */
  page: string;
  startDay: number;
  stopDay: number | null;
  /** Conversion rate multiplier of the variant against control: 1 = no real effect. */
  effect: number;
  /** Share of visitors that lands in the variant: 0.5 as configured (50/50), more with a faulty split. */
  variantShare: number;
  variants: [control: string, variant: string];
  /** For a stopped experiment: what was decided and why. */
  decision?: { variant: string; conclusion: string };
}

/**
 * Three experiments, the cases worth seeing: a real effect that wins (running), one without an effect
 * (stopped, inconclusive), and one whose split is broken — the variant gets 62 % of the visitors instead of
 * the configured 50 %, which the sample-ratio check must catch.
 */
export function experimentsFor(days: Day[]): ExperimentDef[] {
  const last = days.length - 1;
  return [
    {
      key: "homepage-prijsvoordeel",
      name: "Prijsvoordeel in de kop van de homepage",
      hypothesis: "Het abonnementsvoordeel bovenaan de homepage levert meer aankopen op.",
      metric: "conversion_rate",
      page: "/",
      startDay: Math.max(0, last - 120),
      stopDay: null,
      effect: 1.3,
      variantShare: 0.5,
      variants: ["controle", "prijsvoordeel"],
    },
    {
      key: "prijzen-knopkleur",
      name: "Groene in plaats van blauwe bestelknop",
      hypothesis: "Een groene knop op de prijzenpagina valt meer op.",
      metric: "conversion_rate",
      page: "/prijzen",
      startDay: Math.max(0, last - 240),
      stopDay: Math.max(0, last - 90),
      effect: 1,
      variantShare: 0.5,
      variants: ["blauw", "groen"],
      decision: {
        variant: "blauw",
        conclusion: "Na vijf maanden geen verschil te zien; de blauwe knop blijft, het is de huisstijl.",
      },
    },
    {
      key: "abonnement-video",
      name: "Video van de wasstraat op de abonnementspagina",
      hypothesis:
        "Een video van de wasstraat maakt het abonnement tastbaar en verhoogt de omzet per bezoeker.",
      metric: "revenue_per_visitor",
      page: "/abonnementen",
      startDay: Math.max(0, last - 45),
      stopDay: null,
      effect: 1.05,
      variantShare: 0.62,
      variants: ["zonder-video", "met-video"],
    },
  ];
}
