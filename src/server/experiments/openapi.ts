import {
  type Experiment,
  type ExperimentResults,
  experimentCreateSchema,
  experimentGoals,
  experimentStatuses,
  experimentVariantSchema,
} from "../../shared/experiments.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonAnswer, jsonBody, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/experiments: everyone signed in reads, beheerders create, start and stop.

const experimentSchema: z.ZodType<Experiment> = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  hypothesis: z.string().nullable(),
  goal: z.enum(experimentGoals),
  status: z.enum(experimentStatuses),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  createdAt: z.string(),
  variants: z.array(experimentVariantSchema),
});

const resultsSchema: z.ZodType<ExperimentResults> = z.object({
  experiment: experimentSchema,
  variants: z.array(
    experimentVariantSchema.extend({
      visitors: z.number().int().describe("Bezoekers van wie de eerste blootstelling deze variant was"),
      convertedVisitors: z.number().int().describe("Van hen: met minstens één doel na die blootstelling"),
      conversions: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
  excluded: z.object({ multipleVariants: z.number().int(), unknownVariant: z.number().int() }),
});

const keyParameter = { name: "key", in: "path", required: true, schema: { type: "string" } };
const notFound = { "404": errorAnswer("Dit experiment bestaat niet.") };

const read = (summary: string, answer: object, extra: object = {}) => ({
  tags: ["experiments"],
  summary,
  ...access.analyst,
  responses: { ...answer, ...signedInErrors },
  ...extra,
});
const change = (summary: string, answer: object, extra: object = {}) => ({
  ...read(summary, answer, extra),
  ...access.admin,
});

const statusChange = (summary: string) =>
  change(
    summary,
    {
      "200": jsonAnswer("Het experiment met zijn nieuwe status.", experimentSchema),
      ...notFound,
      "409": errorAnswer("Deze statusovergang kan niet (al gestopt, of nog niet gestart)."),
    },
    { parameters: [keyParameter] },
  );

export const experimentsOpenApiPaths = {
  "/api/experiments": {
    get: read("Experimenten", { "200": jsonAnswer("Alle experimenten.", z.array(experimentSchema)) }),
    post: change(
      "Experiment aanmaken (standaard meteen gestart)",
      {
        "201": jsonAnswer("Het nieuwe experiment.", experimentSchema),
        "409": errorAnswer("Deze sleutel is al in gebruik."),
        "422": errorAnswer("Ongeldige invoer: fields[] noemt per veld het pad (variants[1].key …)."),
      },
      { requestBody: jsonBody(experimentCreateSchema) },
    ),
  },
  "/api/experiments/{key}": {
    get: read(
      "Eén experiment",
      { "200": jsonAnswer("Het experiment.", experimentSchema), ...notFound },
      { parameters: [keyParameter] },
    ),
  },
  "/api/experiments/{key}/results": {
    get: read(
      "Ruwe uitkomsten per variant (bezoekers, conversies, omzet)",
      { "200": jsonAnswer("Per variant; wie meer varianten zag telt niet mee.", resultsSchema), ...notFound },
      { parameters: [keyParameter] },
    ),
  },
  "/api/experiments/{key}/start": { post: statusChange("Experiment starten") },
  "/api/experiments/{key}/stop": { post: statusChange("Experiment stoppen") },
};
