import type { Context } from "hono";
import type { z } from "zod";
import { BODY_LIMITS, readJsonBody } from "../http/body.ts";
import { ApiError, validationError } from "../http/errors.ts";

/** Reads a JSON body and validates it: too large 413, not JSON 400, invalid 422 with field paths. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await readJsonBody(c, BODY_LIMITS.form);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The numeric `:id` of a path; routes declare `:id{[0-9]+}`, so only the range is left to check. */
export function idParam(c: Context): number {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new ApiError(404, "not_found", "Dit adres bestaat niet in de API.");
  }
  return id;
}

/** How each kind of row is named in messages: "Deze gebruiker", "Dit item". */
export const entityNames = {
  user: "Deze gebruiker",
  item: "Dit item",
  promotion: "Deze actie",
  site: "Deze vestiging",
  apiKey: "Deze API-sleutel",
  reportToken: "Dit API-token",
  experiment: "Dit experiment",
  alertRule: "Deze meldingsregel",
} as const;
export type EntityKind = keyof typeof entityNames;

export const notFound = (kind: EntityKind) =>
  new ApiError(404, "not_found", `${entityNames[kind]} bestaat niet (meer).`);

export const staleVersion = (kind: EntityKind) =>
  new ApiError(
    409,
    "stale_version",
    `${entityNames[kind]} is intussen door iemand anders gewijzigd. Laad de gegevens opnieuw en voer je wijziging nog eens in; er is niets opgeslagen.`,
  );

/** A value that must be unique is taken: 409, naming the field so the form can show it there. */
export const duplicate = (path: string, message: string) =>
  new ApiError(409, "duplicate", message, [{ path, message }]);
