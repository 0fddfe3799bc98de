import { AD_PLATFORM_LABELS, type AdPlatform } from "../../shared/ad-stats.ts";
import type { DataSource } from "../../shared/admin/connections.ts";
import { FRESHNESS_LABELS, type FreshnessKind } from "../../shared/freshness.ts";
import type { Table } from "../../shared/reports/envelope.ts";
import type { Queryable } from "../db/database.ts";
import { freshnessOf } from "../freshness/freshness-rule.ts";
import { latestDeliveries, latestDeliverySql } from "../freshness/latest-delivery.ts";
import { metricColumn } from "./envelope.ts";
import type { ReportFilters } from "./filters.ts";

// Data freshness on the dashboard: when each source last delivered something (the one definition:
// src/server/freshness/latest-delivery.ts), so an operator sees a camera, till or import that stopped
// before trusting the figures. Plate reads and sales per site of the filter; the website and each ad
// platform for the chain.

/** The source column's text, and how the one rule judges it. */
const SOURCES: Record<DataSource, { label: string; kind: FreshnessKind }> = {
  "plate-reads": { label: "Kentekenlezingen", kind: "site" },
  transactions: { label: "Transacties", kind: "site" },
  website: { label: "Website", kind: "website" },
  "ad-stats": { label: "Advertenties", kind: "ads" },
};

const scopeOf = (filters: ReportFilters) => ({
  now: filters.now,
  siteIds: filters.sites.map((site) => site.id),
});

export const freshnessSql = (filters: ReportFilters) => latestDeliverySql(scopeOf(filters));

const nameOf = (source: DataSource, name: string) =>
  source === "website"
    ? "Alle vestigingen"
    : source === "ad-stats"
      ? (AD_PLATFORM_LABELS[name as AdPlatform] ?? name)
      : name;

export async function freshnessTable(db: Queryable, filters: ReportFilters): Promise<Table> {
  const deliveries = await latestDeliveries(db, scopeOf(filters));
  return {
    key: "freshness",
    label: "Actualiteit van de gegevens",
    columns: [
      { key: "source", label: "Bron", type: "text" },
      { key: "name", label: "Vestiging of platform", type: "text" },
      { key: "latest", label: "Laatste gegevens", type: "datetime" },
      metricColumn("age"),
      { key: "status", label: "Status", type: "text" },
    ],
    rows: deliveries.map(({ source, name, lastAt }) => {
      const latest = lastAt === null ? null : new Date(lastAt);
      const age =
        latest === null ? null : Math.max(0, Math.round((filters.now.getTime() - latest.getTime()) / 1000));
      const status = FRESHNESS_LABELS[freshnessOf(SOURCES[source].kind, latest, filters.now)];
      return { source: SOURCES[source].label, name: nameOf(source, name), latest: lastAt, age, status };
    }),
    totals: null,
  };
}
