import {
  type Experiment,
  experimentCreateSchema,
  experimentGuardrails,
  experimentMetrics,
  experimentStartSchema,
  experimentStatuses,
  experimentStopSchema,
  experimentWeightsSchema,
} from "../../shared/experiments/definitions.ts";
import { experimentReportQuerySchema, experimentsReportSchema } from "../../shared/experiments/report.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  jsonSchema,
  signedInErrors,
} from "../http/openapi-schema.ts";

// OpenAPI path items of /api/experiments and /api/reports/experiments: everyone signed in reads, beheerders
// create, start, change weights (a new phase) and stop with a decision.

const experimentSchema: z.ZodType<Experiment> = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  hypothesis: z.string().nullable(),
  metric: z.enum(experimentMetrics),
  guardrail: z.enum(experimentGuardrails).nullable(),
  status: z.enum(experimentStatuses),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  decision: z.string().nullable(),
  conclusion: z.string().nullable(),
  version: z.number().int().describe("Send it back with a change; a stale one is 409"),
  createdAt: z.string(),
  variants: z.array(
    z.object({ key: z.string(), name: z.string(), isControl: z.boolean(), weight: z.number() }),
  ),
  phases: z.array(
    z.object({
      phase: z.number().int(),
      startedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      weights: z.record(z.string(), z.number()),
    }),
  ),
});

const keyParameter = { name: "key", in: "path", required: true, schema: { type: "string" } };
const notFound = { "404": errorAnswer("Er is geen experiment met deze sleutel.") };
const stale = {
  "409": errorAnswer("Iemand anders wijzigde het experiment intussen, of de status laat dit niet toe."),
};
const invalid = {
  "422": errorAnswer("Ongeldige invoer: fields[] noemt per veld het pad (variants[1].key …)."),
};

const read = (summary: string, answer: object, extra: object = {}) => ({
  tags: ["experiments"],
  summary,
  ...access.analyst,
  responses: { ...answer, ...signedInErrors },
  ...extra,
});

const change = (summary: string, body: z.ZodType) => ({
  post: {
    ...read(
      summary,
      {
        "200": jsonAnswer("Het experiment na de wijziging.", experimentSchema),
        ...notFound,
        ...stale,
        ...invalid,
      },
      { parameters: [keyParameter], requestBody: jsonBody(body) },
    ),
    ...access.admin,
  },
});

const { properties: reportQuery } = jsonSchema(experimentReportQuerySchema) as {
  properties: Record<string, object>;
};

export const experimentsOpenApiPaths = {
  "/api/experiments": {
    get: read("Alle experimenten met varianten en fasen", {
      "200": jsonAnswer("Alle experimenten.", z.array(experimentSchema)),
    }),
    post: {
      ...read(
        "Een experiment aanmaken (als concept of meteen gestart)",
        {
          "201": jsonAnswer("Het nieuwe experiment.", experimentSchema),
          "409": errorAnswer("Deze sleutel is al in gebruik."),
          ...invalid,
        },
        { requestBody: jsonBody(experimentCreateSchema) },
      ),
      ...access.admin,
    },
  },
  "/api/experiments/{key}": {
    get: read(
      "Eén experiment",
      { "200": jsonAnswer("Het experiment.", experimentSchema), ...notFound },
      { parameters: [keyParameter] },
    ),
  },
  "/api/experiments/{key}/start": change("Een concept starten (fase 1 begint)", experimentStartSchema),
  "/api/experiments/{key}/weights": change("De verdeling wijzigen: een nieuwe fase", experimentWeightsSchema),
  "/api/experiments/{key}/stop": change("Stoppen en het besluit vastleggen", experimentStopSchema),
  "/api/reports/experiments": {
    get: {
      ...read("Het experimentenrapport: alle experimenten met oordeel, en de statistiek van het gekozen", {
        "200": jsonAnswer("Lijst en detail.", experimentsReportSchema),
        ...notFound,
        ...invalid,
      }),
      tags: ["reports"],
      parameters: Object.entries(reportQuery).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema,
      })),
    },
  },
};
