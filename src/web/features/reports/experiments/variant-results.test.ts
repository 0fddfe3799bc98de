import { describe, expect, it } from "vitest";
import type { MetricComparison, VariantReport } from "../../../../shared/experiments/report.ts";
import { tableCsvFile } from "../../../../shared/reports/table-csv.ts";
import { variantResultsTable } from "./variant-results.ts";

// Two variants worked out by hand: the control (1 000 visitors, 50 conversions) and "Prijs in beeld"
// (1 000 visitors, 60 conversions, +20 % with a 95 % interval of −5 % to +50 %).

const verdict = { verdict: "undecided", reason: "no-clear-difference", suspicious: false } as const;
const frequentist = { computed: true, uplift: 0.2, sd: 0.1, interval: [-0.05, 0.5] as [number, number] };
const primary: MetricComparison = {
  bayesian: {
    computed: true,
    uplift: 0.2,
    sd: 0.1,
    chanceToWin: 0.91,
    interval: [-0.05, 0.5],
    risk: { control: 0.03, variant: 0.004 },
  },
  fixed: { ...frequentist, pValue: 0.0312, significant: true },
  sequential: { ...frequentist, pValue: null, significant: false },
  verdict: { bayesian: verdict, fixed: verdict, sequential: verdict },
};

const variant = (v: Partial<VariantReport>): VariantReport => ({
  key: "a",
  name: "Huidige versie",
  isControl: true,
  weight: 0.5,
  units: 1000,
  converted: 50,
  conversions: 50,
  conversionRate: 0.05,
  revenuePerVisitor: 250,
  claimed: 10,
  voucherRate: 0.01,
  bounceRate: 0.4,
  redemptions: 4,
  firstWashes: 3,
  primary: null,
  guardrail: null,
  ...v,
});

const detail = {
  metric: "conversion_rate" as const,
  guardrail: "bounce_rate" as const,
  variants: [
    variant({}),
    variant({
      key: "b",
      name: "Prijs in beeld",
      isControl: false,
      converted: 60,
      conversions: 60,
      conversionRate: 0.06,
      revenuePerVisitor: 300,
      claimed: 12,
      bounceRate: 0.38,
      redemptions: 5,
      firstWashes: 4,
      primary,
    }),
  ],
};

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("the per-variant results as CSV", () => {
  it("writes the Bayesian view: chance to win and risk, the interval in percent, money in euros", () => {
    expect(lines(tableCsvFile(variantResultsTable(detail, "bayesian")))).toEqual([
      "Variant;Rol;Blootgestelde bezoekers;Conversies na blootstelling;Conversieratio na blootstelling (%);" +
        "Omzet per blootgestelde bezoeker (€);Uplift conversieratio na blootstelling (%);" +
        "Uplift conversieratio na blootstelling, 95%-interval van (%);" +
        "Uplift conversieratio na blootstelling, 95%-interval tot (%);Kans om te winnen (%);Risico (%);" +
        "Geclaimde vouchers na blootstelling;Verzilverde vouchers na blootstelling;" +
        "Eerste wasbeurten na blootstelling;Bouncepercentage (%)",
      "Huidige versie;controle;1000;50;5,0;2,50;;;;;;10;4;3;40,0",
      "Prijs in beeld;variant;1000;60;6,0;3,00;20,0;-5,0;50,0;91,0;0,4;12;5;4;38,0",
    ]);
  });

  it("writes the p-value in the fixed view and ja / nee with sequential testing", () => {
    const fixed = lines(tableCsvFile(variantResultsTable(detail, "fixed")));
    expect(fixed[0]).toContain("95%-interval tot (%);p-waarde;Geclaimde vouchers na blootstelling;");
    expect(fixed[2]).toBe("Prijs in beeld;variant;1000;60;6,0;3,00;20,0;-5,0;50,0;0,031;12;5;4;38,0");
    const sequential = lines(tableCsvFile(variantResultsTable(detail, "sequential")));
    expect(sequential[0]).toContain(";Significant;");
    expect(sequential[1]).toBe("Huidige versie;controle;1000;50;5,0;2,50;;;;;10;4;3;40,0");
    expect(sequential[2]).toContain(";50,0;nee;12;");
  });

  it("leaves the guardrail out when the experiment has none", () => {
    const csv = lines(tableCsvFile(variantResultsTable({ ...detail, guardrail: null }, "bayesian")));
    expect(csv[0].endsWith(";Eerste wasbeurten na blootstelling")).toBe(true);
    expect(csv[2].endsWith(";12;5;4")).toBe(true);
  });
});
