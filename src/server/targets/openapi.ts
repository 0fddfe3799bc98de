import {
  type SiteTarget,
  type TargetSaveResult,
  type TargetYear,
  targetBatchSchema,
  targetValuesSchema,
} from "../../shared/admin/targets.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonAnswer, jsonBody, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/targets: everyone signed in reads a year's targets, beheerders set and clear.

const figures = {
  washes: z.number().int().nullable().describe("Wassen in de maand; null: geen doel"),
  revenueExVatCents: z.number().int().nullable().describe("Omzet excl. btw in centen; null: geen doel"),
  newMembers: z.number().int().nullable().describe("Nieuwe leden van de wasclub; null: geen doel"),
};

const siteTargetSchema: z.ZodType<SiteTarget> = z.object({
  siteId: z.number().int(),
  month: z.string().describe("YYYY-MM"),
  ...figures,
  updatedBy: z.string().describe("E-mailadres van wie het doel het laatst zette"),
  updatedAt: z.string().describe("ISO 8601 instant"),
});

const yearSchema: z.ZodType<TargetYear> = z.object({
  year: z.number().int(),
  sites: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() })),
  targets: z.array(siteTargetSchema).describe("Alleen de vestiging-maanden waarvoor een doel is gezet"),
});

const saveSchema: z.ZodType<TargetSaveResult> = z.object({
  saved: z.array(siteTargetSchema).describe("De opgeslagen vestiging-maanden zoals ze nu zijn"),
  cleared: z.number().int().describe("Vestiging-maanden waarvan de doelen zijn gewist"),
  unchanged: z.number().int().describe("Vestiging-maanden die al zo stonden (geen auditregel)"),
});

const errors = {
  ...signedInErrors,
  "422": errorAnswer(
    "Ongeldige invoer, een onbekende of (bij zetten) inactieve vestiging: fields[] noemt het exacte pad (targets[2].washes …).",
  ),
};

const change = (summary: string, description: string, extra: object) => ({
  tags: ["admin"],
  summary,
  description,
  ...access.admin,
  responses: { "200": jsonAnswer("Wat er is opgeslagen.", saveSchema), ...errors },
  ...extra,
});

const CLEARING =
  "Alle drie null wist de doelen van die vestiging en maand. Elke wijziging komt in het auditlog.";

export const targetsOpenApiPaths = {
  "/api/targets": {
    get: {
      tags: ["admin"],
      summary: "Doelen van een jaar: alle vestigingen × 12 maanden",
      ...access.analyst,
      parameters: [
        {
          name: "year",
          in: "query",
          required: true,
          schema: { type: "integer", minimum: 2000, maximum: 2099 },
        },
      ],
      responses: { "200": jsonAnswer("De vestigingen en hun doelen.", yearSchema), ...errors },
    },
    put: change("Doelen van meerdere vestigingen en maanden zetten of wissen", CLEARING, {
      requestBody: jsonBody(targetBatchSchema),
    }),
  },
  "/api/targets/{id}/{month}": {
    put: change("Doelen van één vestiging en maand zetten of wissen", CLEARING, {
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          schema: { type: "integer", minimum: 1 },
          description: "Vestiging",
        },
        { name: "month", in: "path", required: true, schema: { type: "string", pattern: "^\\d{4}-\\d{2}$" } },
      ],
      requestBody: jsonBody(targetValuesSchema),
    }),
  },
};
