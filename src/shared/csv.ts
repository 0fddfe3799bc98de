// CSV for people who open it in Excel with Dutch settings: semicolon-separated (the comma is the decimal
// separator there), CRLF line ends, fields quoted when they need it. Callers prepend a BOM for downloads.

const needsQuotes = /[";\r\n]/;
// A cell starting like a formula runs as one in a spreadsheet: a user name "=HYPERLINK(…)" must stay text.
const formulaStart = /^[=+@\t\r]|^-(?![\d,.]+$)/;

export function csvField(raw: string): string {
  const value = formulaStart.test(raw) ? `'${raw}` : raw;
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function toCsv(headers: string[], rows: string[][]): string {
  return [headers, ...rows].map((row) => `${row.map(csvField).join(";")}\r\n`).join("");
}

export const CSV_BOM = "\uFEFF";
