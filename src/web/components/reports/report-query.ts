import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { catalogueEntry } from "../../../shared/reports/catalogue.ts";
import type { ReportEnvelope, ReportsIndex } from "../../../shared/reports/envelope.ts";
import { apiFetch } from "../../lib/http.ts";
import type { ReportDeclaration } from "./declaration.ts";
import type { ReportSearch } from "./use-report-filters.ts";

/** `/api/reports/<id>?…`, or `<id>.xlsx?…` for the Excel workbook of the same view. */
export function reportPath(id: string, search: ReportSearch, format?: "xlsx"): string {
  const query = new URLSearchParams(
    Object.entries(search).filter((entry): entry is [string, string] => !!entry[1]),
  );
  return `/api/reports/${id}${format ? `.${format}` : ""}?${query}`;
}

/** `GET /api/reports/<id>?…`: the key holds every filter, so each view is cached on its own. */
export const reportQuery = (id: string, search: ReportSearch) => {
  return queryOptions({
    queryKey: ["report", id, search],
    queryFn: ({ signal }) => apiFetch<ReportEnvelope>(reportPath(id, search), { signal }),
    // Keep showing the last figures while the next filters load, instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
    retry: false,
  });
};

/** The report ids and the sites for the site filter. */
export const reportsIndexQuery = queryOptions({
  queryKey: ["reports-index"],
  queryFn: ({ signal }) => apiFetch<ReportsIndex>("/api/reports", { signal }),
  staleTime: 10 * 60_000,
});

/**
 * The filters the API receives of those in the URL: only those the screen offers and the report accepts (its
 * catalogue entry), so a stray parameter in the URL cannot change hidden figures or fail the request.
 */
export function reportSearch(declaration: ReportDeclaration, search: ReportSearch): ReportSearch {
  const entry = catalogueEntry(declaration.id);
  const offered = { period: true, comparison: true, granularity: true, ...declaration.filters };
  const out: ReportSearch = offered.period
    ? {
        period: search.period,
        from: search.from,
        to: search.to,
        compare: search.compare,
        granularity: search.granularity,
      }
    : { ...(offered.comparison && { compare: search.compare }) };
  if (entry?.site) out.site = search.site;
  for (const key of entry?.dimensions ?? []) out[key] = search[key];
  out.search = search.search;
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value)) as ReportSearch;
}
