import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ExperimentsReport } from "../../../../shared/experiments/report.ts";
import { apiFetch } from "../../../lib/http.ts";

/** GET /api/reports/experiments; the key holds every parameter. */
export function experimentsReportQuery(params: {
  experiment: string | null;
  phase: number | null;
  prior: boolean;
}) {
  const search = new URLSearchParams();
  if (params.experiment) search.set("experiment", params.experiment);
  if (params.phase) search.set("phase", String(params.phase));
  if (params.prior) search.set("prior", "true");
  const query = search.toString();
  return queryOptions({
    queryKey: ["reports", "experiments", params],
    queryFn: ({ signal }) =>
      apiFetch<ExperimentsReport>(`/api/reports/experiments${query ? `?${query}` : ""}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
