import { CSV_BOM, toCsv } from "../csv.ts";
import { formatDateTime } from "../format.ts";
import type { Cell, Column, Table } from "./envelope.ts";

// A report table as CSV for Excel with Dutch settings: numbers without thousands separators and with a
// decimal comma, money in euros, shares in percent; the unit goes in the header. One implementation for
// the screen's CSV button and the server's `/api/reports/<id>.csv` (BI tools), so both give the same file.

const UNIT_SUFFIX: Partial<Record<Column["type"], string>> = {
  eur_cents: " (€)",
  percent: " (%)",
  seconds: " (s)",
};

const decimal = (value: number, digits: number) => value.toFixed(digits).replace(".", ",");

function csvCell(value: Cell, column: Column): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return column.type === "datetime" ? formatDateTime(value) : value;
  if (column.change || column.type === "percent") return decimal(value * 100, 1);
  switch (column.type) {
    case "eur_cents":
      return decimal(value / 100, 2);
    case "ratio":
      return decimal(value, 2);
    case "count":
    case "seconds":
      return String(Math.round(value));
    default:
      return String(value);
  }
}

/** The table's header and rows (totals last) as CSV cells. */
export function tableCsv(table: Table): { headers: string[]; rows: string[][] } {
  const headers = table.columns.map((c) => `${c.label}${c.change ? " (%)" : (UNIT_SUFFIX[c.type] ?? "")}`);
  const rows = [...table.rows, ...(table.totals ? [table.totals] : [])].map((row) =>
    table.columns.map((column) => csvCell(row[column.key], column)),
  );
  return { headers, rows };
}

/** The whole file, BOM first so that Excel reads it as UTF-8. */
export function tableCsvFile(table: Table): string {
  const { headers, rows } = tableCsv(table);
  return CSV_BOM + toCsv(headers, rows);
}
