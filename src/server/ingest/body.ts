import type { Context } from "hono";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS } from "../../shared/ingest.ts";
import { readBodyText } from "../http/body.ts";
import { ApiError, type FieldError } from "../http/errors.ts";

/** One row of a batch before validation; `row` is 1-based (the NDJSON line number for NDJSON bodies). */
export interface RawRow {
  row: number;
  value: unknown;
}

const NDJSON_TYPES = new Set(["application/x-ndjson", "application/ndjson", "application/jsonl"]);

const tooLarge = (maxRows: number) =>
  new ApiError(
    413,
    "batch_too_large",
    `Een batch mag hoogstens ${maxRows.toLocaleString("nl-NL")} rijen en ${MAX_BATCH_BYTES / 1024 / 1024} MB bevatten.`,
  );

/**
 * Reads a batch: a JSON array, or NDJSON when the Content-Type says so, within the batch byte limit and at
 * most `maxRows` rows.
 */
export async function readBatch(c: Context, maxRows = MAX_BATCH_ROWS): Promise<RawRow[]> {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const ndjson = NDJSON_TYPES.has(mediaType);
  if (!ndjson && mediaType !== "application/json") {
    throw new ApiError(
      415,
      "unsupported_media_type",
      "Stuur een JSON-array (Content-Type: application/json) of NDJSON (Content-Type: application/x-ndjson).",
    );
  }
  const text = await readBodyText(c, MAX_BATCH_BYTES, () => tooLarge(maxRows));
  return ndjson ? parseNdjson(text, maxRows) : parseJsonArray(text, maxRows);
}

function parseJsonArray(text: string, maxRows: number): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, "invalid_json", `De body is geen geldige JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) {
    throw new ApiError(400, "invalid_json", "De body moet een JSON-array van rijen zijn.");
  }
  if (parsed.length > maxRows) throw tooLarge(maxRows);
  return parsed.map((value, index) => ({ row: index + 1, value }));
}

function parseNdjson(text: string, maxRows: number): RawRow[] {
  const lines = text.split("\n");
  const rows: RawRow[] = [];
  const errors: FieldError[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    if (rows.length + errors.length >= maxRows) throw tooLarge(maxRows);
    try {
      rows.push({ row: index + 1, value: JSON.parse(line) });
    } catch {
      errors.push({ row: index + 1, path: `[${index}]`, message: "Deze regel is geen geldige JSON." });
    }
  });
  if (errors.length > 0) {
    throw new ApiError(
      422,
      "validation_failed",
      "De batch bevat ongeldige rijen; er is niets opgeslagen.",
      errors,
    );
  }
  return rows;
}
