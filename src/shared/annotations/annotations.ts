import { dateSchema } from "../admin/fields.ts";
import { isIsoDate } from "../reports/dates.ts";
import { z } from "../zod-nl.ts";

// Annotations on the time series: what the charts mark so that a dip or a spike explains itself. The
// automatic ones are worked out from the data (promotions, data gaps, public holidays, notable weather);
// notes are typed by a beheerder. Served by `GET /api/annotations`, apart from the report envelope, for any
// period and sites.

export const annotationKinds = [
  "holiday",
  "promotion-start",
  "promotion-end",
  "data-gap",
  "weather",
  "note",
] as const;
export type AnnotationKind = (typeof annotationKinds)[number];

export const ANNOTATION_LABELS: Record<AnnotationKind, string> = {
  holiday: "Feestdag",
  "promotion-start": "Start actie",
  "promotion-end": "Einde actie",
  "data-gap": "Gat in de gegevens",
  weather: "Weer",
  note: "Notitie",
};

/**
 * Notable weather (REPORT-DEFINITIONS §6), from the measured daily weather of the chosen sites' stations: a
 * day with at least HEAVY_RAIN_MM of rain (KNMI's count of "dagen met ten minste 10 mm"), a day whose mean
 * temperature stays below FROST_MEAN_C (frost all day: salted roads) or reaches HOT_MEAN_C (about a
 * "tropische dag", 30 °C at its warmest). Each keeps people from the wash or sends them to it.
 */
export const HEAVY_RAIN_MM = 10;
export const FROST_MEAN_C = 0;
export const HOT_MEAN_C = 22;

/**
 * A data gap: a camera or till silent for at least MIN_GAP_HOURS opening hours in a row, in hours in which
 * it usually delivers at least GAP_MIN_EXPECTED things in all (its average for the same hours of the day
 * on weekdays, Saturdays or Sundays, over the period and the two weeks before). Two hours: one empty
 * opening hour happens on a quiet lane (the freshness rule calls it "vertraagd"). Ten expected: a silence
 * that long happens by chance less than once in 20 000 times (Poisson, e^-10), so a chart of a year over a
 * dozen sources is not littered with chance; a busy lane (20 cars an hour) shows a gap after two silent
 * hours, a quiet one (3 an hour) after four.
 */
export const MIN_GAP_HOURS = 2;
export const GAP_MIN_EXPECTED = 10;

export const NOTE_MAX_LENGTH = 200;

export interface AnnotationSite {
  code: string;
  name: string;
}

export interface Annotation {
  kind: AnnotationKind;
  /** The local date the marker belongs to (the bucket it falls in, at any granularity). */
  date: string;
  /** For a data gap: its first and last silent opening hour, local `YYYY-MM-DDTHH:00`; else null. */
  from: string | null;
  to: string | null;
  /** The site it concerns; null for the whole chain (holidays, promotions, chain-wide notes). */
  site: AnnotationSite | null;
  text: string;
  /** A note's id (for deleting it) and author; null for automatic annotations. */
  id: number | null;
  createdBy: string | null;
}

export interface AnnotationsAnswer {
  annotations: Annotation[];
  /** Whether the caller may add and delete notes (a beheerder). */
  editable: boolean;
}

const MAX_DAYS = 3 * 366 + 1;

/** `GET /api/annotations?from&to&site`: inclusive local dates, optionally one or more site codes. */
export const annotationsQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    site: z
      .string()
      .trim()
      .max(500, "Hoogstens 500 tekens.")
      .optional()
      .transform((value) =>
        value
          ? value
              .split(",")
              .map((code) => code.trim())
              .filter(Boolean)
          : [],
      ),
  })
  .superRefine((query, ctx) => {
    if (!isIsoDate(query.from) || !isIsoDate(query.to)) return;
    if (query.to < query.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "De einddatum ligt vóór de begindatum." });
    } else if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 > MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "Kies een periode van hoogstens drie jaar." });
    }
  });

/** A note as a beheerder adds it: a date, optionally a site (its code), and at most 200 characters. */
export const noteCreateSchema = z.object({
  date: dateSchema,
  site: z
    .string({ message: "Kies een vestiging of laat het veld leeg." })
    .trim()
    .max(32, "Deze vestiging bestaat niet.")
    .nullish()
    .transform((value) => value || null),
  text: z
    .string({ message: "Vul een tekst in." })
    .trim()
    .min(1, "Vul een tekst in.")
    .max(NOTE_MAX_LENGTH, `Hoogstens ${NOTE_MAX_LENGTH} tekens.`),
});
export type NoteCreate = z.input<typeof noteCreateSchema>;
