import type { WeatherImportPreview, WeatherImportResult, WeatherOverview } from "../../shared/weather.ts";
import { weatherImportRequestSchema } from "../../shared/weather.ts";
import { z } from "../../shared/zod-nl.ts";
import { access, errorAnswer, jsonAnswer, jsonBody, signedInErrors } from "../http/openapi-schema.ts";
import { importErrorSchema } from "../imports/openapi.ts";

// OpenAPI path items of /api/imports/weather: KNMI daily station data, previewed and then imported, and what
// is held per station; beheerders only.

const station = z.object({
  code: z.number().int().describe("KNMI-stationsnummer (STN)"),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  from: z.string(),
  to: z.string(),
  days: z.number().int().describe("Dagen van dit station in het bestand"),
  existingDays: z.number().int().describe("Dagen die nu voor dit station in die periode zijn opgeslagen"),
});

const summaryFields = {
  fileName: z.string(),
  rowsRead: z.number().int(),
  rowsToImport: z.number().int(),
  fields: z.array(z.string()).describe("Welke van TG, SQ en RH het bestand bevat"),
  errors: z.array(importErrorSchema),
  stations: z.array(station),
};

const previewSchema: z.ZodType<WeatherImportPreview> = z.object(summaryFields);
const resultSchema: z.ZodType<WeatherImportResult> = z.object({
  ...summaryFields,
  inserted: z.number().int(),
  replaced: z.number().int().describe("Dagen die eerder waren opgeslagen voor dezelfde stations en periode"),
});

const overviewSchema: z.ZodType<WeatherOverview> = z.object({
  stations: z.array(
    z.object({
      code: z.number().int(),
      name: z.string(),
      lat: z.number(),
      lon: z.number(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      days: z.number().int(),
      sites: z
        .array(
          z.object({
            code: z.string(),
            name: z.string(),
            distanceKm: z.number(),
            forecastFrom: z.string().nullable(),
            forecastTo: z.string().nullable(),
            forecastReceivedAt: z.string().nullable(),
          }),
        )
        .describe("Vestigingen waarvan dit het dichtstbijzijnde station met gegevens is"),
    }),
  ),
  unlinkedSites: z
    .array(z.object({ code: z.string(), name: z.string() }))
    .describe("Vestigingen zonder station: er zijn nog geen weergegevens"),
});

const operation = (summary: string, description: string, answer: object) => ({
  tags: ["imports"],
  summary,
  description,
  ...access.admin,
  requestBody: jsonBody(weatherImportRequestSchema, "Het bestand in base64; de tekencodering wordt herkend."),
  responses: {
    ...answer,
    "400": errorAnswer("De aanvraag is geen geldige JSON."),
    ...signedInErrors,
    "413": errorAnswer("Het bestand is groter dan 10 MB."),
    "422": errorAnswer("Ongeldige aanvraag, of (commit) een bestand met fouten: er is niets opgeslagen."),
  },
});

export const weatherOpenApiPaths = {
  "/api/imports/weather": {
    get: {
      tags: ["imports"],
      summary: "Weerstations en gekoppelde vestigingen",
      description:
        "Per station de opgeslagen dagen en de vestigingen waarvan het het dichtstbijzijnde station met gegevens is, met hun weerverwachting vanaf vandaag.",
      ...access.admin,
      responses: { "200": jsonAnswer("De stations.", overviewSchema), ...signedInErrors },
    },
  },
  "/api/imports/weather/preview": {
    post: operation(
      "KNMI-daggegevens controleren",
      "Leest het bestand zonder iets op te slaan: stations, perioden, fouten per regel en de dagen die vervangen worden.",
      { "200": jsonAnswer("Het voorbeeld.", previewSchema) },
    ),
  },
  "/api/imports/weather/commit": {
    post: operation(
      "KNMI-daggegevens importeren",
      "Slaat het bestand op; de dagen die het bestand per station beslaat worden vervangen. Een bestand met fouten verandert niets.",
      { "200": jsonAnswer("Wat er is opgeslagen en vervangen.", resultSchema) },
    ),
  },
};
