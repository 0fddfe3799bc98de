import { z } from "../zod-nl.ts";
import {
  activeSchema,
  codeSchema,
  euroInputSchema,
  optionalText,
  requiredText,
  versionSchema,
  wholeNumber,
} from "./fields.ts";

export const itemKinds = ["programma", "extra", "abonnement"] as const;
export type ItemKind = (typeof itemKinds)[number];
/** The Dutch VAT rates: standard, reduced, zero. */
export const vatRates = [21, 9, 0] as const;

const itemFields = {
  name: requiredText("een naam", 100),
  kind: z.enum(itemKinds, { message: "Kies een soort: wasprogramma, extra of abonnement." }),
  /** Price incl. VAT as typed ("12,95"); the parsed value is cents. */
  price: euroInputSchema,
  vatRatePercent: wholeNumber("een btw-tarief", 0, 100),
  description: optionalText(500),
  active: activeSchema,
};

export const itemCreateSchema = z.object({ code: codeSchema(32), ...itemFields });
export type ItemCreate = z.input<typeof itemCreateSchema>;

export const itemUpdateSchema = z.object({ ...itemFields, version: versionSchema });
export type ItemUpdate = z.input<typeof itemUpdateSchema>;

export const itemMoveSchema = z.object({
  direction: z.enum(["up", "down"], { message: "Kies omhoog of omlaag." }),
  version: versionSchema,
});
export type ItemMove = z.infer<typeof itemMoveSchema>;

export interface AdminItem {
  id: number;
  code: string;
  name: string;
  kind: ItemKind;
  priceCents: number;
  vatRatePercent: number;
  description: string | null;
  active: boolean;
  sortOrder: number;
  /** Sold at least once: such an item is deactivated instead of deleted. */
  everSold: boolean;
  version: number;
}

/** What DELETE did: removed for good, or only deactivated because it was sold before. */
export interface ItemRemoval {
  outcome: "deleted" | "deactivated";
  item: AdminItem | null;
}
