import { describe, expect, it } from "vitest";
import { dashboardCustomersSql, dashboardPeriods, dashboardSalesSql } from "./dashboard.ts";
import { freshnessSql } from "./dashboard-freshness.ts";
import { filtersFor } from "./filters.ts";
import { trxItemsSql } from "./transactions/trx-items.ts";
import { trxRevenueItemsSql, trxRevenueSql } from "./transactions/trx-revenue.ts";
import { trxSalesSql } from "./transactions/trx-sales.ts";

// Pins the SQL each report runs, so a change to a query shows up in review as a changed snapshot. The
// figures themselves are proven against the hand-worked fixture in tests/api/reports-*.test.ts.

const filters = filtersFor({
  preset: "custom",
  range: { from: "2026-10-19", to: "2026-10-25" },
  compare: "previous",
  shift: { unit: "day", amount: -7 },
  granularity: "day",
  site: { id: 2, code: "zeist", name: "Zeist" },
  now: new Date("2026-11-21T12:00:00Z"),
});

describe("report SQL", () => {
  it.each([
    ["trx-sales", trxSalesSql],
    ["trx-revenue", trxRevenueSql],
    ["trx-revenue items", trxRevenueItemsSql],
    ["trx-items", trxItemsSql],
    ["dashboard sales", dashboardSalesSql],
    [
      "dashboard customers",
      () => dashboardCustomersSql(dashboardPeriods(filters.site, filters.now), filters.site),
    ],
    ["dashboard freshness", freshnessSql],
  ])("%s", (_name, build) => {
    const { text, params } = build(filters);
    expect(`${text}\n-- params: ${JSON.stringify(params)}`).toMatchSnapshot();
  });
});
