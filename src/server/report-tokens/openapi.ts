import {
  type AdminReportToken,
  type CreatedReportToken,
  reportTokenCreateSchema,
  reportTokenScopes,
} from "../../shared/admin/report-tokens.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  idParameter,
  jsonAnswer,
  jsonBody,
  signedInErrors,
} from "../http/openapi-schema.ts";

// OpenAPI path items of /api/admin/report-tokens: read-only report tokens for BI tools. Beheerders only;
// issuing and revoking are audited. The tokens themselves are accepted by GET /api/reports/… only.

const tokenShape = {
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe("De eerste 10 tekens, om het token te herkennen"),
  scope: z.enum(reportTokenScopes),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
};
const tokenSchema: z.ZodType<AdminReportToken> = z.object(tokenShape);

const createdSchema: z.ZodType<CreatedReportToken> = z.object({
  ...tokenShape,
  secret: z.string().describe("wbr_…: alleen in dit antwoord; Wasbord bewaart het niet"),
});

const operation = (summary: string, responses: object, extra: object = {}) => ({
  tags: ["admin"],
  summary,
  ...access.admin,
  responses: { ...responses, ...signedInErrors },
  ...extra,
});

export const reportTokensOpenApiPaths = {
  "/api/admin/report-tokens": {
    get: operation("API-tokens voor rapporten, met laatste gebruik", {
      "200": jsonAnswer("De tokens.", z.array(tokenSchema)),
    }),
    post: operation(
      "API-token voor rapporten uitgeven; het geheim staat alleen in dit antwoord",
      {
        "201": jsonAnswer("Het token met zijn geheim.", createdSchema),
        "422": errorAnswer("Ongeldige invoer: fields[] noemt per veld het pad."),
      },
      { requestBody: jsonBody(reportTokenCreateSchema) },
    ),
  },
  "/api/admin/report-tokens/{id}/revoke": {
    post: operation(
      "API-token intrekken",
      {
        "200": jsonAnswer("Het ingetrokken token.", tokenSchema),
        "404": errorAnswer("Dit API-token bestaat niet (meer)."),
        "409": errorAnswer("Dit API-token was al ingetrokken."),
      },
      { parameters: [idParameter] },
    ),
  },
};
