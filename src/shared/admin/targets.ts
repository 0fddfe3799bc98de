import { z } from "../zod-nl.ts";

// Targets per site and calendar month (REPORT-DEFINITIONS §6): washes, revenue excl. VAT and new members of
// the wash club, each optional. One schema for the endpoint and the Doelen screen.

/** The three figures a target may set, in the order the screen shows them. */
export const TARGET_FIGURES = ["washes", "revenueExVatCents", "newMembers"] as const;
export type TargetFigure = (typeof TARGET_FIGURES)[number];

export const TARGET_LABELS: Record<TargetFigure, string> = {
  washes: "Wassen",
  revenueExVatCents: "Omzet excl. btw",
  newMembers: "Nieuwe leden",
};

/** The figures of one site and month; null where no target is set. */
export type TargetValues = Record<TargetFigure, number | null>;

// Far above any one site's month (a busy site washes some 20 000 cars a month): a larger number is a typo.
const MAXIMA: Record<TargetFigure, { value: number; text: string }> = {
  washes: { value: 1_000_000, text: "1.000.000 wassen" },
  revenueExVatCents: { value: 10_000_000_000, text: "€ 100.000.000" },
  newMembers: { value: 100_000, text: "100.000 nieuwe leden" },
};

const targetValue = (figure: TargetFigure) =>
  z
    .number({ message: "Vul een heel getal in, of laat het veld leeg." })
    .int("Vul een heel getal in, zonder decimalen.")
    .min(0, "Een doel kan niet negatief zijn.")
    .max(MAXIMA[figure].value, `Hoogstens ${MAXIMA[figure].text}.`)
    .nullable();

export const targetValuesSchema = z.object({
  washes: targetValue("washes"),
  revenueExVatCents: targetValue("revenueExVatCents"),
  newMembers: targetValue("newMembers"),
});

/** A calendar month, YYYY-MM, in the years a target can sensibly be about. */
export const monthSchema = z
  .string({ message: "Vul een maand in als JJJJ-MM, bijvoorbeeld 2026-03." })
  .regex(/^(20[0-9]{2})-(0[1-9]|1[0-2])$/, "Vul een maand in als JJJJ-MM, bijvoorbeeld 2026-03.");

export const siteIdSchema = z
  .number({ message: "Kies een vestiging." })
  .int("Kies een vestiging.")
  .min(1, "Kies een vestiging.");

export const siteTargetSchema = targetValuesSchema.extend({ siteId: siteIdSchema, month: monthSchema });
export type SiteTargetInput = z.input<typeof siteTargetSchema>;

/** Several sites and months at once (the year grid); all three figures null clears that site and month. */
export const targetBatchSchema = z.object({
  targets: z
    .array(siteTargetSchema, { message: "Stuur een lijst doelen." })
    .min(1, "Stuur minstens één doel.")
    .max(1200, "Hoogstens 1200 doelen per keer.")
    .superRefine((targets, ctx) => {
      const seen = new Set<string>();
      targets.forEach((target, index) => {
        const key = `${target.siteId} ${target.month}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "month"],
            message: "Deze vestiging en maand staan al eerder in de lijst.",
          });
        }
        seen.add(key);
      });
    }),
});
export type TargetBatch = z.input<typeof targetBatchSchema>;

export const targetYearQuerySchema = z.object({
  year: z.coerce
    .number({ message: "Vul een jaar in, bijvoorbeeld 2026." })
    .int("Vul een jaar in, bijvoorbeeld 2026.")
    .min(2000, "Vul een jaar vanaf 2000 in.")
    .max(2099, "Vul een jaar tot 2100 in."),
});

/** One site's stored targets for one month. */
export interface SiteTarget extends TargetValues {
  siteId: number;
  month: string;
  updatedBy: string;
  updatedAt: string;
}

/** A year's targets: every site (active ones first), and the months that have any target set. */
export interface TargetYear {
  year: number;
  sites: { id: number; code: string; name: string; active: boolean }[];
  targets: SiteTarget[];
}

/** What a save did: the site-months now stored, and how many were cleared or left as they were. */
export interface TargetSaveResult {
  saved: SiteTarget[];
  cleared: number;
  unchanged: number;
}

/** The twelve months of a year, YYYY-MM. */
export const monthsOf = (year: number) =>
  Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, "0")}`);
