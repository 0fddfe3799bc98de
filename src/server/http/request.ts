import type { Context } from "hono";
import type { z } from "zod";
import { BODY_LIMITS, readJsonBody } from "./body.ts";
import { ApiError, validationError } from "./errors.ts";

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
