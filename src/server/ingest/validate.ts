import type { z } from "zod";
import { ApiError, type FieldError, formatPath } from "../http/errors.ts";
import type { RawRow } from "./body.ts";

/** A batch with a thousand broken rows would otherwise answer with a megabyte of errors. */
const MAX_REPORTED_ERRORS = 100;

/** A validated row with its 1-based row number, kept for errors found later (unknown codes). */
export interface Numbered<T> {
  row: number;
  value: T;
}

/** The path of a field of a batch row as the API reports it: `[2].lines[0].item` for row 3. */
export const rowPath = (row: number, path: readonly PropertyKey[] = []) => formatPath(path, `[${row - 1}]`);

export function invalidBatch(errors: FieldError[]): ApiError {
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  const more = errors.length - shown.length;
  const message = `De batch bevat ongeldige rijen; er is niets opgeslagen.${more > 0 ? ` Nog ${more} fouten niet getoond.` : ""}`;
  return new ApiError(422, "validation_failed", message, shown);
}

/** Validates every row; one invalid row rejects the batch with every error found, each with row and path. */
export function validateRows<S extends z.ZodType>(rows: RawRow[], schema: S): Numbered<z.output<S>>[] {
  const valid: Numbered<z.output<S>>[] = [];
  const errors: FieldError[] = [];
  for (const { row, value } of rows) {
    const result = schema.safeParse(value);
    if (result.success) {
      valid.push({ row, value: result.data });
    } else {
      for (const issue of result.error.issues) {
        errors.push({ row, path: rowPath(row, issue.path), message: issue.message });
      }
    }
  }
  if (errors.length > 0) throw invalidBatch(errors);
  return valid;
}
