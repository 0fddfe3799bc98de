import { type ImportError, importRequestSchema } from "./imports";
import { codeSchema } from "./ingest";
import { amsterdamDate } from "./time-zone";
import { z } from "./zod-nl";

// Weather (REPORT-DEFINITIONS §6): KNMI daily station data (daggegevens), uploaded under Instellingen › Weer
// (POST /api/imports/weather/preview stores nothing, /commit replaces the days the file covers per station),
// and the forecast per site and day that POST /api/ingest/weather brings.

/** The file, as the ad imports send theirs: its name and its bytes in base64 (same 10 MB limit). */
export const weatherImportRequestSchema = importRequestSchema.pick({ fileName: true, content: true });
export type WeatherImportRequest = z.input<typeof weatherImportRequestSchema>;

/** One station's days in a file, and how many of them are stored now (and will be replaced). */
export interface WeatherImportStation {
  code: number;
  name: string;
  lat: number;
  lon: number;
  from: string;
  to: string;
  days: number;
  existingDays: number;
}

export interface WeatherImportPreview {
  fileName: string;
  /** Data lines read after the header, without blank lines. */
  rowsRead: number;
  /** Days that would be stored (all stations); 0 while the file has errors. */
  rowsToImport: number;
  /** Which of TG, SQ and RH the file carries, in KNMI's names. */
  fields: string[];
  errors: ImportError[];
  stations: WeatherImportStation[];
}

export interface WeatherImportResult extends WeatherImportPreview {
  inserted: number;
  /** Days stored before for the same stations, now replaced. */
  replaced: number;
}

/** A site linked to a station, and the forecast held for it. */
export interface WeatherSite {
  code: string;
  name: string;
  distanceKm: number;
  /** First and last day of the forecast held for the site from today on; null when there is none. */
  forecastFrom: string | null;
  forecastTo: string | null;
  forecastReceivedAt: string | null;
}

/** Instellingen › Weer: per station the days held and the sites whose nearest station it is. */
export interface WeatherStationOverview {
  code: number;
  name: string;
  lat: number;
  lon: number;
  from: string | null;
  to: string | null;
  days: number;
  sites: WeatherSite[];
}

/** Sites no station with data is near yet: the overview lists them so no site goes unnoticed. */
export interface WeatherOverview {
  stations: WeatherStationOverview[];
  unlinkedSites: { code: string; name: string }[];
}

/** How far ahead a forecast may reach: two weeks and a bit, the range of the weather services' daily forecasts. */
export const MAX_FORECAST_DAYS = 16;
const DAY_MS = 86_400_000;

const forecastDate = z.iso
  .date({ abort: true })
  .refine(
    // Yesterday still counts: a sender's clock or time zone may be a little behind Amsterdam's.
    (value) => value >= amsterdamDate(new Date(Date.now() - DAY_MS)),
    "Ligt in het verleden; een verwachting is voor vandaag of later.",
  )
  .refine(
    (value) => value <= amsterdamDate(new Date(Date.now() + MAX_FORECAST_DAYS * DAY_MS)),
    `Ligt meer dan ${MAX_FORECAST_DAYS} dagen vooruit.`,
  );

export const weatherForecastRowSchema = z.object({
  site: codeSchema.describe("Site code, as under Instellingen › Vestigingen."),
  date: forecastDate.describe(`The local day (YYYY-MM-DD): today up to ${MAX_FORECAST_DAYS} days ahead.`),
  tempC: z.number().min(-50).max(50).nullable().describe("Daily mean temperature, °C; null if unknown."),
  rainMm: z.number().min(0).max(500).nullable().describe("Rain over the day, mm; null if unknown."),
  sunshineH: z
    .number()
    .min(0)
    .max(24)
    .nullable()
    .describe("Hours of sunshine over the day; null if unknown."),
});
export type WeatherForecastRow = z.infer<typeof weatherForecastRowSchema>;
