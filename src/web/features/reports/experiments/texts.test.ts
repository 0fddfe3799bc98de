import { describe, expect, it } from "vitest";
import type { ExperimentDetail } from "../../../../shared/experiments/report.ts";
import { decisionText, verdictReason, verdictTitle } from "./texts.ts";

// The screen's words for a phase whose verdict the server withholds: a split of 10 000 / 10 500 at 50/50
// (sample-ratio mismatch) while the decision estimate says the data would suffice. It must say why there is
// no conclusion, and never "gewonnen", "verloren" or "genoeg gegevens".

const variants = [
  { key: "a", name: "Huidige kop", units: 10_000, weight: 1, converted: 1000, claimed: 0, primary: null },
  { key: "b", name: "Nieuwe kop", units: 10_500, weight: 1, converted: 1260, claimed: 0, primary: null },
];

const detailWith = (reason: "sample-ratio-mismatch" | "exposure-incomplete"): ExperimentDetail => {
  const verdict = { verdict: "undecided" as const, reason, suspicious: false, variant: "b" };
  return {
    status: "running",
    metric: "conversion_rate",
    variants,
    srm: { checked: true, chiSquare: 12.195, pValue: 0.000479, mismatch: reason === "sample-ratio-mismatch" },
    excluded: { multipleVariants: 300, unknownVariant: 0, multipleShare: 300 / 20_300 },
    decisionEstimate: { days: 0, reason: "ready" },
    verdict: { bayesian: verdict, sequential: verdict, fixed: verdict },
  } as unknown as ExperimentDetail;
};

const FORBIDDEN = /gewonnen|verloren|genoeg gegevens/i;

describe("the words for a withheld verdict", () => {
  it("says the split does not match instead of a verdict", () => {
    const detail = detailWith("sample-ratio-mismatch");
    const words = [
      verdictTitle(detail.verdict.bayesian, detail.variants, false),
      verdictReason(detail, "bayesian"),
      decisionText(detail),
    ];
    for (const text of words) expect(text).not.toMatch(FORBIDDEN);
    expect(words[0]).toBe("Geen conclusie: de uitkomst is niet te vertrouwen");
    expect(words[1]).toMatch(/verdeling van de bezoekers/);
    expect(words[2]).toMatch(/pas daarna is een conclusie mogelijk/);
  });

  it("says too many visitors saw several variants instead of a verdict", () => {
    const detail = detailWith("exposure-incomplete");
    const words = [
      verdictTitle(detail.verdict.fixed, detail.variants, false),
      verdictReason(detail, "fixed"),
      decisionText(detail),
    ];
    for (const text of words) expect(text).not.toMatch(FORBIDDEN);
    expect(words[1]).toMatch(/1,5% van de bezoekers \(300\) zag meer dan één variant/);
  });
});
