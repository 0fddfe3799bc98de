import type { Kpi } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { declarationsOf } from "../reports/define-report.ts";
import type { ReportFilters } from "../reports/filters.ts";
import { memberships } from "../reports/memberships/memberships.ts";
import { membershipKpis } from "../reports/memberships/overview.ts";

// The Monday e-mail's block "Leden", read with the figures of Abonnementen › Overzicht (overview.ts) for the
// mail's week and comparisons, so that the mail and the screen cannot disagree: active members and MRR at
// the week's end, new and ended members in the week. A site scope narrows, as on the screen, to the
// memberships sold at those sites.

/** The registered figures of the block, in the order the mail shows them. */
export const MEMBER_MAIL_METRICS = ["members_active", "mrr", "members_new", "members_ended"] as const;
type MemberMetric = (typeof MEMBER_MAIL_METRICS)[number];

/** One window's figures, by registry key (MRR in cents excl. VAT); null where the report has none. */
export type MemberFigures = Record<MemberMetric, number | null>;

export interface WeeklyMemberFigures {
  current: MemberFigures;
  previous: MemberFigures;
  lastYear: MemberFigures;
}

/** The derived tables the report reads: the mail reads them at the same moment as its other figures. */
export const MEMBER_READS = declarationsOf(memberships);

/** Whether the chain has a wash club at all: without any membership event the mail has no block. */
export async function hasMemberships(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM membership_events) AS any");
  return row.any;
}

const figuresOf = (kpis: Kpi[], side: "value" | "previous"): MemberFigures =>
  Object.fromEntries(
    MEMBER_MAIL_METRICS.map((key) => [key, kpis.find((kpi) => kpi.key === key)?.[side] ?? null]),
  ) as MemberFigures;

/**
 * The block's figures: the report for the week compared with the week before (`vsWeek`), and once more
 * compared with the same ISO week last year (`vsYear`).
 */
export async function weeklyMemberFigures(
  db: Queryable,
  vsWeek: ReportFilters,
  vsYear: ReportFilters,
): Promise<WeeklyMemberFigures> {
  const [week, year] = await Promise.all([
    membershipKpis(db, vsWeek, MEMBER_MAIL_METRICS),
    membershipKpis(db, vsYear, MEMBER_MAIL_METRICS),
  ]);
  return {
    current: figuresOf(week, "value"),
    previous: figuresOf(week, "previous"),
    lastYear: figuresOf(year, "previous"),
  };
}
