import {
  type AdStatIngestRow,
  adStatIngestRowSchema,
  ingestResultSchema,
  MAX_BATCH_ROWS,
  type PlateReadRow,
  plateReadRowSchema,
  type TransactionRow,
  transactionRowSchema,
} from "../../shared/ingest.ts";
import type { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonSchema } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/ingest/*, generated from the same zod schemas the endpoints validate with.

function batchEndpoint(summary: string, description: string, row: z.ZodType, example: unknown) {
  const rowSchema = jsonSchema(row);
  return {
    post: {
      tags: ["ingest"],
      summary,
      description: `${description} Een batch is een JSON-array of NDJSON (één rij per regel) van hoogstens ${MAX_BATCH_ROWS} rijen en 10 MB. Alle rijen worden eerst gecontroleerd; bij één ongeldige rij wordt niets opgeslagen. Het antwoord komt pas na het vastleggen (COMMIT).`,
      ...access.apiKey,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "array", maxItems: MAX_BATCH_ROWS, items: rowSchema },
            example: [example],
          },
          "application/x-ndjson": {
            schema: { ...rowSchema, description: "Eén JSON-object per regel." },
            example: JSON.stringify(example),
          },
        },
      },
      responses: {
        "200": {
          description:
            "Opgeslagen. accepted: nieuw opgeslagen rijen; duplicates: eerder ontvangen rijen, overgeslagen.",
          content: {
            "application/json": {
              schema: jsonSchema(ingestResultSchema, "output"),
              example: { accepted: 1, duplicates: 0 },
            },
          },
        },
        "400": errorAnswer("De body is geen geldige JSON-array."),
        "401": errorAnswer("Geen, een ongeldige of een ingetrokken API-sleutel."),
        "403": errorAnswer("De sleutel geldt niet voor dit endpoint of voor de vestiging van een rij."),
        "413": errorAnswer("Meer dan 10 000 rijen of 10 MB."),
        "415": errorAnswer("Content-Type is geen application/json of application/x-ndjson."),
        "422": errorAnswer("Ongeldige rijen (met rij, veldpad en melding); niets is opgeslagen."),
        "503": errorAnswer(
          "De opslag van de server is vol (`storage_full`); niets is opgeslagen. Opnieuw na Retry-After.",
        ),
      },
    },
  };
}

const plateReadExample: PlateReadRow = {
  eventId: "zeist-cam-1-000184467",
  site: "zeist",
  readAt: "2026-03-02T08:15:31+01:00",
  lane: 1,
  camera: "zeist-cam-1",
  plate: "GBB-01-B",
  confidence: 0.94,
  direction: "in",
};

const transactionExample: TransactionRow = {
  eventId: "kassa-zeist-2026-03-02-0042",
  site: "zeist",
  occurredAt: "2026-03-02T08:17:05+01:00",
  plate: "GBB-01-B",
  paymentMethod: "pin",
  salesChannel: "site",
  lines: [
    { item: "premium", quantity: 1, unitPriceCents: 1800 },
    { item: "velgen", quantity: 1, unitPriceCents: 300 },
  ],
  discountCents: 500,
  totalCents: 1600,
  voucherCode: "FB-7K2M-Q9XD",
  promotion: null,
  customerPostcode: "3701",
};

const adStatExample: AdStatIngestRow = {
  platform: "google_ads",
  account: "123-456-7890",
  date: "2026-03-01",
  campaign: "Zoeken - wasstraat",
  adGroup: "Wasstraat Zeist",
  ad: null,
  keyword: "wasstraat zeist",
  matchType: "phrase",
  qualityScore: 7,
  affiliate: null,
  impressions: 1840,
  reach: null,
  clicks: 96,
  spendCents: 5412,
  conversions: 7.5,
  conversionValueCents: 13200,
};

export const ingestOpenApiPaths = {
  "/api/ingest/plate-reads": batchEndpoint(
    "Kentekenlezingen aanleveren",
    "Lezingen van de ingangscamera's. Kentekens worden genormaliseerd en waar de zijcode het eenduidig maakt gecorrigeerd (0/O, 1/I, 8/B, 5/S); een lege lezing is een no-read. Een eventId dat voor dezelfde vestiging al is ontvangen, telt als duplicaat.",
    plateReadRowSchema,
    plateReadExample,
  ),
  "/api/ingest/transactions": batchEndpoint(
    "Transacties aanleveren",
    "Verkopen met hun regels. De regels min de korting moeten precies het totaal zijn; onbekende vestigings-, artikel- of actiecodes zijn fouten. Een gebruikte vouchercode wordt als ingewisseld geboekt.",
    transactionRowSchema,
    transactionExample,
  ),
  "/api/ingest/ad-stats": batchEndpoint(
    "Advertentiecijfers aanleveren",
    "Dagcijfers per platform, campagne, advertentiegroep, advertentie of zoekwoord. Een rij wordt herkend aan die sleutel: dezelfde cijfers nogmaals zijn een duplicaat, gewijzigde cijfers vervangen de opgeslagen.",
    adStatIngestRowSchema,
    adStatExample,
  ),
};
