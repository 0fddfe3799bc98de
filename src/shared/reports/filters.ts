import { z } from "../zod-nl.ts";
import { type DateRange, daysBetween, isIsoDate } from "./dates.ts";

// The controls every report screen shares (DESIGN section 5), as one schema: the endpoint validates its
// query string with it and the web app reads its URL with it, so both agree on what a valid view is.

export const PERIOD_PRESETS = [
  "today",
  "yesterday",
  "this-week",
  "last-week",
  "last-7-days",
  "last-30-days",
  "this-month",
  "last-month",
  "this-quarter",
  "last-quarter",
  "this-year",
  "last-year",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  today: "Vandaag",
  yesterday: "Gisteren",
  "this-week": "Deze week",
  "last-week": "Vorige week",
  "last-7-days": "Laatste 7 dagen",
  "last-30-days": "Laatste 30 dagen",
  "this-month": "Deze maand",
  "last-month": "Vorige maand",
  "this-quarter": "Dit kwartaal",
  "last-quarter": "Vorig kwartaal",
  "this-year": "Dit jaar",
  "last-year": "Vorig jaar",
  custom: "Aangepast",
};

export const COMPARISONS = ["previous", "year", "none"] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const COMPARISON_LABELS: Record<Comparison, string> = {
  previous: "Vorige periode",
  year: "Vorig jaar",
  none: "Geen vergelijking",
};

export const GRANULARITIES = ["hour", "day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const GRANULARITY_LABELS: Record<Granularity, string> = {
  hour: "Uur",
  day: "Dag",
  week: "Week",
  month: "Maand",
};

export const DEFAULT_PRESET: PeriodPreset = "last-30-days";
export const DEFAULT_COMPARISON: Comparison = "previous";
/** Hour buckets beyond a month make a chart nobody can read and a query nobody needs. */
export const MAX_HOUR_DAYS = 31;
/** The longest custom range: five years of day buckets is still a readable chart. */
export const MAX_PERIOD_DAYS = 1827;

/** `site=utrecht,zeist`: one or more site codes, comma-separated; a single code (old bookmarks) is one. */
const SITE_LIST = /^[a-z0-9][a-z0-9-]{0,31}(,[a-z0-9][a-z0-9-]{0,31})*$/;

/** The site codes of a `site` value, each once, in the order given; none for all sites. */
export const siteCodes = (site: string | null | undefined): string[] =>
  site ? [...new Set(site.split(","))] : [];

const isoDate = z.string().refine(isIsoDate, "Gebruik een datum als JJJJ-MM-DD, bijvoorbeeld 2026-03-29.");

/**
 * A report's query string. `from`/`to` (inclusive local dates) belong to a custom period; without `period`
 * they imply one. `granularity` defaults to what suits the period's length (see `defaultGranularity`).
 */
export const reportQuerySchema = z
  .object({
    period: z.enum(PERIOD_PRESETS).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    compare: z.enum(COMPARISONS).default(DEFAULT_COMPARISON),
    granularity: z.enum(GRANULARITIES).optional(),
    site: z
      .string()
      .max(1000)
      .regex(SITE_LIST, "Gebruik vestigingscodes gescheiden door komma's, bijvoorbeeld utrecht,zeist.")
      .optional(),
  })
  .superRefine((query, ctx) => {
    const custom = query.period === "custom" || (query.period === undefined && (query.from || query.to));
    if (!custom) {
      for (const field of ["from", "to"] as const) {
        if (query[field]) {
          ctx.addIssue({ code: "custom", path: [field], message: "Alleen bij een aangepaste periode." });
        }
      }
      return;
    }
    if (!query.from) ctx.addIssue({ code: "custom", path: ["from"], message: "Kies een begindatum." });
    if (!query.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Kies een einddatum." });
    if (!query.from || !query.to || !isIsoDate(query.from) || !isIsoDate(query.to)) return;
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "De einddatum ligt vóór de begindatum." });
    } else if (days > MAX_PERIOD_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "Kies een periode van hoogstens vijf jaar." });
    } else if (query.granularity === "hour" && days > MAX_HOUR_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["granularity"],
        message: `Per uur kan alleen bij een periode van hoogstens ${MAX_HOUR_DAYS} dagen.`,
      });
    }
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The granularity that gives a readable chart for a period of this length. */
export function defaultGranularity(range: DateRange): Granularity {
  const days = daysBetween(range.from, range.to) + 1;
  if (days <= 2) return "hour";
  if (days <= 92) return "day";
  if (days <= 400) return "week";
  return "month";
}

/** Whether a granularity may be combined with a period of this length. */
export const granularityAllowed = (granularity: Granularity, range: DateRange) =>
  granularity !== "hour" || daysBetween(range.from, range.to) + 1 <= MAX_HOUR_DAYS;

/** The coarser of two granularities: a report of daily facts shows a two-day period per day, not per hour. */
export const coarsest = (a: Granularity, b: Granularity): Granularity =>
  GRANULARITIES[Math.max(GRANULARITIES.indexOf(a), GRANULARITIES.indexOf(b))];

/**
 * The granularity a report's figures are bucketed by, on both sides: the one asked for, else the one that
 * suits the period's length, never finer than the report's facts allow (`finest`). The server refuses an
 * asked granularity finer than that (finestMessage) or one that does not fit the period (granularityAllowed)
 * before it gets here; the filter bar shows what this returns.
 */
export const effectiveGranularity = (
  asked: Granularity | undefined,
  range: DateRange,
  finest: Granularity,
): Granularity => coarsest(asked ?? defaultGranularity(range), finest);

/** Why a report refuses a granularity finer than its facts, in the words of the filter bar. */
export function finestMessage(finest: Granularity): string {
  const allowed = GRANULARITIES.filter((g) => coarsest(g, finest) === g).map((g) => GRANULARITY_LABELS[g]);
  return `Dit rapport heeft gegevens per ${GRANULARITY_LABELS[finest].toLowerCase()}; kies ${allowed.slice(0, -1).join(", ")} of ${allowed.at(-1)}.`;
}
