import {
  type PlateErasure,
  type PlateRecord,
  type PrivacyStatus,
  plateEraseSchema,
  plateLookupSchema,
} from "../../shared/admin/privacy.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonAnswer, jsonBody, signedInErrors } from "../http/openapi-schema.ts";

// OpenAPI path items of /api/admin/privacy: plate retention, the right of access and the right to erasure.
// Beheerders only; lookups and erasures are written to the audit log (by pseudonym, not by plate).

const counts = { plates: z.number().int(), reads: z.number().int(), transactions: z.number().int() };

const statusSchema: z.ZodType<PrivacyStatus> = z.object({
  retentionDays: z.number().int().nullable().describe("Dagen na de laatste lezing of verkoop; null: uit"),
  lastRun: z.object({ ...counts, ranAt: z.string() }).nullable(),
  total: z.object(counts),
});

const recordSchema: z.ZodType<PlateRecord> = z.object({
  plate: z.string(),
  firstSeenAt: z.string().nullable(),
  reads: z.array(
    z.object({
      site: z.string(),
      readAt: z.string(),
      lane: z.number().int(),
      camera: z.string(),
      plate: z.string(),
      rawPlate: z.string().nullable().describe("The camera's own reading when a correction changed it"),
      confidence: z.number().nullable(),
      direction: z.enum(["in", "out"]),
    }),
  ),
  visits: z.array(z.object({ site: z.string(), visitAt: z.string(), purchased: z.boolean() })),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      site: z.string(),
      occurredAt: z.string(),
      paymentMethod: z.string(),
      salesChannel: z.enum(["site", "online"]),
      totalCents: z.number().int(),
      discountCents: z.number().int(),
      items: z.string(),
      voucherCode: z.string().nullable(),
      customerPostcode: z.string().nullable(),
    }),
  ),
  vouchers: z.array(
    z.object({
      code: z.string(),
      promotion: z.string(),
      channel: z.string(),
      issuedAt: z.string(),
      claimedAt: z.string().nullable(),
      redeemedAt: z.string().nullable(),
    }),
  ),
});

const erasureSchema: z.ZodType<PlateErasure> = z.object({
  plate: z.string(),
  reads: z.number().int(),
  transactions: z.number().int(),
  visits: z.number().int(),
});

const operation = (summary: string, answer: object, extra: object = {}) => ({
  tags: ["admin"],
  summary,
  ...access.admin,
  responses: {
    ...answer,
    ...signedInErrors,
    "422": errorAnswer("Ongeldig kenteken, of de bevestiging is niet hetzelfde kenteken (fields[].path)."),
  },
  ...extra,
});

export const privacyOpenApiPaths = {
  "/api/admin/privacy": {
    get: operation("Bewaartermijn van kentekens en de laatste pseudonimisering", {
      "200": jsonAnswer("De stand van zaken.", statusSchema),
    }),
  },
  "/api/admin/privacy/retention/run": {
    post: operation("Oude kentekens nu pseudonimiseren", {
      "200": jsonAnswer("De stand na deze ronde.", statusSchema),
    }),
  },
  "/api/admin/privacy/lookup": {
    post: operation(
      "Alles wat over een kenteken is opgeslagen (inzagerecht; in de auditlog)",
      { "200": jsonAnswer("Lezingen, bezoeken, transacties en vouchers van het kenteken.", recordSchema) },
      { requestBody: jsonBody(plateLookupSchema) },
    ),
  },
  "/api/admin/privacy/erase": {
    post: operation(
      "Een kenteken wissen (recht op vergetelheid; in de auditlog)",
      { "200": jsonAnswer("Wat er gewist is.", erasureSchema) },
      { requestBody: jsonBody(plateEraseSchema) },
    ),
  },
};
