import { z } from "../zod-nl";

// Website experiments (A/B tests) as data: what is tested, its variants, and what counts as success.
// The website reports exposures with wasbord("experiment", key, variant), using these keys.

export const experimentGoals = ["conversion", "voucher"] as const;
export type ExperimentGoal = (typeof experimentGoals)[number];
export const experimentStatuses = ["draft", "running", "stopped"] as const;
export type ExperimentStatus = (typeof experimentStatuses)[number];

const keySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Gebruik kleine letters, cijfers en streepjes (maximaal 64 tekens).");

export const experimentVariantSchema = z.object({
  key: keySchema,
  name: z.string().trim().min(1).max(100),
  /** Relative share of the traffic: 1/1 is 50/50, 1/1/2 is 25/25/50. */
  weight: z.number().int().min(1).max(1000).default(1),
  isControl: z.boolean().default(false),
});

export const experimentCreateSchema = z.object({
  key: keySchema,
  name: z.string().trim().min(1).max(200),
  hypothesis: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => value || null),
  goal: z.enum(experimentGoals).default("conversion"),
  variants: z
    .array(experimentVariantSchema)
    .min(2, "Een experiment heeft minstens twee varianten.")
    .max(10, "Een experiment heeft hoogstens tien varianten.")
    .superRefine((variants, ctx) => {
      const keys = variants.map((variant) => variant.key);
      keys.forEach((key, index) => {
        if (keys.indexOf(key) !== index) {
          ctx.addIssue({
            code: "custom",
            path: [index, "key"],
            message: `De variant "${key}" staat er twee keer in.`,
          });
        }
      });
      if (variants.filter((variant) => variant.isControl).length !== 1) {
        ctx.addIssue({ code: "custom", message: "Markeer precies één variant als controle." });
      }
    }),
  /** Start at once (status running); false keeps it a draft. */
  start: z.boolean().default(true),
});
export type ExperimentCreate = z.input<typeof experimentCreateSchema>;

export type ExperimentVariant = z.output<typeof experimentVariantSchema>;

export interface Experiment {
  id: number;
  key: string;
  name: string;
  hypothesis: string | null;
  goal: ExperimentGoal;
  status: ExperimentStatus;
  startedAt: string | null;
  stoppedAt: string | null;
  createdAt: string;
  variants: ExperimentVariant[];
}

/** Raw counts per variant; rates, uplift and intervals are the experiments report's to compute. */
export interface ExperimentVariantResult extends ExperimentVariant {
  /** Visitors whose first exposure (within the experiment's running time) was to this variant. */
  visitors: number;
  /** Of those, visitors with at least one goal event at or after their first exposure. */
  convertedVisitors: number;
  /** Goal events of those visitors after their first exposure. */
  conversions: number;
  revenueCents: number;
}

export interface ExperimentResults {
  experiment: Experiment;
  variants: ExperimentVariantResult[];
  /** Visitors left out: exposed to more than one variant, or to a variant the experiment does not have. */
  excluded: { multipleVariants: number; unknownVariant: number };
}
