import { adPlatformSchema, adStatRowSchema } from "../../shared/ad-stats.ts";
import { type ImportPreview, type ImportResult, importRequestSchema } from "../../shared/imports.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonAnswer, jsonBody, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/imports: ad-platform CSV exports, previewed and then imported; beheerders only.

/** One error of an imported file: the line, the field (or "header" for the file as a whole), the message. */
export const importErrorSchema = z.object({
  row: z.number().int().describe("1-based line in the file"),
  field: z.string().describe('The field, or "header" for the file as a whole'),
  message: z.string(),
});

const summaryFields = {
  fileName: z.string(),
  platform: adPlatformSchema.nullable(),
  format: z.string().describe('Herkende exportsoort, bijv. "google_ads.keyword"; "unknown" als niets paste'),
  rowsRead: z.number().int(),
  rowsToImport: z.number().int(),
  errors: z.array(importErrorSchema),
  periods: z.array(
    z.object({ account: z.string(), from: z.string(), to: z.string(), existingRows: z.number().int() }),
  ),
  totals: z.object({
    impressions: z.number(),
    clicks: z.number(),
    spendCents: z.number(),
    conversions: z.number(),
    conversionValueCents: z.number(),
  }),
};

const previewSchema: z.ZodType<ImportPreview> = z.object({
  ...summaryFields,
  rows: z.array(adStatRowSchema).describe("The first 100 rows, by date"),
});
const resultSchema: z.ZodType<ImportResult> = z.object({
  ...summaryFields,
  inserted: z.number().int(),
  replaced: z.number().int().describe("Rows stored before for the same platform, accounts and days"),
});

const operation = (summary: string, description: string, answer: object) => ({
  tags: ["imports"],
  summary,
  description,
  ...access.admin,
  requestBody: jsonBody(importRequestSchema, "Het bestand in base64; de tekencodering wordt herkend."),
  responses: {
    ...answer,
    "400": errorAnswer("De aanvraag is geen geldige JSON."),
    ...signedInErrors,
    "413": errorAnswer("Het bestand is groter dan 10 MB."),
    "422": errorAnswer("Ongeldige aanvraag, of (commit) een bestand met fouten: er is niets opgeslagen."),
  },
});

export const importsOpenApiPaths = {
  "/api/imports/preview": {
    post: operation(
      "Advertentie-export controleren",
      "Leest het bestand zonder iets op te slaan: herkende soort, fouten per regel, perioden die vervangen worden.",
      { "200": jsonAnswer("Het voorbeeld.", previewSchema) },
    ),
  },
  "/api/imports/commit": {
    post: operation(
      "Advertentie-export importeren",
      "Slaat het bestand op; de dagen die het bestand per account beslaat worden vervangen.",
      { "200": jsonAnswer("Wat er is opgeslagen en vervangen.", resultSchema) },
    ),
  },
};
