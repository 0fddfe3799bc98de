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
  });
  const promotions: PromotionDef[] = [
    standing("google-eerste-wasbeurt", "20 % korting op je eerste wasbeurt", "percentage", 20, "google_ads"),
    standing(
      "marktplaats-upgrade",
      "Gratis upgrade naar het volgende programma",
      "gratis-upgrade",
      0,
      "marktplaats",
    ),
    standing(
      "kortingscode-vier-euro",
      "€ 4 korting via Kortingscode.nl",
      "bedrag",
      400,
      "affiliate",
      "kortingscode-nl",
    ),
    standing("scoupy-kwart-korting", "25 % korting via Scoupy", "percentage", 25, "affiliate", "scoupy"),
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
    });
    promotions.push(
      seasonal("fb-voorjaar", "Voorjaarsactie € 5 korting", "bedrag", 500, "facebook", "03-01", "05-31"),
      seasonal("fb-winterklaar", "Winterklaar € 3 korting", "bedrag", 300, "facebook", "11-01", "02-28"),
      seasonal("flyer-onderbodem", "Gratis onderbodemwas", "bedrag", 350, "flyer", "12-01", "02-28", [
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
  /** The page whose visitors are exposed. */
  page: string;
  startDay: number;
  stopDay: number | null;
  /** Conversion rate multiplier of the variant against control: 1 = no real effect. */
  effect: number;
  variants: [control: string, variant: string];
}

/** Two experiments: one with a real effect still running, one without an effect, stopped. */
export function experimentsFor(days: Day[]): ExperimentDef[] {
  const last = days.length - 1;
  return [
    {
      key: "homepage-prijsvoordeel",
      name: "Prijsvoordeel in de kop van de homepage",
      hypothesis: "Het abonnementsvoordeel bovenaan de homepage levert meer aankopen op.",
      page: "/",
      startDay: Math.max(0, last - 120),
      stopDay: null,
      effect: 1.3,
      variants: ["controle", "prijsvoordeel"],
    },
    {
      key: "prijzen-knopkleur",
      name: "Groene in plaats van blauwe bestelknop",
      hypothesis: "Een groene knop op de prijzenpagina valt meer op.",
      page: "/prijzen",
      startDay: Math.max(0, last - 240),
      stopDay: Math.max(0, last - 90),
      effect: 1,
      variants: ["blauw", "groen"],
    },
  ];
}
