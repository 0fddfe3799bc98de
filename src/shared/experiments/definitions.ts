import { z } from "../zod-nl";

// Website experiments (A/B tests) as data: what is tested, its variants, what decides, and its phases.
// The website reports exposures with wasbord("experiment", key, variant), using these keys.

/** What decides an experiment (migration 050). */
export const experimentMetrics = ["conversion_rate", "revenue_per_visitor", "voucher_rate"] as const;
export type ExperimentMetric = (typeof experimentMetrics)[number];
/** A metric that must not get worse while the primary one improves. */
export const experimentGuardrails = ["bounce_rate"] as const;
export type ExperimentGuardrail = (typeof experimentGuardrails)[number];
export const experimentStatuses = ["draft", "running", "stopped"] as const;
export type ExperimentStatus = (typeof experimentStatuses)[number];

const keySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Gebruik kleine letters, cijfers en streepjes (maximaal 64 tekens).");

/** Relative share of the traffic: 1/1 is 50/50, 1/1/2 is 25/25/50. */
const weightSchema = z.coerce
  .number("Vul een gewicht in.")
  .int("Een gewicht is een heel getal.")
  .min(1, "Een gewicht is minstens 1.")
  .max(1000, "Een gewicht is hoogstens 1000.");

export const experimentVariantSchema = z.object({
  key: keySchema,
  name: z.string().trim().min(1, "Vul een naam in.").max(100),
  weight: weightSchema.default(1),
  isControl: z.boolean().default(false),
});

const versionSchema = z.number().int().min(1);

export const experimentCreateSchema = z.object({
  key: keySchema,
  name: z.string().trim().min(1, "Vul een naam in.").max(200),
  hypothesis: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => value || null),
  metric: z.enum(experimentMetrics).default("conversion_rate"),
  guardrail: z.enum(experimentGuardrails).nullable().default("bounce_rate"),
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

/** Start a draft: the version the person saw, so that a colleague's change in between is not overrun. */
export const experimentStartSchema = z.object({ version: versionSchema });

/** New weights for every variant: ends the current phase and starts the next. */
export const experimentWeightsSchema = z.object({
  version: versionSchema,
  weights: z.record(keySchema, weightSchema),
});
export type ExperimentWeights = z.input<typeof experimentWeightsSchema>;

/** Stop and conclude: which variant goes live (the control's key: nothing changes; null: none) and why. */
export const experimentStopSchema = z.object({
  version: versionSchema,
  decision: keySchema.nullable(),
  conclusion: z.string().trim().min(1, "Schrijf op wat er besloten is en waarom.").max(2000),
});
export type ExperimentStop = z.input<typeof experimentStopSchema>;

export interface ExperimentVariant {
  key: string;
  name: string;
  isControl: boolean;
  /** The weight in the current phase. */
  weight: number;
}

export interface ExperimentPhase {
  phase: number;
  startedAt: string | null;
  endedAt: string | null;
  weights: Record<string, number>;
}

export interface Experiment {
  id: number;
  key: string;
  name: string;
  hypothesis: string | null;
  metric: ExperimentMetric;
  guardrail: ExperimentGuardrail | null;
  status: ExperimentStatus;
  startedAt: string | null;
  stoppedAt: string | null;
  decision: string | null;
  conclusion: string | null;
  version: number;
  createdAt: string;
  variants: ExperimentVariant[];
  phases: ExperimentPhase[];
}
