import type { Queryable } from "../../db/database.ts";
import { syncPostcodeSales } from "../../warehouse/derived/customers/postcode-sales.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, metricColumn, type Totals } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import type { Windowed, WindowName } from "../sql.ts";
import { distanceKm, POSTCODE_REGIONS, PROVINCES, type ProvinceCode } from "./postcode-regions.ts";
import { type SqlRow, usersGeoSql } from "./users-geo-sql.ts";

// Geografische locatie: where the customers who gave a postcode live — per province and two-digit postcode
// region (PC2) — and how far that is from the nearest site.

/** Customers living at most this far from a site count as "nearby". */
const NEARBY_KM = 10;

interface GeoRow extends Windowed {
  key: string;
  name: string;
  province: string;
  customers: number;
  sales: number;
  revenue_cents: number;
  all_sales: number;
  /** Σ customers × km to the nearest site, and the customers within NEARBY_KM. */
  distance_sum: number;
  nearby: number;
  distance_km: number | null;
  nearest_site: string | null;
}

const customers = metric<GeoRow>("customers", (row) => sum(row?.customers));
const knownShare = metric<GeoRow>("known_share", (row) => ratio(row?.sales, row?.all_sales));
const distance = metric<GeoRow>("distance_km", (row) => ratio(row?.distance_sum, row?.customers));
const nearby = metric<GeoRow>("nearby_share", (row) => ratio(row?.nearby, row?.customers));
const sales = metric<GeoRow>("sales", (row) => sum(row?.sales));
const revenue = metric<GeoRow>("revenue", (row) => sum(row?.revenue_cents));

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = usersGeoSql(filters);
  const [result, sites] = await Promise.all([db.query<SqlRow>(text, params), reportSites(db, filters)]);
  // With a site chosen, the distance to that site; otherwise to the nearest active one.
  const nearest = (pc2: string) => {
    const region = POSTCODE_REGIONS.get(pc2);
    if (!region) return null;
    const [best] = sites
      .map((site) => ({ site: site.site_name, km: distanceKm(region, site) }))
      .sort((a, b) => a.km - b.km);
    return best ?? null;
  };
  const allSales = new Map(result.filter((row) => row.grain === "all").map((row) => [row.win, row.sales]));
  // In postcode order, so that the map's list and the summed distances (floating point) do not depend on
  // the order in which the query's parallel groups happened to come back.
  const regions: GeoRow[] = result
    .filter((row) => row.grain === "region" && row.pc2)
    .sort((a, b) => (a.pc2 ?? "").localeCompare(b.pc2 ?? ""))
    .map((row) => {
      const pc2 = row.pc2 ?? "";
      const region = POSTCODE_REGIONS.get(pc2);
      const near = nearest(pc2);
      return {
        win: row.win,
        key: pc2,
        name: region ? `${pc2} ${region.town}` : pc2,
        province: region ? PROVINCES[region.province] : "Onbekend",
        customers: row.customers,
        sales: row.sales,
        revenue_cents: row.revenue_cents,
        all_sales: 0,
        distance_sum: near ? near.km * row.customers : 0,
        nearby: near && near.km <= NEARBY_KM ? row.customers : 0,
        distance_km: near && Math.round(near.km * 10) / 10,
        nearest_site: near?.site ?? null,
      };
    });
  const totals = sumRows(regions, (row) => row.win, allSales);
  const provinces = Object.values(
    sumRows(regions, (row) => `${row.win} ${row.province}`, new Map()),
  ) as GeoRow[];
  const share = metric<GeoRow>("customers_share", (row) =>
    row ? ratio(row.customers, totals[row.win]?.customers) : null,
  );

  return envelope("users-geo", filters, {
    kpis: kpis(filters, [customers, knownShare, distance, nearby], totals),
    series: [],
    tables: [
      breakdownTable(
        filters,
        {
          key: "by_province",
          label: "Per provincie",
          dimensions: [{ key: "province", label: "Provincie", value: (row) => row.province }],
          metrics: [customers, share, sales, revenue, distance, nearby],
          previous: ["customers"],
          changes: ["customers"],
        },
        provinces,
        (row) => row.province,
        totals,
      ),
      breakdownTable(
        filters,
        {
          key: "by_region",
          label: "Per postcoderegio (PC2)",
          dimensions: [
            { key: "region", label: "Regio", value: (row) => row.name },
            { key: "province", label: "Provincie", value: (row) => row.province },
            { key: "nearest_site", label: "Dichtstbijzijnde vestiging", value: (row) => row.nearest_site },
            { ...metricColumn("distance_km"), value: (row) => row.distance_km },
          ],
          metrics: [customers, share],
          previous: ["customers"],
          changes: ["customers"],
        },
        regions,
        (row) => row.key,
        totals,
      ),
    ],
    extra: { map: mapOf(regions, totals, sites) },
  });
}

/** Adds up rows by `group` (the window, or window and province): customers, sales, distances. */
function sumRows(rows: GeoRow[], group: (row: GeoRow) => string, allSales: Map<WindowName, number>) {
  const out: Record<string, GeoRow> = {};
  for (const row of rows) {
    const key = group(row);
    out[key] ??= {
      ...emptyRow(row.win, allSales.get(row.win) ?? 0),
      key,
      name: row.name,
      province: row.province,
    };
    const into = out[key];
    into.customers += row.customers;
    into.sales += row.sales;
    into.revenue_cents += row.revenue_cents;
    into.distance_sum += row.distance_sum;
    into.nearby += row.nearby;
  }
  for (const [win, count] of allSales) out[win] ??= emptyRow(win, count);
  return out as Totals<GeoRow> & Record<string, GeoRow>;
}

const emptyRow = (win: WindowName, allSales: number): GeoRow => ({
  win,
  key: win,
  name: "",
  province: "",
  customers: 0,
  sales: 0,
  revenue_cents: 0,
  all_sales: allSales,
  distance_sum: 0,
  nearby: 0,
  distance_km: null,
  nearest_site: null,
});

/** What the map draws for the period: customers per province and per PC2 region, and the sites. */
function mapOf(
  regions: GeoRow[],
  totals: Totals<GeoRow>,
  sites: { site_name: string; lat: number; lon: number }[],
) {
  const current = regions.filter((row) => row.win === "current");
  const all = totals.current?.customers ?? 0;
  const byProvince = new Map<ProvinceCode, number>();
  for (const row of current) {
    const code = POSTCODE_REGIONS.get(row.key)?.province;
    if (code) byProvince.set(code, (byProvince.get(code) ?? 0) + row.customers);
  }
  return {
    provinces: (Object.keys(PROVINCES) as ProvinceCode[]).map((code) => ({
      code,
      name: PROVINCES[code],
      customers: byProvince.get(code) ?? 0,
      share: ratio(byProvince.get(code) ?? 0, all),
    })),
    regions: current.flatMap((row) => {
      const region = POSTCODE_REGIONS.get(row.key);
      return region
        ? [{ pc2: row.key, name: row.name, lat: region.lat, lon: region.lon, customers: row.customers }]
        : [];
    }),
    sites: sites.map((site) => ({ name: site.site_name, lat: site.lat, lon: site.lon })),
  };
}

export const usersGeo = defineReport({
  id: "users-geo",
  syncs: [syncPostcodeSales],
  sql: { "users-geo": usersGeoSql },
  run,
});
