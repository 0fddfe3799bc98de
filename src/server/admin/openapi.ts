import { apiKeyCreateSchema } from "../../shared/admin/connections.ts";
import { activeChangeSchema } from "../../shared/admin/fields.ts";
import { itemCreateSchema, itemMoveSchema, itemUpdateSchema } from "../../shared/admin/items.ts";
import { plateEraseSchema, plateLookupSchema } from "../../shared/admin/privacy.ts";
import {
  promotionCreateSchema,
  promotionUpdateSchema,
  voucherBatchSchema,
} from "../../shared/admin/promotions.ts";
import { siteCreateSchema, siteUpdateSchema } from "../../shared/admin/sites.ts";
import { userCreateSchema, userUpdateSchema } from "../../shared/admin/users.ts";
import { z } from "../../shared/zod-nl.ts";

// OpenAPI 3.1 path items of /api/admin/*, request bodies generated from the zod schemas the endpoints and
// the forms validate with. Every call needs a beheerder's token; changing calls also the XSRF header.

export const adminSecuritySchemes = {
  userBearer: {
    type: "http",
    scheme: "bearer",
    description: "Access token van de identity provider (beheerder).",
  },
} as const;

const requestBody = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return { required: true, content: { "application/json": { schema: json } } };
};

const answer = (description: string) => ({ description, content: { "application/json": {} } });

const errors = {
  "401": { description: "Geen of een verlopen token." },
  "403": { description: "Geen beheerder, of de XSRF-header ontbreekt." },
  "404": { description: "Deze rij bestaat niet (meer)." },
  "409": {
    description: "Verouderde versie, een bezette code of e-mailadres, of de laatste actieve beheerder.",
  },
  "422": { description: "Ongeldige invoer: fields[] noemt per veld het exacte pad en de melding." },
};

const operation = (summary: string, extra: object = {}) => ({
  tags: ["admin"],
  summary,
  security: [{ userBearer: [] }],
  responses: { "200": answer("Gelukt."), ...errors },
  ...extra,
});

const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } };

/** List, create, edit and (de)activate: the routes every versioned admin resource has. */
function resource(path: string, what: string, create: z.ZodType, update: z.ZodType, onId: object = {}) {
  return {
    [path]: {
      get: operation(`${what}: lijst`),
      post: operation(`${what}: toevoegen`, { requestBody: requestBody(create) }),
    },
    [`${path}/{id}`]: {
      put: operation(`${what}: wijzigen (met version)`, {
        parameters: [idParameter],
        requestBody: requestBody(update),
      }),
      ...onId,
    },
    [`${path}/{id}/active`]: {
      put: operation(`${what}: deactiveren of activeren`, {
        parameters: [idParameter],
        requestBody: requestBody(activeChangeSchema),
      }),
    },
  };
}

export const adminOpenApiPaths = {
  "/api/admin/overview": {
    get: operation("Overzicht: aantallen, versheid van de gegevens, laatste wijzigingen"),
  },
  "/api/admin/audit-log": { get: operation("Auditlog, nieuwste eerst (entity, entityId, limit)") },
  ...resource("/api/admin/users", "Gebruikers", userCreateSchema, userUpdateSchema),
  ...resource("/api/admin/items", "Items", itemCreateSchema, itemUpdateSchema, {
    delete: operation("Item verwijderen; een ooit verkocht item wordt gedeactiveerd", {
      parameters: [
        idParameter,
        { name: "version", in: "query", required: true, schema: { type: "integer" } },
      ],
    }),
  }),
  "/api/admin/items/{id}/move": {
    post: operation("Item één plaats omhoog of omlaag", {
      parameters: [idParameter],
      requestBody: requestBody(itemMoveSchema),
    }),
  },
  ...resource("/api/admin/promotions", "Acties", promotionCreateSchema, promotionUpdateSchema),
  "/api/admin/promotions/{id}/vouchers": {
    get: operation("Vouchers van een actie", { parameters: [idParameter] }),
    post: operation("Een reeks vouchercodes genereren", {
      parameters: [idParameter],
      requestBody: requestBody(voucherBatchSchema),
    }),
  },
  "/api/admin/promotions/{id}/vouchers.csv": {
    get: operation("Vouchers van een actie als CSV (puntkomma's, UTF-8 met BOM)", {
      parameters: [idParameter],
    }),
  },
  ...resource("/api/admin/sites", "Vestigingen", siteCreateSchema, siteUpdateSchema),
  "/api/admin/connections/api-keys": {
    get: operation("API-sleutels met laatste gebruik"),
    post: operation("API-sleutel maken; het geheim staat alleen in dit antwoord", {
      requestBody: requestBody(apiKeyCreateSchema),
    }),
  },
  "/api/admin/connections/api-keys/{id}/revoke": {
    post: operation("API-sleutel intrekken", { parameters: [idParameter] }),
  },
  "/api/admin/connections/freshness": { get: operation("Laatste gegevens per bron en vestiging") },
  "/api/admin/affiliates": { get: operation("Affiliates, voor de keuze in een actie") },
  "/api/admin/privacy": { get: operation("Bewaartermijn van kentekens en de laatste pseudonimisering") },
  "/api/admin/privacy/retention/run": { post: operation("Oude kentekens nu pseudonimiseren") },
  "/api/admin/privacy/lookup": {
    post: operation("Alles wat over een kenteken is opgeslagen (inzagerecht; in de auditlog)", {
      requestBody: requestBody(plateLookupSchema),
    }),
  },
  "/api/admin/privacy/erase": {
    post: operation("Een kenteken wissen (recht op vergetelheid; in de auditlog)", {
      requestBody: requestBody(plateEraseSchema),
    }),
  },
};
