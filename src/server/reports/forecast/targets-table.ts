import { formatMonth } from "../../../shared/format.ts";
import type { FigureCourse, MonthFigure } from "../../targets/on-course.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { type Metric, metric } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio } from "../metrics.ts";
import type { SiteProgress } from "./target-progress.ts";

// Prognose's "op koers voor": each site's month against its targets (target-progress.ts), and the chosen
// sites together, where the shares count only the sites that have a target for the figure.

/** A row of the table: per figure the target (null: none set) and what the month is expected to come to. */
export interface TargetRow {
  win: "current";
  site_name: string;
  targets: Record<MonthFigure, number | null>;
  projections: Record<MonthFigure, number>;
  /** Per figure, the projections of the rows that have a target: what a share divides. */
  targeted: Record<MonthFigure, number>;
}

const FIGURES: { figure: MonthFigure; key: string; round: (value: number) => number }[] = [
  { figure: "washes", key: "washes", round: Math.round },
  { figure: "revenueCents", key: "revenue", round: Math.round },
  { figure: "newMembers", key: "new_members", round: (value) => Math.round(value * 10) / 10 },
];

/** The columns of one figure: its target, the month expected, and the one against the other. */
export const targetMetrics = (only?: MonthFigure): Metric<TargetRow>[] =>
  FIGURES.filter(({ figure }) => !only || figure === only).flatMap(({ figure, key, round }) => [
    metric<TargetRow>(`target_${key}`, (row) => row?.targets[figure] ?? null),
    metric<TargetRow>(`projected_${key}`, (row) => (row ? round(row.projections[figure]) : null)),
    metric<TargetRow>(`target_share_${key}`, (row) => ratio(row?.targeted[figure], row?.targets[figure])),
  ]);

const rowOf = (site: SiteProgress): TargetRow => {
  const pick = <T>(value: (course: FigureCourse) => T) =>
    Object.fromEntries(FIGURES.map(({ figure }) => [figure, value(site.figures[figure])])) as Record<
      MonthFigure,
      T
    >;
  return {
    win: "current",
    site_name: site.siteName,
    targets: pick((course) => course.target),
    projections: pick((course) => course.projection),
    targeted: pick((course) => (course.target === null ? 0 : course.projection)),
  };
};

/** The chosen sites together: targets and projections added up, shares over the sites with a target. */
export function targetTotals(rows: TargetRow[]): TargetRow {
  const add = (value: (row: TargetRow) => Record<MonthFigure, number | null>, nullWhenNone: boolean) =>
    Object.fromEntries(
      FIGURES.map(({ figure }) => {
        const values = rows.map((row) => value(row)[figure]).filter((v): v is number => v !== null);
        return [figure, nullWhenNone && values.length === 0 ? null : values.reduce((a, b) => a + b, 0)];
      }),
    ) as Record<MonthFigure, number>;
  return {
    win: "current",
    site_name: "Totaal",
    targets: add((row) => row.targets, true),
    projections: add((row) => row.projections, false),
    targeted: add((row) => row.targeted, false),
  };
}

export function targetRows(progress: SiteProgress[]): TargetRow[] {
  return progress.map(rowOf);
}

export function targetsTable(filters: ReportFilters, month: string, rows: TargetRow[]) {
  return breakdownTable(
    filters,
    {
      key: "targets",
      label: `Doelen van ${formatMonth(month)}: op koers?`,
      dimensions: [{ key: "site", label: "Vestiging", value: (row) => row.site_name }],
      metrics: targetMetrics(),
      rankBy: "projected_washes",
    },
    rows,
    (row) => row.site_name,
    rows.length ? { current: targetTotals(rows) } : {},
  );
}
