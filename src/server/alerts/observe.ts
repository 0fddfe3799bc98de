import {
  type AdminAlertRule,
  ALERT_DIRECTION_LABELS,
  ALERT_KPI_LABELS,
  ALERT_SOURCE_LABELS,
  type AlertKind,
} from "../../shared/admin/alerts.ts";
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatEuro,
  formatNumber,
  formatPercent,
} from "../../shared/format.ts";
import { FRESHNESS_LABELS, type Freshness } from "../../shared/freshness.ts";
import { addDays } from "../../shared/reports/dates.ts";
import type { Database } from "../db/database.ts";
import { freshnessOf, openHoursBetween } from "../freshness/freshness-rule.ts";
import { latestSiteDeliveries } from "../freshness/latest-delivery.ts";
import { firstVisitSince, newSince } from "../reports/customers/visits.ts";
import { CUSTOMER_VISITS_DECLARED } from "../warehouse/derived/customers/customer-tables.ts";
import { SALES_SUMS_DECLARED } from "../warehouse/derived/transactions/sales-rollup.ts";
import type { DerivedDeclaration } from "../warehouse/derived-tables.ts";
import { itemKindIs } from "../warehouse/item-kinds.ts";
import { readAtOneMoment } from "../warehouse/read-at-one-moment.ts";
import { endOfDay, localDate, startOfDay } from "../warehouse/time-zone.ts";
import { washesBelowExpected } from "./expected.ts";
import { conversionBelowUsual, isMemberKpi, memberKpiOfDay } from "./members.ts";
import type { Observation } from "./observation.ts";
import { usualWashes } from "./usual.ts";

const HOUR_MS = 3_600_000;

const scopeLabel = (rule: AdminAlertRule) => rule.siteName ?? "Hele keten";

/** Camera or till silent: the freshness rule on the site's or camera's latest delivery (src/server/freshness). */
async function sourceSilent(db: Database, rule: AdminAlertRule, now: Date): Promise<Observation[]> {
  const source = rule.source ?? "plate-reads";
  const camera = source === "plate-reads" ? rule.camera : null;
  const scope = { now, siteIds: rule.siteId === null ? [] : [rule.siteId], camera };
  const rows = await latestSiteDeliveries(db, source, scope);
  const counts: Freshness[] = rule.level === "stil" ? ["stil"] : ["vertraagd", "stil"];
  return rows.map(({ siteId: id, name, lastAt }) => {
    const state = freshnessOf("site", lastAt === null ? null : new Date(lastAt), now);
    const what = camera ? `camera ${camera}` : ALERT_SOURCE_LABELS[source].toLowerCase();
    return {
      subject: camera ? `camera:${id}:${camera}` : `site:${id}:${source}`,
      label: `${name} — ${what}`,
      breached: counts.includes(state),
      detail:
        lastAt === null
          ? `Nog nooit gegevens ontvangen (${FRESHNESS_LABELS[state].toLowerCase()}).`
          : `Laatste gegevens van ${formatDateTime(lastAt)} (${FRESHNESS_LABELS[state].toLowerCase()}).`,
    };
  });
}

/**
 * Read rate: plates read by a camera in the hour before now, against the rule's minimum per hour. Judged
 * only when that whole hour lies within opening hours. The cameras are those that read anything in the
 * last 28 days at an active site of the scope (or the rule's one camera, even if it never read anything).
 */
async function readRate(db: Database, rule: AdminAlertRule, now: Date): Promise<Observation[]> {
  const from = new Date(now.getTime() - HOUR_MS);
  if (openHoursBetween(from, now) < 1) return [];
  const rows = await db.query<{ siteId: number; siteName: string; camera: string; reads: number }>(
    `WITH cameras AS (
       SELECT DISTINCT site_id, camera FROM plate_reads
       WHERE read_at >= $since::TIMESTAMPTZ AND read_at < $now::TIMESTAMPTZ
       UNION SELECT $site::INTEGER, $camera::VARCHAR WHERE $camera::VARCHAR IS NOT NULL
     )
     SELECT c.site_id AS "siteId", s.name AS "siteName", c.camera,
       (SELECT count(*) FROM plate_reads r WHERE r.site_id = c.site_id AND r.camera = c.camera
          AND r.read_at >= $from::TIMESTAMPTZ AND r.read_at < $now::TIMESTAMPTZ) AS reads
     FROM cameras c JOIN sites s ON s.id = c.site_id AND s.active
     WHERE ($site::INTEGER IS NULL OR c.site_id = $site) AND ($camera::VARCHAR IS NULL OR c.camera = $camera)
     ORDER BY c.site_id, c.camera`,
    {
      since: new Date(now.getTime() - 28 * 24 * HOUR_MS).toISOString(),
      from: from.toISOString(),
      now: now.toISOString(),
      site: rule.siteId,
      camera: rule.camera,
    },
  );
  const minimum = rule.threshold ?? 0;
  return rows.map(({ siteId, siteName, camera, reads }) => ({
    subject: `camera:${siteId}:${camera}`,
    label: `${siteName} — camera ${camera}`,
    breached: reads < minimum,
    detail: `${formatNumber(reads)} kentekens in het uur tot ${formatDateTime(now)} (minimum ${formatNumber(minimum)} per uur).`,
  }));
}

/** Washes today up to the current whole hour against the usual (USUAL_DEFINITION, usual.ts). */
async function washesBelowUsual(db: Database, rule: AdminAlertRule, now: Date): Promise<Observation[]> {
  const { value: usual } = await readAtOneMoment(db, [SALES_SUMS_DECLARED], (tx) =>
    usualWashes(tx, rule.siteId, now),
  );
  if (!usual) return [];
  const percent = rule.threshold ?? 0;
  const usualText = Number.isInteger(usual.usual) ? formatNumber(usual.usual) : formatDecimal(usual.usual);
  return [
    {
      subject: rule.siteId === null ? "chain" : `site:${rule.siteId}`,
      label: scopeLabel(rule),
      breached: usual.today < (usual.usual * percent) / 100,
      detail:
        `Vandaag tot ${usual.hour}:00 uur ${formatNumber(usual.today)} wassen; gewoonlijk ${usualText} ` +
        `(${formatPercent(usual.today / usual.usual)}, grens ${formatNumber(percent)}%).`,
    },
  ];
}

/**
 * A daily KPI of yesterday (the last whole local day) against the rule's value, with the dashboard's
 * definitions: washes = wash programmes sold (quantity of 'programma' lines); revenue = what customers paid
 * incl. VAT after discounts, online sales included; new customers = customers who came that day and whose
 * first visit ever, at any site, was that day (customers/visits.ts, as Nieuw / Terugkerend counts them);
 * ended members as Abonnementen › Overzicht counts them for that day (members.ts).
 */
async function kpiThreshold(db: Database, rule: AdminAlertRule, now: Date): Promise<Observation[]> {
  const day = addDays(localDate(now), -1);
  const value = isMemberKpi(rule.kpi)
    ? await memberKpiOfDay(db, rule, day, now)
    : await salesKpiOfDay(db, rule, day);
  const limit = rule.threshold ?? 0;
  const kpi = rule.kpi ?? "washes";
  const direction = rule.direction ?? "below";
  const shown = (n: number) => (kpi === "revenue" ? formatEuro(Math.round(n * 100), true) : formatNumber(n));
  return [
    {
      subject: rule.siteId === null ? "chain" : `site:${rule.siteId}`,
      label: scopeLabel(rule),
      breached: direction === "above" ? value > limit : value < limit,
      detail:
        `${ALERT_KPI_LABELS[kpi].replace(" (€)", "")} op ${formatDate(day)}: ${shown(value)} ` +
        `(grens: ${ALERT_DIRECTION_LABELS[direction]} ${shown(limit)}).`,
    },
  ];
}

/** Washes, revenue (in euros) or new customers of `day`, from the sums the dashboard reads. */
async function salesKpiOfDay(db: Database, rule: AdminAlertRule, day: string): Promise<number> {
  const params = {
    start: startOfDay(day).toISOString(),
    end: endOfDay(day).toISOString(),
    site: rule.siteId,
  };
  const window = "hour_start >= $start::TIMESTAMPTZ AND hour_start < $end::TIMESTAMPTZ";
  const scope = "($site::INTEGER IS NULL OR site_id = $site)";
  let sql: string;
  let reads: DerivedDeclaration;
  if (rule.kpi === "new-customers") {
    reads = CUSTOMER_VISITS_DECLARED;
    // counting each customer's first visit of the day counts the customers (customers/visits.ts)
    const start = "$start::TIMESTAMPTZ";
    const visits = { sites: rule.siteId === null ? [] : [{ id: rule.siteId }] };
    sql = `SELECT count(*) FILTER (WHERE ${firstVisitSince(visits, start)} AND ${newSince(start)}) AS value
      FROM customer_visits WHERE visit_at >= ${start} AND visit_at < $end::TIMESTAMPTZ AND ${scope}`;
  } else {
    reads = SALES_SUMS_DECLARED;
    sql =
      rule.kpi === "revenue"
        ? `SELECT coalesce(sum(revenue_cents), 0) / 100 AS value FROM sales_hourly WHERE ${window} AND ${scope}`
        : `SELECT coalesce(sum(quantity), 0) AS value FROM item_sales_hourly
           WHERE ${window} AND ${scope} AND ${itemKindIs("programma")}`;
  }
  const { value: rows } = await readAtOneMoment(db, [reads], (tx) =>
    tx.query<{ value: number }>(sql, params),
  );
  return Number(rows[0].value);
}

const OBSERVERS: Record<
  AlertKind,
  (db: Database, rule: AdminAlertRule, now: Date) => Promise<Observation[]>
> = {
  "source-silent": sourceSilent,
  "read-rate": readRate,
  "washes-below-usual": washesBelowUsual,
  "kpi-threshold": kpiThreshold,
  "conversion-below-usual": conversionBelowUsual,
  "washes-below-expected": washesBelowExpected,
};

/** What a rule finds at `now`, per subject it can judge. */
export const observe = (db: Database, rule: AdminAlertRule, now: Date) => OBSERVERS[rule.kind](db, rule, now);
