import type { CatalogueEntry } from "../../shared/reports/catalogue.ts";
import type { DateRange } from "../../shared/reports/dates.ts";
import {
  DIMENSIONS,
  type DimensionFilters,
  type DimensionKey,
  TABLE_QUERY_KEYS,
  tableQuerySchema,
} from "../../shared/reports/dimensions.ts";
import {
  type Comparison,
  coarsest,
  effectiveGranularity,
  finestMessage,
  type Granularity,
  granularityAllowed,
  MAX_HOUR_DAYS,
  type PeriodPreset,
  reportQuerySchema,
  siteCodes,
} from "../../shared/reports/filters.ts";
import { comparisonShift, resolvePeriod, type Shift } from "../../shared/reports/period.ts";
import type { Queryable } from "../db/database.ts";
import { ApiError, validationError } from "../http/errors.ts";
import type { TimeWindow } from "../warehouse/buckets.ts";
import { comparisonWindow, periodWindow } from "../warehouse/period-windows.ts";
import { findSites, type Site, unknownSites } from "../warehouse/sites.ts";
import { localDate } from "../warehouse/time-zone.ts";
import { dimensionExists } from "./dimension-values.ts";

/** A report request, parsed and resolved: what every query module receives. */
export interface ReportFilters {
  preset: PeriodPreset;
  compare: Comparison;
  granularity: Granularity;
  current: TimeWindow;
  /** Null when no comparison was asked for. */
  comparison: TimeWindow | null;
  /** The sites the figures are limited to, by name; empty for all sites. */
  sites: Site[];
  /** The moment the request was answered; windows never reach past it. */
  now: Date;
  /** The dimension filters the report accepts (its catalogue entry), as given: campaign, page … */
  dimensions: DimensionFilters;
  /** Long tables: a search text narrowing their rows, and whether to send every row (CSV) or the top. */
  table: { search: string | null; all: boolean };
}

const BASE_KEYS = new Set<string>([
  "period",
  "from",
  "to",
  "compare",
  "granularity",
  "site",
  ...TABLE_QUERY_KEYS,
]);

/**
 * Query string → filters, for one report of the catalogue. Bad values: 422 with the field path (`from`,
 * `granularity`, `site`, `campaign` …); a key the report does not accept is refused the same way, so a
 * filter is never silently ignored.
 */
export async function parseReportFilters(
  query: Record<string, string | undefined>,
  db: Queryable,
  now: Date,
  report: CatalogueEntry,
): Promise<ReportFilters> {
  const accepted = new Set<string>(report.dimensions);
  const unknown = Object.keys(query).filter((key) => !BASE_KEYS.has(key) && !accepted.has(key));
  if (unknown.length > 0) {
    throw new ApiError(
      422,
      "validation_failed",
      "De invoer is ongeldig.",
      unknown.map((key) => ({ path: key, message: "Dit rapport kent dit filter niet." })),
    );
  }
  const parsed = reportQuerySchema.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  const table = tableQuerySchema.safeParse(query);
  if (!table.success) throw validationError(table.error);
  const { compare } = parsed.data;
  const codes = siteCodes(parsed.data.site);

  const period = resolvePeriod(parsed.data, localDate(now));
  const asked = parsed.data.granularity;
  if (asked && !granularityAllowed(asked, period)) {
    throw fieldError(
      "granularity",
      `Per uur kan alleen bij een periode van hoogstens ${MAX_HOUR_DAYS} dagen.`,
    );
  }
  if (asked && coarsest(asked, report.finest) !== asked) {
    throw fieldError("granularity", finestMessage(report.finest));
  }
  const granularity = effectiveGranularity(asked, period, report.finest);
  if (codes.length > 0 && !report.site) {
    throw fieldError(
      "site",
      "De vestigingsfilter geldt niet voor dit rapport: deze gegevens horen bij geen vestiging.",
    );
  }
  const sites = await findSites(db, codes);
  const unknownSite = unknownSites(codes, sites);
  if (unknownSite) throw fieldError("site", unknownSite);
  const dimensions = await parseDimensions(query, report, db);
  return {
    ...filtersFor({
      preset: period.preset,
      range: period,
      compare,
      shift: comparisonShift(period, compare),
      granularity,
      sites,
      now,
    }),
    dimensions,
    table: { search: table.data.search || null, all: table.data.rows === "all" },
  };
}

/** The report's dimension filters: each value of the right shape and one that exists (else 422). */
async function parseDimensions(
  query: Record<string, string | undefined>,
  report: CatalogueEntry,
  db: Queryable,
): Promise<DimensionFilters> {
  const out: DimensionFilters = {};
  for (const key of report.dimensions as DimensionKey[]) {
    const raw = query[key];
    if (raw === undefined) continue;
    const parsed = DIMENSIONS[key].value.safeParse(raw);
    if (!parsed.success) throw fieldError(key, parsed.error.issues[0].message);
    if (!(await dimensionExists(db, key, parsed.data, report.id))) {
      throw fieldError(key, `Onbekende ${DIMENSIONS[key].label.toLowerCase()}: ${parsed.data}.`);
    }
    out[key] = parsed.data;
  }
  return out;
}

const fieldError = (path: string, message: string) =>
  new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path, message }]);

/** Resolved choices → the windows a query reads. Also for reports with fixed periods (the dashboard). */
export function filtersFor(choice: {
  preset: PeriodPreset;
  range: DateRange;
  compare: Comparison;
  shift: Shift | null;
  granularity: Granularity;
  sites: ReportFilters["sites"];
  now: Date;
  dimensions?: DimensionFilters;
}): ReportFilters {
  const current = periodWindow(choice.range, choice.now);
  return {
    preset: choice.preset,
    compare: choice.shift ? choice.compare : "none",
    granularity: choice.granularity,
    current,
    comparison: choice.shift ? comparisonWindow(current, choice.shift) : null,
    sites: choice.sites,
    now: choice.now,
    dimensions: choice.dimensions ?? {},
    table: { search: null, all: false },
  };
}
