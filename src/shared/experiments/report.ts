import { z } from "../zod-nl";
import { experimentGuardrails, experimentMetrics, experimentStatuses } from "./definitions.ts";

// The experiments report, `GET /api/reports/experiments?experiment&phase&prior`: every experiment with its
// current verdict, and the full statistics of the chosen one. Declared once here: the server builds it, the
// screen reads it, and it is the `extra` of the experiments report once the report catalogue carries it.

export const experimentReportQuerySchema = z.object({
  experiment: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Onbekende experimentsleutel.")
    .optional(),
  phase: z.coerce.number().int().min(1, "Een fase is minstens 1.").max(1000).optional(),
  /** Use the N(0, 0.3²) prior on the uplift instead of the flat one. */
  prior: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
export type ExperimentReportQuery = z.input<typeof experimentReportQuerySchema>;

const interval = z.tuple([z.number(), z.number()]);

export const bayesianSchema = z.object({
  computed: z.boolean(),
  uplift: z.number(),
  sd: z.number(),
  chanceToWin: z.number(),
  interval,
  risk: z.object({ control: z.number(), variant: z.number() }),
});

export const frequentistSchema = z.object({
  computed: z.boolean(),
  uplift: z.number(),
  sd: z.number(),
  pValue: z.number().nullable(),
  interval,
  significant: z.boolean(),
});

export const verdictSchema = z.object({
  verdict: z.enum(["won", "lost", "draw", "undecided"]),
  reason: z.enum([
    "not-enough-conversions",
    "not-computable",
    "chance-high",
    "chance-low",
    "interval-above-zero",
    "interval-below-zero",
    "negligible-effect",
    "no-clear-difference",
    "sample-ratio-mismatch",
    "exposure-incomplete",
  ]),
  suspicious: z.boolean(),
});

/** The three ways of reading an experiment; the screen's switches choose one. */
export const experimentViews = ["bayesian", "sequential", "fixed"] as const;
export type ExperimentView = (typeof experimentViews)[number];

/** A variant against control, on one metric, in every view. */
const comparisonSchema = z.object({
  bayesian: bayesianSchema,
  sequential: frequentistSchema,
  fixed: frequentistSchema,
  verdict: z.object({ bayesian: verdictSchema, sequential: verdictSchema, fixed: verdictSchema }),
});
export type MetricComparison = z.infer<typeof comparisonSchema>;

export const variantReportSchema = z.object({
  key: z.string(),
  name: z.string(),
  isControl: z.boolean(),
  weight: z.number(),
  /** Exposed visitor-days attributed to the variant. */
  units: z.number(),
  converted: z.number(),
  conversions: z.number(),
  conversionRate: z.number().nullable(),
  /** Capped revenue per exposed visitor-day, in cents. */
  revenuePerVisitor: z.number().nullable(),
  claimed: z.number(),
  voucherRate: z.number().nullable(),
  bounceRate: z.number().nullable(),
  redemptions: z.number(),
  firstWashes: z.number(),
  /** Against control on the primary metric (null for the control itself). */
  primary: comparisonSchema.nullable(),
  /** Against control on the guardrail (lower is better), null without a guardrail or for the control. */
  guardrail: comparisonSchema.nullable(),
});
export type VariantReport = z.infer<typeof variantReportSchema>;

export const dailyPointSchema = z.object({
  day: z.string(),
  /** Cumulative from the phase's first day, per non-control variant. */
  variants: z.array(
    z.object({
      key: z.string(),
      units: z.number(),
      uplift: z.number().nullable(),
      chanceToWin: z.number().nullable(),
      lower: z.number().nullable(),
      upper: z.number().nullable(),
    }),
  ),
});

const overallVerdictSchema = verdictSchema.extend({ variant: z.string().nullable() });

export const experimentSummarySchema = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(experimentStatuses),
  metric: z.enum(experimentMetrics),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  decision: z.string().nullable(),
  variants: z.array(z.object({ key: z.string(), name: z.string(), isControl: z.boolean() })),
  phases: z.number(),
  units: z.number(),
  /** The current (last) phase's verdict, in every view. */
  verdict: z.object({
    bayesian: overallVerdictSchema,
    sequential: overallVerdictSchema,
    fixed: overallVerdictSchema,
  }),
});
export type ExperimentSummary = z.infer<typeof experimentSummarySchema>;

export const experimentDetailSchema = z.object({
  key: z.string(),
  name: z.string(),
  hypothesis: z.string().nullable(),
  status: z.enum(experimentStatuses),
  metric: z.enum(experimentMetrics),
  guardrail: z.enum(experimentGuardrails).nullable(),
  decision: z.string().nullable(),
  conclusion: z.string().nullable(),
  phases: z.array(
    z.object({
      phase: z.number(),
      startedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      weights: z.record(z.string(), z.number()),
    }),
  ),
  phase: z.number(),
  prior: z.boolean(),
  /** Days the chosen phase has run (partial days count). */
  days: z.number(),
  /** The revenue cap in cents (pooled 99th percentile of buyers), null when nobody bought. */
  revenueCap: z.number().nullable(),
  variants: z.array(variantReportSchema),
  excluded: z.object({
    multipleVariants: z.number(),
    unknownVariant: z.number(),
    /** Of all exposed visitor-days; a warning above 1 %. */
    multipleShare: z.number(),
  }),
  srm: z.object({
    checked: z.boolean(),
    chiSquare: z.number(),
    pValue: z.number(),
    mismatch: z.boolean(),
  }),
  decisionEstimate: z.object({
    days: z.number().nullable(),
    reason: z.enum(["ready", "estimated", "no-effect", "no-traffic"]),
  }),
  verdict: z.object({
    bayesian: overallVerdictSchema,
    sequential: overallVerdictSchema,
    fixed: overallVerdictSchema,
  }),
  daily: z.array(dailyPointSchema),
});
export type ExperimentDetail = z.infer<typeof experimentDetailSchema>;

export const experimentsReportSchema = z.object({
  experiments: z.array(experimentSummarySchema),
  selected: experimentDetailSchema.nullable(),
});
export type ExperimentsReport = z.infer<typeof experimentsReportSchema>;

/** Above this share of exposed visitor-days seeing several variants, the report warns. */
export const MULTIPLE_EXPOSURE_WARNING = 0.01;
