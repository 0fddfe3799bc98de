// A small RFC 4180 reader: quoted fields may hold delimiters, line breaks and doubled quotes.

export type Delimiter = "," | ";" | "\t";

export interface CsvRecord {
  /** 1-based line number in the file where the record starts. */
  line: number;
  cells: string[];
}

const DELIMITERS: Delimiter[] = [";", "\t", ","];
const SNIFF_RECORDS = 30;

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function readCsv(
  text: string,
  delimiter: Delimiter,
  maxRecords = Number.POSITIVE_INFINITY,
): CsvRecord[] {
  const input = stripBom(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  while (i < input.length && records.length < maxRecords) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      if (char === "\n" || (char === "\r" && input[i + 1] !== "\n")) line++;
      i++;
      continue;
    }
    if (char === '"' && cell.trim() === "") {
      // A quote opens a quoted field only at its start (spaces before it are dropped, as spreadsheets do).
      cell = "";
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += char;
    }
    i++;
  }
  if ((cell !== "" || cells.length > 0) && records.length < maxRecords) endRecord();
  return records;
}

/**
 * Delimiters ordered from most to least likely: the right one splits most of the first records into the
 * same number of cells. A decimal comma in a semicolon file gives a steady count too, but not on the
 * header row, so the semicolon still splits more records alike.
 */
export function sniffDelimiters(text: string): Delimiter[] {
  const scored = DELIMITERS.map((delimiter, order) => {
    const widths = readCsv(text, delimiter, SNIFF_RECORDS)
      .map((record) => record.cells.length)
      .filter((width) => width > 1);
    const frequency = new Map<number, number>();
    for (const width of widths) frequency.set(width, (frequency.get(width) ?? 0) + 1);
    let alike = 0;
    let width = 0;
    for (const [w, n] of frequency) {
      if (n > alike || (n === alike && w > width)) [alike, width] = [n, w];
    }
    return { delimiter, alike, width, order };
  });
  scored.sort((a, b) => b.alike - a.alike || b.width - a.width || a.order - b.order);
  return scored.map((s) => s.delimiter);
}
