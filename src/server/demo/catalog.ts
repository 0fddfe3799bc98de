// The demo chain: four sites around Utrecht, what they sell and the affiliates it works with.

export interface SiteDef {
  code: string;
  name: string;
  address: string;
  postcode: string;
  city: string;
  lat: number;
  lon: number;
  lanes: number;
  /** Relative size: washes per day against the chain's average site. */
  size: number;
  /** Where customers live: PC4 ranges [from, to, weight]. */
  catchment: [number, number, number][];
}

export const SITES: SiteDef[] = [
  {
    code: "utrecht-overvecht",
    name: "Wasbord Utrecht-Overvecht",
    address: "Einsteindreef 145",
    postcode: "3562GC",
    city: "Utrecht",
    lat: 52.1163,
    lon: 5.1128,
    lanes: 2,
    size: 1.12,
    catchment: [
      [3561, 3566, 30],
      [3551, 3555, 10],
      [3571, 3584, 14],
      [3601, 3608, 12],
      [3731, 3739, 8],
      [3621, 3621, 2],
    ],
  },
  {
    code: "nieuwegein",
    name: "Wasbord Nieuwegein",
    address: "Structuurbaan 14",
    postcode: "3439MB",
    city: "Nieuwegein",
    lat: 52.0183,
    lon: 5.0917,
    lanes: 2,
    size: 1.0,
    catchment: [
      [3430, 3439, 34],
      [3401, 3403, 10],
      [3523, 3528, 10],
      [4131, 4133, 6],
      [3451, 3455, 5],
    ],
  },
  {
    code: "zeist",
    name: "Wasbord Zeist",
    address: "Handelsweg 22",
    postcode: "3707NH",
    city: "Zeist",
    lat: 52.0907,
    lon: 5.241,
    lanes: 2,
    size: 0.86,
    catchment: [
      [3701, 3709, 34],
      [3711, 3712, 4],
      [3731, 3739, 8],
      [3971, 3972, 6],
      [3941, 3945, 4],
      [3981, 3985, 5],
    ],
  },
  {
    code: "houten",
    name: "Wasbord Houten",
    address: "Meidoornkade 20",
    postcode: "3992AE",
    city: "Houten",
    lat: 52.0252,
    lon: 5.181,
    lanes: 1,
    size: 0.98,
    catchment: [
      [3991, 3997, 34],
      [3981, 3985, 6],
      [4101, 4107, 6],
      [3961, 3962, 4],
      [3524, 3526, 4],
    ],
  },
];

/** Customers from further away: travellers, commuters, people visiting family. */
export const FAR_AWAY: [number, number, number][] = [
  [1011, 1099, 4],
  [3811, 3829, 3],
  [5211, 5237, 2],
  [3011, 3089, 2],
  [6811, 6846, 1],
  [2511, 2597, 2],
  [1211, 1223, 1],
];

export interface ItemDef {
  code: string;
  name: string;
  kind: "programma" | "extra" | "abonnement";
  priceCents: number;
  description: string;
}

/**
 * Programmes from cheapest to most complete: a customer's "level" indexes this list. upgradeChance: per
 * visit, the chance a customer's usual programme moves one up; Glans is the one people outgrow.
 */
export const PROGRAMMES: (ItemDef & { upgradeChance: number })[] = [
  {
    code: "basis",
    upgradeChance: 0.025,
    name: "Basis",
    kind: "programma",
    priceCents: 1095,
    description: "Voorwas, shampoo, drogen",
  },
  {
    code: "glans",
    upgradeChance: 0.07,
    name: "Glans",
    kind: "programma",
    priceCents: 1495,
    description: "Basis plus glansspoeling en velgen",
  },
  {
    code: "premium",
    upgradeChance: 0.02,
    name: "Premium",
    kind: "programma",
    priceCents: 1895,
    description: "Glans plus schuimwas en wax",
  },
  {
    code: "excellent",
    upgradeChance: 0,
    name: "Excellent",
    kind: "programma",
    priceCents: 2395,
    description: "Alles, met keramische coating",
  },
];

export const EXTRAS: ItemDef[] = [
  {
    code: "velgen",
    name: "Velgenreiniging",
    kind: "extra",
    priceCents: 300,
    description: "Extra velgenborstels",
  },
  {
    code: "onderbodem",
    name: "Onderbodemwas",
    kind: "extra",
    priceCents: 350,
    description: "Spoelt strooizout weg",
  },
  { code: "wax", name: "Hete was", kind: "extra", priceCents: 450, description: "Beschermlaag op de lak" },
  {
    code: "insecten",
    name: "Insectenverwijderaar",
    kind: "extra",
    priceCents: 250,
    description: "Voor de zomer",
  },
  {
    code: "stofzuigen",
    name: "Stofzuigmunt",
    kind: "extra",
    priceCents: 200,
    description: "Tien minuten stofzuigen",
  },
];

/** Subscriptions: unlimited washes of one programme (index into PROGRAMMES) for a monthly fee. */
export const SUBSCRIPTIONS: (ItemDef & { programme: number })[] = [
  {
    code: "abo-glans",
    name: "Abonnement Glans onbeperkt",
    kind: "abonnement",
    priceCents: 2995,
    description: "Onbeperkt Glans wassen, per maand",
    programme: 1,
  },
  {
    code: "abo-excellent",
    name: "Abonnement Excellent onbeperkt",
    kind: "abonnement",
    priceCents: 4495,
    description: "Onbeperkt Excellent wassen, per maand",
    programme: 3,
  },
];

export const AFFILIATES = [
  { code: "kortingscode-nl", name: "Kortingscode.nl", network: "Daisycon", kind: "bedrag", value: 150 },
  { code: "scoupy", name: "Scoupy", network: "TradeTracker", kind: "percentage", value: 10 },
] as const;
