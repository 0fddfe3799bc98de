// CSV for people who open it in Excel with Dutch settings: semicolon-separated (the comma is the decimal
// separator there), CRLF line ends, fields quoted when they need it. Callers prepend a BOM for downloads.

const needsQuotes = /[";\r\n]/;
// A cell starting like a formula runs as one in a spreadsheet: a user name "=HYPERLINK(…)" must stay text.
// Spreadsheets skip leading white space and invisible characters before they look for the =, and some
// read the fullwidth ＝ ＋ － ＠ as the ASCII ones, so those count as a formula start too. A cell starting
// with a control character (tab, line feed, carriage return, but also NUL or any other C0/C1 control, which
// a spreadsheet may drop before it reads the rest) is treated the same, as OWASP advises.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const controlStart = /^[\u0000-\u001f\u007f-\u009f]/;
const invisibleLead =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are skipped like white space
  /^[\s\u0000-\u001f\u007f-\u009f\u00a0\u00ad\u180e\u200b-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]+/;
const formulaChar = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** A plain negative number (`-5,25`) stays a number. */
const negativeNumber = /^-[\d,.]+$/;

function startsLikeFormula(raw: string): boolean {
  if (controlStart.test(raw)) return true;
  if (negativeNumber.test(raw)) return false;
  return formulaChar.test(raw.replace(invisibleLead, ""));
}

export function csvField(raw: string): string {
  const value = startsLikeFormula(raw) ? `'${raw}` : raw;
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function toCsv(headers: string[], rows: string[][]): string {
  return [headers, ...rows].map((row) => `${row.map(csvField).join(";")}\r\n`).join("");
}

export const CSV_BOM = "\uFEFF";
