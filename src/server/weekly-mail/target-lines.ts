import { formatMonth, formatPercent } from "../../shared/format.ts";
import { metricLabel } from "../../shared/metrics/registry.ts";
import type { Queryable } from "../db/database.ts";
import { forecastRest } from "../reports/forecast/expected-rest.ts";
import { type SiteProgress, targetProgress } from "../reports/forecast/target-progress.ts";
import { MONTH_FIGURES, type MonthFigure } from "../targets/on-course.ts";
import { localDate } from "../warehouse/time-zone.ts";

// The Monday e-mail's "Doelen": per site with a target this month, whether it is on course for it — the
// month to date plus the forecast of the rest (reports/forecast/target-progress.ts), as Prognose shows it.

export interface MailTargets {
  month: string;
  /** The sites with a target for at least one figure this month. */
  sites: SiteProgress[];
}

const SHARE_OF: Record<MonthFigure, Parameters<typeof metricLabel>[0]> = {
  washes: "target_share_washes",
  revenueCents: "target_share_revenue",
  newMembers: "target_share_new_members",
};

/** This month's course of the sites `siteIds` (empty: the chain's), as of `now`; null without any target. */
export async function mailTargets(
  tx: Queryable,
  siteIds: readonly number[],
  now: Date,
): Promise<MailTargets | null> {
  const today = localDate(now);
  const month = today.slice(0, 7);
  const progress = await targetProgress(
    tx,
    { month, today, siteIds, targetedOnly: true },
    forecastRest(tx, now),
  );
  const sites = progress.filter((site) =>
    MONTH_FIGURES.some((figure) => site.figures[figure].target !== null),
  );
  return sites.length ? { month, sites } : null;
}

export const targetsHeading = (targets: MailTargets) => `Doelen van ${formatMonth(targets.month)}`;

/** One line per site: each figure with a target, its expected share of it and whether that is on course. */
export function targetLines(targets: MailTargets): string[] {
  return targets.sites.map((site) => {
    const parts = MONTH_FIGURES.flatMap((figure) => {
      const course = site.figures[figure];
      if (course.target === null || course.share === null) return [];
      return [
        `${metricLabel(SHARE_OF[figure])} ${formatPercent(course.share)}: ${course.onCourse ? "op koers" : "niet op koers"}`,
      ];
    });
    return `${site.siteName}: ${parts.join("; ")}`;
  });
}

export const TARGETS_NOTE =
  "Doelen: op koers is een vestiging als wat er deze maand tot nu toe binnen is, plus wat de prognose voor de rest van de maand verwacht, het doel haalt.";
