import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../../tests/support/migrated-database.ts";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";
import type { Database } from "../../db/database.ts";
import { runReport } from "../define-report.ts";
import { parseReportFilters } from "../filters.ts";
import { usersGeo } from "./users-geo.ts";

// Customers whose region changes within the period, on a small fixture, figures worked out by hand. Week 46
// (Mon 9 – Sun 15 November 2026, CET: from 8 Nov 23:00Z to 15 Nov 23:00Z) against week 45. Every sale at
// 10:00Z. Sites: A (Utrecht), B (Zeist). Regions: 35 Utrecht and 37 Zeist (province Utrecht), 10 Amsterdam.
//
//   MM  10 Nov A 3511 €10, 12 Nov B 1012 €20, 14 Nov A 3511 €30: latest 35, all three sales go there
//       (at A only: 35 with 2 sales, €40; at B only: 10 with 1 sale, €20)
//   NN   5 Nov A 3705 (week 45: region 37), 11 Nov A 1012 €15: week 46 region 10 (its move lies before it)
//   PP  13 Nov B 3511 €10, 17 Nov A 1012: week 46 region 35 (the move lies after it)
//   RR   9 Nov A 1012 €10, 15 Nov A 3705 €10: latest 37, both sales go there
//   no plate: 10 Nov A 3705 €5, 12 Nov B 3705 €5: two customers in 37
//   QQ  10 Nov A, no postcode €10: counts only among all sales
//
// Week 46, all sites: 35: MM, PP → 2 customers, 4 sales, €70; 10: NN → 1, 1, €15; 37: RR and the two
// without a plate → 3, 4, €30. 6 customers; 9 of the 10 sales have a postcode. Provinces: Utrecht 5
// customers, 8 sales, €100; Noord-Holland 1, 1, €15. Week 45: NN in 37, 1 of 1 sales.
// Site A: 35 MM (2, €40), 10 NN (1, €15), 37 RR and one without a plate (2 customers, 3 sales, €25):
// Utrecht 3 customers, 5 sales, €65; Noord-Holland 1, 1, €15; 6 of A's 7 sales have a postcode.
// Site B: 10 MM (1, €20); 35 PP (1, €10), 37 one without a plate (1, €5): Utrecht 2, 2, €15.

let db: Database;
let event = 0;

beforeAll(async () => {
  db = await migratedDatabase();
  await db.run(
    `INSERT INTO sites (id, code, name, city, postcode, lat, lon) VALUES
      (1, 'a', 'A', 'Utrecht', '3511AA', 52.09, 5.12), (2, 'b', 'B', 'Zeist', '3701AA', 52.09, 5.23)`,
  );
  const sales: [string, number, string | null, string | null, number][] = [
    ["10", 1, "MM", "3511", 1000],
    ["12", 2, "MM", "1012", 2000],
    ["14", 1, "MM", "3511", 3000],
    ["05", 1, "NN", "3705", 1000],
    ["11", 1, "NN", "1012", 1500],
    ["13", 2, "PP", "3511", 1000],
    ["17", 1, "PP", "1012", 1000],
    ["09", 1, "RR", "1012", 1000],
    ["15", 1, "RR", "3705", 1000],
    ["10", 1, null, "3705", 500],
    ["12", 2, null, "3705", 500],
    ["10", 1, "QQ", null, 1000],
  ];
  for (const [day, site, plate, postcode, cents] of sales) {
    await db.run(
      `INSERT INTO transactions (site_id, event_id, occurred_at, plate, payment_method, subtotal_cents,
         total_cents, vat_cents, customer_postcode)
       VALUES ($1, $2, $3, $4, 'app', $5, $5, 0, $6)`,
      [site, `t${++event}`, `2026-11-${day}T10:00:00Z`, plate, cents, postcode],
    );
  }
});
afterAll(() => db.close());

async function geo(site?: string): Promise<ReportEnvelope> {
  const query = { from: "2026-11-09", to: "2026-11-15", compare: "previous", ...(site && { site }) };
  const filters = await parseReportFilters(query, db, new Date("2026-11-20T12:00:00Z"), usersGeo.entry);
  return runReport(usersGeo, db, filters);
}

const kpi = (body: ReportEnvelope, key: string) => {
  const found = body.kpis.find((k) => k.key === key);
  return { value: found?.value, previous: found?.previous };
};
const rows = (body: ReportEnvelope, key: string, columns: string[]) =>
  (body.tables.find((t) => t.key === key)?.rows ?? []).map((row) => columns.map((column) => row[column]));

describe("Geografische locatie with customers whose region changes", () => {
  it("puts each customer, with all its sales, in the region of its latest postcode sale", async () => {
    const body = await geo();
    expect(kpi(body, "customers")).toEqual({ value: 6, previous: 1 });
    expect(kpi(body, "known_share")).toEqual({ value: 9 / 10, previous: 1 });
    expect(rows(body, "by_region", ["region", "customers"])).toEqual([
      ["37 Zeist", 3],
      ["35 Utrecht", 2],
      ["10 Amsterdam", 1],
    ]);
    expect(rows(body, "by_province", ["province", "customers", "sales", "revenue"])).toEqual([
      ["Utrecht", 5, 8, 10000],
      ["Noord-Holland", 1, 1, 1500],
    ]);
  });

  it("takes the latest postcode sale at the chosen site", async () => {
    const a = await geo("a");
    expect(kpi(a, "known_share").value).toBe(6 / 7);
    expect(rows(a, "by_region", ["region", "customers"])).toEqual([
      ["37 Zeist", 2],
      ["10 Amsterdam", 1],
      ["35 Utrecht", 1],
    ]);
    expect(rows(a, "by_province", ["province", "customers", "sales", "revenue"])).toEqual([
      ["Utrecht", 3, 5, 6500],
      ["Noord-Holland", 1, 1, 1500],
    ]);
    const b = await geo("b");
    expect(rows(b, "by_province", ["province", "customers", "sales", "revenue"])).toEqual([
      ["Utrecht", 2, 2, 1500],
      ["Noord-Holland", 1, 1, 2000],
    ]);
  });

  it("answers the same for both sites chosen as for all sites", async () => {
    const both = await geo("a,b");
    const all = await geo();
    for (const key of ["by_region", "by_province"]) {
      expect(rows(both, key, ["province", "customers", "sales", "revenue"])).toEqual(
        rows(all, key, ["province", "customers", "sales", "revenue"]),
      );
    }
    expect(kpi(both, "customers")).toEqual({ value: 6, previous: 1 });
  });
});
