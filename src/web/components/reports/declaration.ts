import type { ComponentType } from "react";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";

// What a report screen shows, declared: the shared components draw it from the report's envelope.
// Adding a report on the web is a declaration like this, not a page of its own markup.

export interface ChartDeclaration {
  title: string;
  /** Series keys of the envelope, or a key prefix ending in `*` (`programme:*`: one series per programme). */
  series: string[];
  kind: "line" | "bar";
  /** Several series on top of each other (a mix). The comparison is not drawn for stacked charts. */
  stacked?: boolean;
  /** Draw the comparison period beside each series (default true when there is a comparison). */
  comparison?: boolean;
  /** Half width, so two charts sit side by side on a wide screen. */
  half?: boolean;
  /** How to name the comparison period (`gisteren`); default from the envelope (`vorige periode`). */
  comparisonLabel?: string;
}

export interface KpiGroup {
  title: string;
  keys: string[];
  /** How to name the comparison period (`vorige week`); default from the envelope. */
  comparisonLabel?: string;
}

export interface ReportDeclaration {
  /** The report id of the API: GET /api/reports/<id>. */
  id: string;
  /** One or two sentences under the title: what the report answers. */
  intro: string;
  /** KPI keys in order, or titled groups of them; default: every KPI of the envelope. */
  kpis?: string[] | KpiGroup[];
  charts: ChartDeclaration[];
  /** Table keys in order; default: every table of the envelope. */
  tables?: string[];
  /** Which filters the screen offers; default all. The dashboard only offers the site. */
  filters?: { period?: boolean; comparison?: boolean; granularity?: boolean };
  /** A bespoke part (heatmap, sankey, map), drawn from `envelope.extra` below the charts. */
  extra?: ComponentType<{ envelope: ReportEnvelope }>;
  /** When the screen shows "Geen gegevens voor deze periode"; default: every KPI is 0 or empty. */
  isEmpty?: (envelope: ReportEnvelope) => boolean;
}
