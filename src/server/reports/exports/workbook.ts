import type ExcelJS from "exceljs";
import type { Cell, Column, Kpi, ReportEnvelope, Table, Unit } from "../../../shared/reports/envelope.ts";
import { filtersText } from "../../../shared/reports/filters-text.ts";
import { localDateTime } from "../../warehouse/time-zone.ts";
import { change } from "../metrics.ts";

// A report's envelope as an Excel workbook: "KPI's" first, then one sheet per table, numbers as numbers
// (not text) with formats Excel shows in the reader's own locale, so `€ 1.234,56` on a Dutch machine.
// Built from the envelope as it leaves the router (after protectReport), so plates are masked as in JSON.

const NUMBER_FORMATS: Record<Unit | "datetime" | "date" | "points", string> = {
  count: "#,##0",
  eur_cents: '"€" #,##0.00',
  percent: "0.0%",
  seconds: "[h]:mm:ss",
  ratio: "0.00",
  datetime: "dd-mm-yyyy hh:mm",
  date: "dd-mm-yyyy",
  points: '+0.0" pp";-0.0" pp";0.0" pp"',
};

/** The value Excel stores: euros rather than cents, seconds as a fraction of a day (a duration). */
function excelNumber(value: number, unit: Unit): number {
  if (unit === "eur_cents") return value / 100;
  if (unit === "seconds") return value / 86_400;
  return value;
}

/**
 * Excel dates have no time zone: a cell holds the wall-clock time it shows. An instant becomes its
 * Amsterdam wall-clock time, a local date or bucket start (`2026-03-29`, `2026-03-29T14:00`) itself.
 */
function excelDate(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value)) {
    return new Date(`${value.length === 10 ? `${value}T00:00` : value}:00Z`);
  }
  return new Date(`${localDateTime(new Date(value))}Z`);
}

interface SheetColumn {
  header: string;
  width: number;
  format?: string;
}

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  heading: { title: string; filters: string },
  columns: SheetColumn[],
  rows: unknown[][],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 3 }] });
  sheet.getCell("A1").value = heading.title;
  sheet.getCell("A1").font = { bold: true, size: 14 };
  sheet.getCell("A2").value = heading.filters;
  sheet.getCell("A2").font = { italic: true, color: { argb: "FF555555" } };
  const header = sheet.getRow(3);
  columns.forEach((column, i) => {
    header.getCell(i + 1).value = column.header;
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = column.width;
    if (column.format) sheetColumn.numFmt = column.format;
  });
  header.font = { bold: true };
  header.border = { bottom: { style: "thin" } };
  for (const row of rows) sheet.addRow(row);
  return sheet;
}

function kpiRows(kpis: Kpi[]): { columns: SheetColumn[]; rows: unknown[][]; formats: string[] } {
  const columns: SheetColumn[] = [
    { header: "Kengetal", width: 36 },
    { header: "Waarde", width: 16 },
    { header: "Vergelijking", width: 16 },
    { header: "Verandering", width: 14 },
  ];
  const rows = kpis.map((kpi) => {
    const number = (value: number | null) => (value === null ? null : excelNumber(value, kpi.unit));
    // A share changes in percentage points, everything else relatively (as on the KPI tiles).
    const changed =
      kpi.unit === "percent"
        ? kpi.value !== null && kpi.previous !== null
          ? (kpi.value - kpi.previous) * 100
          : null
        : change(kpi.value, kpi.previous);
    return [kpi.label, number(kpi.value), number(kpi.previous), changed];
  });
  return { columns, rows, formats: kpis.map((kpi) => NUMBER_FORMATS[kpi.unit]) };
}

const columnFormat = (column: Column) =>
  column.change ? NUMBER_FORMATS.percent : column.type === "text" ? undefined : NUMBER_FORMATS[column.type];

function tableCell(value: Cell, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return column.type === "datetime" ? excelDate(value) : value;
  if (column.change || column.type === "text" || column.type === "datetime") return value;
  return excelNumber(value, column.type);
}

/** Wide enough for the header and the longest text, within reason; numbers get a fixed width. */
function columnWidth(column: Column, rows: Table["rows"]): number {
  if (column.type !== "text") return Math.max(12, Math.min(column.label.length + 2, 24));
  const longest = Math.max(column.label.length, ...rows.map((row) => String(row[column.key] ?? "").length));
  return Math.max(10, Math.min(longest + 2, 50));
}

/** Excel's rules: at most 31 characters, none of : \ / ? * [ ], unique regardless of case. */
export function sheetNames(labels: string[], taken: string[]): string[] {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  return labels.map((label) => {
    const base =
      label
        .replace(/[:\\/?*[\]]/g, "-")
        .trim()
        .slice(0, 31) || "Tabel";
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++)
      name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

export const KPI_SHEET = "KPI's";
const SERIES_SHEET = "Verloop";

/** The workbook of a report: KPI's, the time series (dates as dates) when there are any, then the tables. */
export async function reportWorkbook(envelope: ReportEnvelope, title: string): Promise<Buffer> {
  // ExcelJS takes some 0,4 s to load: an export loads it, not every start of the server.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = "Wasbord";
  const heading = { title, filters: filtersText(envelope) };

  const kpis = kpiRows(envelope.kpis);
  const kpiSheet = addSheet(workbook, KPI_SHEET, heading, kpis.columns, kpis.rows);
  // Each KPI row has its own unit: formats per cell rather than per column.
  envelope.kpis.forEach((kpi, i) => {
    const row = kpiSheet.getRow(4 + i);
    row.getCell(2).numFmt = kpis.formats[i];
    row.getCell(3).numFmt = kpis.formats[i];
    row.getCell(4).numFmt = kpi.unit === "percent" ? NUMBER_FORMATS.points : NUMBER_FORMATS.percent;
  });

  const timeSeries = envelope.series.filter((series) => series.axis === "time");
  const tableNames = sheetNames(
    envelope.tables.map((table) => table.label),
    timeSeries.length > 0 ? [KPI_SHEET, SERIES_SHEET] : [KPI_SHEET],
  );
  if (timeSeries.length > 0) {
    const hourly = timeSeries[0].granularity === "hour";
    const columns: SheetColumn[] = [
      {
        header: hourly ? "Uur" : "Periode vanaf",
        width: 16,
        format: NUMBER_FORMATS[hourly ? "datetime" : "date"],
      },
      ...timeSeries.map((series) => ({
        header: series.label,
        width: Math.max(12, Math.min(series.label.length + 2, 30)),
        format: NUMBER_FORMATS[series.unit],
      })),
    ];
    const xs = [...new Set(timeSeries.flatMap((series) => series.points.map((point) => point.x)))].sort();
    const byX = timeSeries.map((series) => new Map(series.points.map((point) => [point.x, point.value])));
    const rows = xs.map((x) => [
      excelDate(x),
      ...timeSeries.map((series, i) => {
        const value = byX[i].get(x);
        return value === null || value === undefined ? null : excelNumber(value, series.unit);
      }),
    ]);
    addSheet(workbook, SERIES_SHEET, heading, columns, rows);
  }

  envelope.tables.forEach((table, i) => {
    const columns = table.columns.map((column) => ({
      header: column.label,
      width: columnWidth(column, table.rows),
      format: columnFormat(column),
    }));
    // Exports ask for every row (`rows=all`), so there is no rest row; the totals come last, in bold.
    const rows = [...table.rows, ...(table.totals ? [table.totals] : [])];
    const sheet = addSheet(
      workbook,
      tableNames[i],
      { ...heading, title: `${title} — ${table.label}` },
      columns,
      rows.map((row) => table.columns.map((column) => tableCell(row[column.key], column))),
    );
    if (table.totals) sheet.getRow(sheet.rowCount).font = { bold: true };
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
