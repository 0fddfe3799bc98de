import { parseEuroInput } from "../format.ts";
import { z } from "../zod-nl.ts";
import { activeSchema, codeSchema, dateSchema, requiredText, versionSchema, wholeNumber } from "./fields.ts";

export const promotionKinds = ["percentage", "bedrag", "gratis-upgrade"] as const;
export type PromotionKind = (typeof promotionKinds)[number];

export const channels = [
  "facebook",
  "google_ads",
  "marktplaats",
  "affiliate",
  "newsletter",
  "flyer",
  "website",
] as const;
export type Channel = (typeof channels)[number];

/** Dutch names of the channels, for the admin screens and the voucher reports alike. */
export const channelLabels: Record<Channel, string> = {
  facebook: "Facebook",
  google_ads: "Google Ads",
  marktplaats: "Marktplaats",
  affiliate: "Affiliate",
  newsletter: "Nieuwsbrief",
  flyer: "Flyer",
  website: "Website",
};

const channelSchema = z.enum(channels, { message: "Kies een kanaal." });

const promotionFields = {
  name: requiredText("een naam", 100),
  kind: z.enum(promotionKinds, { message: "Kies een soort korting." }),
  /** As typed: a whole percentage ("15") or a euro amount ("5,00"); ignored for a free upgrade. */
  value: z.string({ message: "Vul een waarde in." }).trim().default(""),
  itemIds: z
    .array(z.number().int().positive(), { message: "Kies de items waarvoor de actie geldt." })
    .min(1, "Kies minstens één item waarvoor de actie geldt.")
    .max(200, "Hoogstens 200 items."),
  channel: channelSchema,
  affiliateId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  validFrom: dateSchema,
  validTo: dateSchema.nullish().transform((value) => value || null),
  maxRedemptions: wholeNumber("een aantal", 1, 10_000_000)
    .nullish()
    .transform((value) => value ?? null),
  active: activeSchema,
};

type PromotionShape = {
  kind: PromotionKind;
  value: string;
  channel: Channel;
  affiliateId: number | null;
  validFrom: string;
  validTo: string | null;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The stored value: whole percent, cents, or 0 for a free upgrade; NaN when the text is no such value. */
function storedValue({ kind, value }: Pick<PromotionShape, "kind" | "value">): number {
  if (kind === "gratis-upgrade") return 0;
  if (kind === "bedrag") return parseEuroInput(value) ?? Number.NaN;
  const text = value.replace(/\s*%$/, "");
  return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The rules that tie fields together, each issue on the field a person has to change. A refinement, not
 * part of the transform, so that it reports alongside the other fields' errors instead of after them.
 */
function promotionRules(input: PromotionShape, ctx: z.RefinementCtx): void {
  const value = storedValue(input);
  if (input.kind === "percentage" && !(value >= 1 && value <= 100)) {
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: "Vul een heel percentage van 1 tot en met 100 in.",
    });
  }
  if (input.kind === "bedrag" && !(value > 0 && value <= 100_000)) {
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: "Vul een kortingsbedrag in tussen 0,01 en 1.000,00, bijvoorbeeld 5,00.",
    });
  }
  // ISO dates compare as text; a malformed date already has its own message.
  if (input.validTo && ISO_DATE.test(input.validFrom) && input.validTo < input.validFrom) {
    ctx.addIssue({ code: "custom", path: ["validTo"], message: "De einddatum ligt vóór de begindatum." });
  }
  if (input.affiliateId !== null && input.channel !== "affiliate") {
    ctx.addIssue({
      code: "custom",
      path: ["affiliateId"],
      message: "Een affiliate hoort alleen bij het kanaal Affiliate.",
    });
  }
}

const withValue = <T extends PromotionShape>(input: T) => ({ ...input, value: storedValue(input) });

export const promotionCreateSchema = z
  .object({ code: codeSchema(48), ...promotionFields })
  .superRefine(promotionRules)
  .transform(withValue);
export type PromotionCreate = z.input<typeof promotionCreateSchema>;

export const promotionUpdateSchema = z
  .object({ ...promotionFields, version: versionSchema })
  .superRefine(promotionRules)
  .transform(withValue);
export type PromotionUpdate = z.input<typeof promotionUpdateSchema>;

export interface AdminPromotion {
  id: number;
  code: string;
  name: string;
  kind: PromotionKind;
  /** Whole percent for 'percentage', cents for 'bedrag', 0 for 'gratis-upgrade'. */
  value: number;
  itemIds: number[];
  channel: Channel;
  affiliateId: number | null;
  validFrom: string;
  validTo: string | null;
  maxRedemptions: number | null;
  active: boolean;
  issued: number;
  claimed: number;
  redeemed: number;
  version: number;
}

// Voucher codes: letters and digits a person cannot mix up when reading a flyer aloud or typing it from
// a screen — no 0/O, 1/I/L, 2/Z, 5/S, 8/B.
export const VOUCHER_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const VOUCHER_GROUPS = 2;
export const VOUCHER_GROUP_LENGTH = 4;
export const MAX_VOUCHER_BATCH = 10_000;

export const voucherBatchSchema = z.object({
  count: wholeNumber("een aantal", 1, MAX_VOUCHER_BATCH),
  prefix: z
    .string({ message: "Vul een voorvoegsel in of laat het leeg." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,8}$/, "Hoogstens 8 letters of cijfers, zonder spaties of streepjes.")
    .default(""),
});
export type VoucherBatch = z.input<typeof voucherBatchSchema>;

export interface AdminVoucher {
  code: string;
  channel: Channel;
  issuedAt: string;
  claimedAt: string | null;
  redeemedAt: string | null;
}

/** Columns of the voucher CSV, the same whether the server or the browser writes it. */
export const voucherCsvColumns: { header: string; value: (voucher: AdminVoucher) => string }[] = [
  { header: "code", value: (v) => v.code },
  { header: "kanaal", value: (v) => v.channel },
  { header: "uitgegeven", value: (v) => v.issuedAt },
  { header: "geclaimd", value: (v) => v.claimedAt ?? "" },
  { header: "verzilverd", value: (v) => v.redeemedAt ?? "" },
];
