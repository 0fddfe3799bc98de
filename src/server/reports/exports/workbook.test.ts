import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ReportEnvelope } from "../../../shared/reports/envelope.ts";
import { KPI_SHEET, reportWorkbook, sheetNames } from "./workbook.ts";

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

describe("text cells", () => {
  // A string cell of an .xlsx is never evaluated (only <f> is a formula), so the workbook needs no quote in
  // front of a formula-like text, as the CSV does (src/shared/csv.ts).
  it("stay text, never a formula, whatever they start with", async () => {
    const texts = ["=1+1", "\u0000=1+1", " \t@SUM(1)", "+31612345678", "-cmd"];
    const envelope: ReportEnvelope = {
      report: "test",
      period: {
        from: "2026-03-01",
        to: "2026-03-01",
        preset: "custom",
        granularity: "day",
        start: "2026-02-28T23:00:00.000Z",
        end: "2026-03-01T23:00:00.000Z",
      },
      comparison: null,
      sites: [],
      dimensions: {},
      kpis: [],
      series: [],
      tables: [
        {
          key: "t",
          label: "Tabel",
          columns: [{ key: "name", label: "Naam", type: "text" }],
          rows: texts.map((name) => ({ name })),
          totals: null,
        },
      ],
    };
    const workbook = new ExcelJS.Workbook();
    const bytes = await reportWorkbook(envelope, "Test");
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = workbook.getWorksheet("Tabel");
    const cells = texts.map((_, i) => sheet?.getRow(4 + i).getCell(1));
    expect(cells.map((cell) => cell?.type)).toEqual(texts.map(() => ExcelJS.ValueType.String));
    expect(cells.map((cell) => cell?.formula)).toEqual(texts.map(() => undefined));
  });
});
