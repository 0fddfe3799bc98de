import {
  type AdminApiKey,
  apiKeyCreateSchema,
  apiKeyScopes,
  type CreatedApiKey,
  dataSources,
  type FreshnessRow,
} from "../../shared/admin/connections.ts";
import {
  type AdminItem,
  type ItemRemoval,
  itemCreateSchema,
  itemKinds,
  itemMoveSchema,
  itemUpdateSchema,
} from "../../shared/admin/items.ts";
import type { AdminOverview, AuditEntry } from "../../shared/admin/overview.ts";
import {
  type AdminPromotion,
  type AdminVoucher,
  channels,
  promotionCreateSchema,
  promotionKinds,
  promotionUpdateSchema,
  voucherBatchSchema,
} from "../../shared/admin/promotions.ts";
import { type AdminSite, siteCreateSchema, siteUpdateSchema } from "../../shared/admin/sites.ts";
import { type AdminUser, roles, userCreateSchema, userUpdateSchema } from "../../shared/admin/users.ts";
import { z } from "../../shared/zod-nl.ts";
import { created, ok, operation, resource } from "../audit/entity-openapi.ts";
import { idParameter, jsonBody, jsonSchema } from "../http/openapi-schema.ts";
import { auditQuerySchema } from "./routes.ts";

// OpenAPI path items of /api/admin/*: request bodies from the zod schemas the endpoints and the forms
// validate with, answers from the schemas below, each typed as the shared interface the server returns.
// Every call needs a beheerder's token; changing calls also the XSRF header.

const timestamp = z.string().describe("ISO 8601 instant");
const nullableTimestamp = timestamp.nullable();

const adminUserSchema: z.ZodType<AdminUser> = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(roles),
  active: z.boolean(),
  lastSignInAt: nullableTimestamp,
  createdAt: timestamp,
  version: z.number().int(),
});

const adminItemSchema: z.ZodType<AdminItem> = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(itemKinds),
  priceCents: z.number().int(),
  vatRatePercent: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  everSold: z.boolean().describe("Ooit verkocht: zo'n item wordt gedeactiveerd in plaats van verwijderd"),
  version: z.number().int(),
});

const itemRemovalSchema: z.ZodType<ItemRemoval> = z.object({
  outcome: z.enum(["deleted", "deactivated"]),
  item: adminItemSchema.nullable(),
});

const adminPromotionSchema: z.ZodType<AdminPromotion> = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(promotionKinds),
  value: z.number().int().describe("Hele procenten (percentage), centen (bedrag) of 0 (gratis-upgrade)"),
  itemIds: z.array(z.number().int()),
  channel: z.enum(channels),
  affiliateId: z.number().int().nullable(),
  validFrom: z.string().describe("YYYY-MM-DD"),
  validTo: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  active: z.boolean(),
  issued: z.number().int(),
  claimed: z.number().int(),
  redeemed: z.number().int(),
  version: z.number().int(),
});

const adminVoucherSchema: z.ZodType<AdminVoucher> = z.object({
  code: z.string(),
  channel: z.enum(channels),
  issuedAt: timestamp,
  claimedAt: nullableTimestamp,
  redeemedAt: nullableTimestamp,
});

const adminSiteSchema: z.ZodType<AdminSite> = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  postcode: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
  lanes: z.number().int(),
  carsPerLaneHour: z.number().int().describe("Auto's per wasstraat per uur; capaciteit = wasstraten × dit"),
  active: z.boolean(),
  version: z.number().int(),
});

const apiKeyFields = {
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the key, to recognise it"),
  scope: z.enum(apiKeyScopes),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: timestamp,
  lastUsedAt: nullableTimestamp,
  revokedAt: nullableTimestamp,
};
const adminApiKeySchema: z.ZodType<AdminApiKey> = z.object(apiKeyFields);
const createdApiKeySchema: z.ZodType<CreatedApiKey> = z.object({
  ...apiKeyFields,
  secret: z.string().describe("The key itself (wb_…): shown only in this answer"),
});

const freshnessRowSchema: z.ZodType<FreshnessRow> = z.object({
  source: z.enum(dataSources),
  subject: z.string().describe("Vestiging, advertentieplatform of website"),
  lastAt: nullableTimestamp,
  status: z.enum(["actueel", "vertraagd", "stil"]),
});

const auditEntrySchema: z.ZodType<AuditEntry> = z.object({
  id: z.number().int(),
  occurredAt: timestamp,
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().describe("The row before the change (JSON), null when created"),
  after: z.unknown().describe("The row after the change (JSON)"),
});

const overviewSchema: z.ZodType<AdminOverview> = z.object({
  counts: z.object({
    users: z.number().int(),
    activeUsers: z.number().int(),
    items: z.number().int(),
    activeItems: z.number().int(),
    activePromotions: z.number().int(),
    sites: z.number().int(),
    activeSites: z.number().int(),
    activeApiKeys: z.number().int(),
  }),
  freshness: z.array(freshnessRowSchema),
  audit: z.array(auditEntrySchema),
});

const affiliateSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });

const auditParameters = Object.entries(
  (jsonSchema(auditQuerySchema) as { properties: Record<string, object> }).properties,
).map(([name, schema]) => ({ name, in: "query", required: false, schema }));

export const adminOpenApiPaths = {
  "/api/admin/overview": {
    get: operation(
      "Overzicht: aantallen, versheid van de gegevens, laatste wijzigingen",
      ok("Het overzicht.", overviewSchema),
    ),
  },
  "/api/admin/audit-log": {
    get: operation("Auditlog, nieuwste eerst", ok("De laatste wijzigingen.", z.array(auditEntrySchema)), {
      parameters: auditParameters,
    }),
  },
  ...resource("/api/admin/users", "Gebruikers", adminUserSchema, userCreateSchema, userUpdateSchema),
  ...resource("/api/admin/items", "Items", adminItemSchema, itemCreateSchema, itemUpdateSchema, {
    delete: operation(
      "Item verwijderen; een ooit verkocht item wordt gedeactiveerd",
      ok("Wat er gebeurde.", itemRemovalSchema),
      {
        parameters: [
          idParameter,
          { name: "version", in: "query", required: true, schema: { type: "integer" } },
        ],
      },
    ),
  }),
  "/api/admin/items/{id}/move": {
    post: operation(
      "Item één plaats omhoog of omlaag",
      ok("Het item op zijn nieuwe plaats.", adminItemSchema),
      {
        parameters: [idParameter],
        requestBody: jsonBody(itemMoveSchema),
      },
    ),
  },
  ...resource(
    "/api/admin/promotions",
    "Acties",
    adminPromotionSchema,
    promotionCreateSchema,
    promotionUpdateSchema,
  ),
  "/api/admin/promotions/{id}/vouchers": {
    get: operation("Vouchers van een actie", ok("De vouchers.", z.array(adminVoucherSchema)), {
      parameters: [idParameter],
    }),
    post: operation(
      "Een reeks vouchercodes genereren",
      created(
        "De nieuwe codes.",
        z.object({ created: z.number().int(), vouchers: z.array(adminVoucherSchema) }),
      ),
      { parameters: [idParameter], requestBody: jsonBody(voucherBatchSchema) },
    ),
  },
  "/api/admin/promotions/{id}/vouchers.csv": {
    get: operation(
      "Vouchers van een actie als CSV",
      {
        "200": {
          description:
            "Puntkomma's, UTF-8 met BOM; kolommen code, kanaal, uitgegeven, geclaimd, ingewisseld.",
          content: { "text/csv": { schema: { type: "string" } } },
        },
      },
      { parameters: [idParameter] },
    ),
  },
  ...resource("/api/admin/sites", "Vestigingen", adminSiteSchema, siteCreateSchema, siteUpdateSchema),
  "/api/admin/connections/api-keys": {
    get: operation("API-sleutels met laatste gebruik", ok("De sleutels.", z.array(adminApiKeySchema))),
    post: operation(
      "API-sleutel maken; het geheim staat alleen in dit antwoord",
      created("De sleutel met zijn geheim.", createdApiKeySchema),
      { requestBody: jsonBody(apiKeyCreateSchema) },
    ),
  },
  "/api/admin/connections/api-keys/{id}/revoke": {
    post: operation("API-sleutel intrekken", ok("De ingetrokken sleutel.", adminApiKeySchema), {
      parameters: [idParameter],
    }),
  },
  "/api/admin/connections/freshness": {
    get: operation("Laatste gegevens per bron en vestiging", ok("Per bron.", z.array(freshnessRowSchema))),
  },
  "/api/admin/affiliates": {
    get: operation("Affiliates, voor de keuze in een actie", ok("De affiliates.", z.array(affiliateSchema))),
  },
};
