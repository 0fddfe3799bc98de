import { z } from "../../shared/zod-nl.ts";

// Building blocks of the OpenAPI document, shared by the modules that describe their routes: JSON Schemas
// generated from the zod schemas the endpoints validate with (requests) and that type their answers
// (responses, declared as `z.ZodType<TheSharedInterface>` so a changed interface breaks the build, not the
// document), the one error shape, and who may call.

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema: requests as the client sends them (input), answers as the server sends them. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe("Stable machine-readable code, e.g. validation_failed, version_conflict"),
    message: z.string().describe("Dutch message for people"),
    fields: z
      .array(
        z.object({
          row: z.number().int().min(1).optional().describe("1-based row (NDJSON: line) of a batch"),
          path: z.string().describe("Exact field path, e.g. variants[1].key or [2].lines[0].item"),
          message: z.string(),
        }),
      )
      .optional(),
  }),
});

export const jsonBody = (schema: z.ZodType, description?: string) => ({
  required: true,
  description,
  content: { "application/json": { schema: jsonSchema(schema, "input") } },
});

export const jsonAnswer = (description: string, schema: z.ZodType, example?: unknown) => ({
  description,
  content: { "application/json": { schema: jsonSchema(schema, "output"), ...(example ? { example } : {}) } },
});

export const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Answers every call behind a person's token can get, besides its own. */
export const signedInErrors = {
  "401": errorAnswer("Geen, een ongeldig of een verlopen token."),
  "403": errorAnswer(
    "Niet (meer) op de lijst van gebruikers, een te lage rol, of (bij wijzigen) de XSRF-header ontbreekt.",
  ),
};

export const securitySchemes = {
  userBearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "Access token van de identity provider (OpenID Connect). Wijzigende aanroepen sturen daarnaast de cookie XSRF-TOKEN (gezet door GET /api/config) terug als header X-XSRF-TOKEN.",
  },
  ingestBearer: { type: "http", scheme: "bearer", description: "API-sleutel (wb_…) als Bearer-token." },
  ingestApiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "API-sleutel (wb_…)." },
  reportToken: {
    type: "http",
    scheme: "bearer",
    description: "API-token voor rapporten (wbr_…, Instellingen → API-tokens): alleen GET /api/reports/….",
  },
} as const;

/** Who may call: `security` for the document, `x-roles` for people reading it. */
export const access = {
  public: { security: [] },
  analyst: { security: [{ userBearer: [] }], "x-roles": ["beheerder", "analist"] },
  /** Reports: people, and BI tools with a report token (which see what an analist sees). */
  reports: { security: [{ userBearer: [] }, { reportToken: [] }], "x-roles": ["beheerder", "analist"] },
  admin: { security: [{ userBearer: [] }], "x-roles": ["beheerder"] },
  apiKey: { security: [{ ingestBearer: [] }, { ingestApiKey: [] }] },
} as const;

export const idParameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "integer", minimum: 1 },
} as const;
