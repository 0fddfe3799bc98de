import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

export interface FieldError {
  /** Exact path of the offending field, e.g. `rows[3].plate` or `price`. */
  path: string;
  message: string;
  /** For batches: the 1-based row (NDJSON line) the field belongs to. */
  row?: number;
}

/** The one error shape every endpoint answers with: `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
  }
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body = {
    error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) },
  };
  return c.json(body, error.status);
}

/** Turns zod issues into field errors, paths written the way a person reads them: `rows[3].plate`. */
export function zodFields(error: ZodError, prefix = ""): FieldError[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path, prefix), message: issue.message }));
}

export function formatPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const part of path) {
    out += typeof part === "number" ? `[${part}]` : out ? `.${String(part)}` : String(part);
  }
  return out || "(body)";
}

export const validationError = (error: ZodError, prefix = "") =>
  new ApiError(422, "validation_failed", "De invoer is ongeldig.", zodFields(error, prefix));
