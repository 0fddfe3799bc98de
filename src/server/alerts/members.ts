import {
  type AdminAlertRule,
  ALERT_KPI_METRICS,
  type AlertKpi,
  CONVERSION_DAYS,
  CONVERSION_MINIMUM,
  CONVERSION_USUAL_WEEKS,
  MEMBER_ALERT_KPIS,
} from "../../shared/admin/alerts.ts";
import { formatDate, formatNumber, formatPercent } from "../../shared/format.ts";
import { metricLabel } from "../../shared/metrics/registry.ts";
import { addDays } from "../../shared/reports/dates.ts";
import type { ReportEnvelope, TableRow } from "../../shared/reports/envelope.ts";
import type { Database } from "../db/database.ts";
import { declarationsOf, runReport } from "../reports/define-report.ts";
import { filtersFor } from "../reports/filters.ts";
import { memberships } from "../reports/memberships/memberships.ts";
import { ratio } from "../reports/metrics.ts";
import { readAtOneMoment } from "../warehouse/read-at-one-moment.ts";
import type { Site } from "../warehouse/sites.ts";
import { localDate } from "../warehouse/time-zone.ts";
import type { Observation } from "./observation.ts";

// The alert rules on the wash club (REPORT-DEFINITIONS §5), read with Abonnementen › Overzicht itself
// (memberships.ts), so that a rule's figure is the one the screen shows for the same days and site: a site
// narrows to the memberships sold there.

export const isMemberKpi = (kpi: AlertKpi | null) => kpi !== null && MEMBER_ALERT_KPIS.includes(kpi);

/** The report's filters for whole local days `from`–`to`, without a comparison. */
const daysFilters = (from: string, to: string, sites: Site[], now: Date) =>
  filtersFor({
    preset: "custom",
    range: { from, to },
    compare: "none",
    shift: null,
    granularity: "day",
    sites,
    now,
  });

/** A members' day-KPI (ended members, of them those ended after failed payments) of one local day. */
export async function memberKpiOfDay(
  db: Database,
  rule: AdminAlertRule,
  day: string,
  now: Date,
): Promise<number> {
  const sites =
    rule.siteId === null
      ? []
      : await db.query<Site>("SELECT id, code, name FROM sites WHERE id = $1", [rule.siteId]);
  const envelope = await runReport(memberships, db, daysFilters(day, day, sites, now));
  const key = ALERT_KPI_METRICS[rule.kpi ?? "members-ended"];
  return envelope.kpis.find((kpi) => kpi.key === key)?.value ?? 0;
}

interface Conversion {
  signups: number;
  eligible: number;
}

/** Signups and eligible washes per site code, from the report's table per site. */
function perSite(envelope: ReportEnvelope): Map<string, Conversion> {
  const table = envelope.tables.find((t) => t.key === "by_site");
  const number = (row: TableRow, key: string) => Number(row[key] ?? 0);
  return new Map(
    (table?.rows ?? [])
      .filter((row) => typeof row.site_code === "string")
      .map((row) => [
        row.site_code as string,
        { signups: number(row, "members_new"), eligible: number(row, "eligible_washes") },
      ]),
  );
}

const LABEL = metricLabel("membership_conversion");
const ELIGIBLE = metricLabel("eligible_washes").toLowerCase();

/**
 * A site's conversion over the last whole days against its usual (CONVERSION_DEFINITION): one subject per
 * site of the scope, judged once the usual conversion would have brought CONVERSION_MINIMUM signups.
 */
export async function conversionBelowUsual(
  db: Database,
  rule: AdminAlertRule,
  now: Date,
): Promise<Observation[]> {
  const today = localDate(now);
  const [from, to] = [addDays(today, -CONVERSION_DAYS), addDays(today, -1)];
  const usualFrom = addDays(from, -7 * CONVERSION_USUAL_WEEKS);
  // The chain's table per site, every row: a site's row is what the report shows with that site chosen.
  const all = (filters: ReturnType<typeof daysFilters>) => ({
    ...filters,
    table: { search: null, all: true },
  });
  const { value: read } = await readAtOneMoment(db, declarationsOf(memberships), async (tx) => ({
    sites: await tx.query<Site>(
      "SELECT id, code, name FROM sites WHERE active AND ($1::INTEGER IS NULL OR id = $1) ORDER BY id",
      [rule.siteId],
    ),
    recent: perSite(await memberships.run(tx, all(daysFilters(from, to, [], now)))),
    usual: perSite(await memberships.run(tx, all(daysFilters(usualFrom, addDays(from, -1), [], now)))),
  }));
  const percent = rule.threshold ?? 0;
  return read.sites.flatMap((site): Observation[] => {
    const recent = read.recent.get(site.code) ?? { signups: 0, eligible: 0 };
    const usual = read.usual.get(site.code);
    const usualRate = ratio(usual?.signups, usual?.eligible);
    if (usualRate === null || usualRate * recent.eligible < CONVERSION_MINIMUM) return [];
    const rate = recent.signups / recent.eligible;
    return [
      {
        subject: `site:${site.id}`,
        label: site.name,
        breached: rate < (usualRate * percent) / 100,
        detail:
          `${LABEL} ${formatDate(from)} t/m ${formatDate(to)}: ${formatPercent(rate)} ` +
          `(${formatNumber(recent.signups)} aanmeldingen op ${formatNumber(recent.eligible)} ${ELIGIBLE}); ` +
          `gewoonlijk ${formatPercent(usualRate)} (${formatPercent(rate / usualRate)}, grens ${formatNumber(percent)}%).`,
      },
    ];
  });
}
