import { useSearchParams } from "react-router";
import { DIMENSION_KEYS, type DimensionKey } from "../../../shared/reports/dimensions.ts";
import {
  type Comparison,
  DEFAULT_COMPARISON,
  type Granularity,
  granularityAllowed,
  reportQuerySchema,
  siteCodes,
} from "../../../shared/reports/filters.ts";
import { type ResolvedPeriod, resolvePeriod } from "../../../shared/reports/period.ts";
import { amsterdamDate } from "../../../shared/time-zone.ts";

// The report filters live in the URL query string, so a link reproduces the view. This hook reads them
// (with the shared schema the endpoint uses) and writes them back; defaults are left out of the URL.

const BASE_KEYS = ["period", "from", "to", "compare", "granularity", "site"] as const;
/** Besides the four filters: the dimension filters (campaign, page …) and a long table's search text. */
const FILTER_KEYS = [...BASE_KEYS, ...DIMENSION_KEYS, "search"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
/** `rows=all`: the whole of a long table, asked for by the CSV export only. */
export type ReportSearch = Partial<Record<FilterKey | "rows", string>>;

/** Today's date in Amsterdam, where the chain is, whatever the browser's time zone. */
export const localToday = () => amsterdamDate();

export interface ReportFiltersState {
  /** The filters as they are in the URL: what the API receives. */
  search: ReportSearch;
  /** Whether the URL's filters are valid; the API's 422 explains what is not. */
  valid: boolean;
  period: ResolvedPeriod;
  compare: Comparison;
  /** The granularity the URL asks for, if any; what a report shows is effectiveGranularity's. */
  granularity: Granularity | undefined;
  /** The chosen sites' codes; none for all sites. */
  sites: string[];
  /** The dimension filters in the URL, whichever the report accepts (the API refuses the others). */
  dimensions: Partial<Record<DimensionKey, string>>;
  update: (changes: ReportSearch) => void;
  reset: () => void;
}

/** The filters a URL's query string holds, as they are (the schema checks them). */
export function searchOf(params: URLSearchParams): ReportSearch {
  const search: ReportSearch = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) search[key] = value;
  }
  return search;
}

export function useReportFilters(): ReportFiltersState {
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const parsed = reportQuerySchema.safeParse(search);
  const query = parsed.success ? parsed.data : { compare: DEFAULT_COMPARISON };
  const period = resolvePeriod(query, localToday());

  const update = (changes: ReportSearch) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // A granularity that does not fit the new period (hours over a year) gives way to the default.
    const granularity = next.get("granularity") as Granularity | null;
    if (granularity) {
      const checked = reportQuerySchema.safeParse(Object.fromEntries(next));
      const range = checked.success ? resolvePeriod(checked.data, localToday()) : null;
      if (range && !granularityAllowed(granularity, range)) next.delete("granularity");
    }
    setParams(next);
  };

  return {
    search,
    valid: parsed.success,
    period,
    compare: query.compare,
    granularity: ("granularity" in query && query.granularity) || undefined,
    sites: siteCodes(search.site),
    dimensions: Object.fromEntries(
      DIMENSION_KEYS.filter((key) => search[key]).map((key) => [key, search[key]]),
    ),
    update,
    reset: () => setParams(new URLSearchParams()),
  };
}

/** The address of a report screen with these filters (empty values left out). */
export function reportHref(report: string, search: ReportSearch): string {
  const query = new URLSearchParams(
    Object.entries(search).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  return `/reports/${report}${query ? `?${query}` : ""}`;
}
