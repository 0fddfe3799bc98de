import {
  experimentCreateSchema,
  experimentStartSchema,
  experimentStopSchema,
  experimentWeightsSchema,
} from "../../shared/experiments/definitions.ts";
import { experimentReportQuerySchema } from "../../shared/experiments/report.ts";
import { z } from "../../shared/zod-nl.ts";

// OpenAPI 3.1 path items of /api/experiments and /api/reports/experiments, bodies and parameters generated
// from the schemas the endpoints validate with.

const json = (schema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema: z.toJSONSchema(schema, { io: "input" }) } },
});
const answer = (description: string) => ({ description, content: { "application/json": {} } });
const key = { name: "key", in: "path", required: true, schema: { type: "string" } };
const errors = {
  "401": { description: "Geen of een verlopen token." },
  "403": { description: "Alleen een beheerder mag experimenten wijzigen." },
  "404": { description: "Er is geen experiment met deze sleutel." },
  "409": {
    description: "Iemand anders wijzigde het experiment (stale_version) of de status laat dit niet toe.",
  },
  "422": { description: "Ongeldige invoer: fields[] noemt per veld het pad." },
};
const change = (summary: string, schema: z.ZodType) => ({
  post: {
    tags: ["experiments"],
    summary,
    security: [{ userBearer: [] }],
    parameters: [key],
    requestBody: json(schema),
    responses: { "200": answer("Het experiment na de wijziging."), ...errors },
  },
});

const { properties } = z.toJSONSchema(experimentReportQuerySchema, { io: "input" }) as {
  properties: Record<string, object>;
};

export const experimentsOpenApiPaths = {
  "/api/experiments": {
    get: {
      tags: ["experiments"],
      summary: "Alle experimenten met varianten en fasen",
      security: [{ userBearer: [] }],
      responses: { "200": answer("Experiment[]") },
    },
    post: {
      tags: ["experiments"],
      summary: "Een experiment aanmaken (als concept of meteen gestart)",
      security: [{ userBearer: [] }],
      requestBody: json(experimentCreateSchema),
      responses: { "201": answer("Het nieuwe experiment."), ...errors },
    },
  },
  "/api/experiments/{key}": {
    get: {
      tags: ["experiments"],
      summary: "Eén experiment",
      security: [{ userBearer: [] }],
      parameters: [key],
      responses: { "200": answer("Experiment"), "404": errors["404"] },
    },
  },
  "/api/experiments/{key}/start": change("Een concept starten (fase 1 begint)", experimentStartSchema),
  "/api/experiments/{key}/weights": change("De verdeling wijzigen: een nieuwe fase", experimentWeightsSchema),
  "/api/experiments/{key}/stop": change("Stoppen en het besluit vastleggen", experimentStopSchema),
  "/api/reports/experiments": {
    get: {
      tags: ["reports"],
      summary: "Het experimentenrapport: alle experimenten met oordeel, en de statistiek van het gekozen",
      security: [{ userBearer: [] }],
      parameters: Object.entries(properties).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema,
      })),
      responses: {
        "200": answer("{ experiments: ExperimentSummary[], selected: ExperimentDetail | null }"),
        "404": errors["404"],
        "422": errors["422"],
      },
    },
  },
};
