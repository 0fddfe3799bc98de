import { describe, expect, it } from "vitest";
import { tableCsv } from "./table-csv.ts";

describe("CSV export", () => {
  it("writes numbers for Excel with Dutch settings, units in the headers, totals last", () => {
    const csv = tableCsv({
      key: "by_site",
      label: "Per vestiging",
      columns: [
        { key: "site", label: "Vestiging", type: "text" },
        { key: "revenue", label: "Omzet", type: "eur_cents" },
        { key: "revenue_change", label: "Verschil", type: "percent", change: true },
        { key: "transactions", label: "Transacties", type: "count" },
      ],
      rows: [{ site: "Zeist; centrum", revenue: 123456, revenue_change: -0.0425, transactions: 1234 }],
      totals: { site: "Totaal", revenue: 123456, revenue_change: null, transactions: 1234 },
    });
    expect(csv).toEqual({
      headers: ["Vestiging", "Omzet (€)", "Verschil (%)", "Transacties"],
      rows: [
        ["Zeist; centrum", "1234,56", "-4,3", "1234"],
        ["Totaal", "1234,56", "", "1234"],
      ],
    });
  });
});
