import { activeChangeSchema } from "../../shared/admin/fields.ts";
import { z } from "../../shared/zod-nl.ts";
import {
  access,
  errorAnswer,
  idParameter,
  jsonAnswer,
  jsonBody,
  signedInErrors,
} from "../http/openapi-schema.ts";

// OpenAPI building blocks of the beheerder's routes (/api/admin/*): one operation with its errors, and the
// routes every versioned row has (entity-routes.ts), described once.

const errors = {
  ...signedInErrors,
  "404": errorAnswer("Deze rij bestaat niet (meer)."),
  "409": errorAnswer(
    "Verouderde version, een bezette code of e-mailadres, of de laatste actieve beheerder (code, message).",
  ),
  "422": errorAnswer("Ongeldige invoer: fields[] noemt per veld het exacte pad en de melding."),
};

export const operation = (summary: string, answer: object, extra: object = {}) => ({
  tags: ["admin"],
  summary,
  ...access.admin,
  responses: { ...answer, ...errors },
  ...extra,
});

export const ok = (description: string, schema: z.ZodType) => ({ "200": jsonAnswer(description, schema) });
export const created = (description: string, schema: z.ZodType) => ({
  "201": jsonAnswer(description, schema),
});

/** List, create, edit and (de)activate: the routes every versioned admin resource has. */
export function resource(
  path: string,
  what: string,
  row: z.ZodType,
  create: z.ZodType,
  update: z.ZodType,
  onId: object = {},
) {
  return {
    [path]: {
      get: operation(`${what}: lijst`, ok("Alle rijen.", z.array(row))),
      post: operation(`${what}: toevoegen`, created("De nieuwe rij.", row), {
        requestBody: jsonBody(create),
      }),
    },
    [`${path}/{id}`]: {
      put: operation(`${what}: wijzigen (met version)`, ok("De rij na de wijziging.", row), {
        parameters: [idParameter],
        requestBody: jsonBody(update),
      }),
      ...onId,
    },
    [`${path}/{id}/active`]: {
      put: operation(`${what}: deactiveren of activeren`, ok("De rij na de wijziging.", row), {
        parameters: [idParameter],
        requestBody: jsonBody(activeChangeSchema),
      }),
    },
  };
}
