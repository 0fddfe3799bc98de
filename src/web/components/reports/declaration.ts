import type { ComponentType } from "react";
import type { KpiKey, ReportId, SeriesKey, TableKey } from "../../../shared/reports/catalogue.ts";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";

// What a report screen shows, declared: the shared components draw it from the report's envelope.
// Adding a report on the web is a declaration like this, not a page of its own markup.

export interface ChartDeclaration<S extends string = string> {
  title: string;
  /** Series keys of the catalogue entry, or a key prefix ending in `*` (`programme:*`: one per programme). */
  series: S[];
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

export interface KpiGroup<K extends string = string> {
  title: string;
  keys: K[];
  /** How to name the comparison period (`vorige week`); default from the envelope. */
  comparisonLabel?: string;
  /** False for figures without a comparison (an expectation): no comparison line under them. */
  compared?: false;
}

/** A bespoke part of a screen; `preload`, when it is a chunk of its own, starts loading that chunk. */
export type ReportPart = ComponentType<{ envelope: ReportEnvelope }> & { preload?: () => void };

/** A report screen; its keys are the catalogue entry's, so a key the report does not answer is a type error. */
export interface ReportDeclaration<Id extends ReportId = ReportId> {
  /** The report id of the catalogue and the API: GET /api/reports/<id>; the screen is /reports/<id>. */
  id: Id;
  /** One or two sentences under the title: what the report answers. */
  intro: string;
  /** KPI keys in order, or titled groups of them; default: every KPI of the envelope. */
  kpis?: KpiKey<Id>[] | KpiGroup<KpiKey<Id>>[];
  charts: ChartDeclaration<SeriesKey<Id>>[];
  /** Table keys in order; default: every table of the envelope. */
  tables?: TableKey<Id>[];
  /**
   * Per table, its key columns, most important first: the row's name, then the figures the screen exists
   * for (cost, ROAS, new customers). They come first, stay on a phone's row and lead each printed block.
   * Default: the table's first four columns.
   */
  keyColumns?: Partial<Record<TableKey<Id>, readonly string[]>>;
  /** Which filters the screen offers; default all. The dashboard only offers the site. */
  filters?: { period?: boolean; comparison?: boolean; granularity?: boolean };
  /** A bespoke part (heatmap, sankey, map), drawn from `envelope.extra` below the charts. */
  extra?: ReportPart;
  /**
   * Fetch the figures again this often (ms) while the screen is open and the tab visible, and say when
   * they were last fetched ("Bijgewerkt om 08:41"). Default: only when the filters change.
   */
  refreshEvery?: number;
  /** When the screen shows "Geen gegevens voor deze periode"; default: every KPI is 0 or empty. */
  isEmpty?: (envelope: ReportEnvelope) => boolean;
}

/** A declaration with its keys checked against the catalogue entry of its id. */
export const declareReport = <Id extends ReportId>(declaration: ReportDeclaration<Id>) => declaration;
