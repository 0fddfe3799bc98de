import { formatDate, formatList } from "../format.ts";
import { DIMENSIONS, type DimensionKey } from "./dimensions.ts";
import type { ReportEnvelope } from "./envelope.ts";

const range = (from: string, to: string) =>
  from === to ? formatDate(from) : `${formatDate(from)} t/m ${formatDate(to)}`;

/**
 * The filters a report was answered for, as one line of text for where the filter bar is not there: the
 * title row of the Excel workbook and the printed page. `01-03-2026 t/m 31-03-2026 · vergeleken met … ·
 * alle vestigingen · Campagne: Winteractie`.
 */
export function filtersText(envelope: ReportEnvelope): string {
  const { period, comparison, sites, dimensions } = envelope;
  return [
    range(period.from, period.to),
    comparison && `vergeleken met ${range(comparison.from, comparison.to)}`,
    sites.length ? formatList(sites.map((site) => site.name)) : "alle vestigingen",
    ...Object.entries(dimensions).map(([key, value]) => `${DIMENSIONS[key as DimensionKey].label}: ${value}`),
  ]
    .filter(Boolean)
    .join(" · ");
}
