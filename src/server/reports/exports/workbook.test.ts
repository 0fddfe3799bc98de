import { describe, expect, it } from "vitest";
import { KPI_SHEET, sheetNames } from "./workbook.ts";

describe("sheet names", () => {
  it("keeps Excel's rules: at most 31 characters, no : \\ / ? * [ ], unique regardless of case", () => {
    const long = "Advertentiesets per campagne en per dag"; // 39 characters
    expect(
      sheetNames(
        [long, long, "Per vestiging", "per VESTIGING", "Kosten / opbrengst [€]", "kpi's"],
        [KPI_SHEET],
      ),
    ).toEqual([
      "Advertentiesets per campagne en", // the first 31
      "Advertentiesets per campagn (2)", // 27 + " (2)" = 31
      "Per vestiging",
      "per VESTIGING (2)",
      "Kosten - opbrengst -€-",
      "kpi's (2)", // the KPI sheet is taken already
    ]);
  });
});
