import type { WeatherImportPreview, WeatherImportResult } from "../../shared/weather.ts";
import { weatherImportRequestSchema } from "../../shared/weather.ts";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
import { decodeExport } from "../imports/decode.ts";
import { importEmpty, importHasErrors } from "../imports/refusals.ts";
import { type KnmiParseResult, parseKnmiDaggegevens } from "./knmi-daggegevens.ts";
import { replaceWeather, stationsOf } from "./replace-weather.ts";

// KNMI daggegevens, previewed and imported: the upload under Instellingen › Weer, `npm run import:weather`
// and the demo chain's own history all come in through these two functions.

type Request = ReturnType<typeof weatherImportRequestSchema.parse>;

export function parseWeatherImportRequest(body: unknown): Request {
  const parsed = weatherImportRequestSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const parse = (request: Request): KnmiParseResult =>
  parseKnmiDaggegevens(decodeExport(Buffer.from(request.content, "base64")));

/** What an import of the file would do, without storing anything. */
export async function previewWeatherImport(db: Database, request: Request): Promise<WeatherImportPreview> {
  const parsed = parse(request);
  return {
    fileName: request.fileName,
    rowsRead: parsed.rowsRead,
    rowsToImport: parsed.days.length,
    fields: parsed.fields,
    errors: parsed.errors,
    stations: await stationsOf(db, parsed.stations, parsed.days),
  };
}

/** Imports the file: all of it or, when one line has an error, nothing. */
export async function commitWeatherImport(
  db: Database,
  actorEmail: string,
  request: Request,
): Promise<WeatherImportResult> {
  const parsed = parse(request);
  if (parsed.errors.length > 0) throw importHasErrors(parsed.errors);
  if (parsed.days.length === 0) throw importEmpty();
  const summary = {
    fileName: request.fileName,
    rowsRead: parsed.rowsRead,
    rowsToImport: parsed.days.length,
    fields: parsed.fields,
  };
  const stored = await replaceWeather(db, parsed.stations, parsed.days, (tx, replaced) =>
    writeAudit(tx, actorEmail, {
      action: "imported",
      entity: "weather",
      entityId: replaced.stations.map((station) => station.code).join(","),
      before: { existingDays: replaced.replaced },
      after: { ...summary, stations: replaced.stations, inserted: replaced.inserted },
    }),
  );
  return { ...summary, errors: [], ...stored };
}
