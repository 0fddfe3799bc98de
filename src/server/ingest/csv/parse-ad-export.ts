import { type AdPlatform, type AdStatRow, adStatKey, adStatRowSchema } from "../../../shared/ad-stats";
import { daisycon, otherAffiliate, tradetracker } from "./affiliate";
import { type Column, describeRequiredColumns, type Field, type FormatSpec, resolveFormat } from "./format";
import { googleAds } from "./google-ads";
import { marktplaats } from "./marktplaats";
import { metaAds } from "./meta-ads";
import { type CsvRecord, readCsv, sniffDelimiters } from "./read-csv";
import {
  type DecimalSeparator,
  decimalToCents,
  decimalToNumber,
  detectDecimalSeparator,
  isEmptyValue,
  isWhole,
  parseDate,
  parseDecimal,
} from "./values";

export const formats: readonly FormatSpec[] = [
  googleAds,
  metaAds,
  marktplaats,
  daisycon,
  tradetracker,
  otherAffiliate,
];

export interface ParseHint {
  /** Only consider this platform's formats (the importer chose it). */
  platform?: AdPlatform;
  /** For files without an account column. */
  account?: string;
}

export interface ParseError {
  /** 1-based line number in the file. */
  row: number;
  /** The ad-stats field, or "header" for the file as a whole. */
  field: string;
  /** Dutch, for the import preview. */
  message: string;
}

export interface ParseResult {
  platform: AdPlatform | null;
  /** "google_ads.keyword", "facebook.adset", "affiliate.daisycon.transactions"; "unknown" if unrecognised. */
  format: string;
  /** Data lines after the header, without blank lines and "Total" lines. */
  rowsRead: number;
  /** Valid rows, one per key (adStatKey): lines with the same key are added up. */
  rows: AdStatRow[];
  errors: ParseError[];
}

// Google Ads closes its downloads with "Total: Account", "Totaal: campagnes" and the like.
const TOTAL_LINE = /^(total|totaal)\s*[:-]/i;
const REJECTED_STATUS = /afgekeurd|afgewezen|geweigerd|geannuleerd|rejected|disapproved|declined|cancel/i;
const HEADER_SEARCH_DEPTH = 20;
const DECIMAL_FIELDS: Field[] = ["spendCents", "conversions", "conversionValueCents"];

export function parseAdExport(csvText: string, hint: ParseHint = {}): ParseResult {
  const specs = formats.filter((spec) => !hint.platform || spec.platform === hint.platform);
  const found = findHeader(csvText, specs);
  if (!found) {
    const expected = specs.map(describeRequiredColumns).join("; ");
    return {
      platform: hint.platform ?? null,
      format: "unknown",
      rowsRead: 0,
      rows: [],
      errors: [
        {
          row: firstLineWithText(csvText),
          field: "header",
          message: `Geen kopregel herkend. Verwacht worden de kolommen van een van deze exports: ${expected}.`,
        },
      ],
    };
  }

  const { records, headerIndex, resolved, delimiter } = found;
  const { spec, columns } = resolved;
  const dataRecords = records
    .slice(headerIndex + 1)
    .filter((record) => record.cells.some((cell) => cell.trim() !== ""))
    .filter((record) => !record.cells.some((cell) => TOTAL_LINE.test(cell.trim())));
  const result: ParseResult = {
    platform: spec.platform,
    format: resolved.format,
    rowsRead: dataRecords.length,
    rows: [],
    errors: [],
  };

  const account = hint.account?.trim();
  if (!columns.has("account") && !account) {
    result.errors.push({
      row: records[headerIndex].line,
      field: "account",
      message: "Geen account: het bestand heeft geen accountkolom en er is geen account opgegeven.",
    });
    return result;
  }

  const decimalCells = dataRecords.flatMap((record) =>
    DECIMAL_FIELDS.flatMap(
      (field) => columns.get(field)?.indexes.map((index) => record.cells[index] ?? "") ?? [],
    ),
  );
  const decimalSeparator = detectDecimalSeparator(decimalCells, delimiter);
  const merged = new Map<string, AdStatRow>();
  for (const record of dataRecords) {
    const mapped = mapRecord(record, { spec, columns, decimalSeparator, account });
    result.errors.push(...mapped.errors);
    if (mapped.row) addUp(merged, mapped.row);
  }
  result.rows = [...merged.values()];
  return result;
}

function findHeader(text: string, specs: readonly FormatSpec[]) {
  for (const delimiter of sniffDelimiters(text)) {
    const records = readCsv(text, delimiter);
    const depth = Math.min(records.length, HEADER_SEARCH_DEPTH);
    for (let headerIndex = 0; headerIndex < depth; headerIndex++) {
      const resolved = resolveFormat(records[headerIndex].cells, specs);
      if (resolved) return { records, headerIndex, resolved, delimiter };
    }
  }
  return null;
}

function firstLineWithText(text: string): number {
  const index = text.split(/\r\n|\r|\n/).findIndex((line) => line.replace(/^\uFEFF/, "").trim() !== "");
  return index < 0 ? 1 : index + 1;
}

interface MapContext {
  spec: FormatSpec;
  columns: Map<Field, Column>;
  decimalSeparator: DecimalSeparator;
  account: string | undefined;
}

/** Schema fields the extra columns report their errors under. */
const ERROR_FIELD: Partial<Record<Field, string>> = { periodStart: "date", periodEnd: "date" };

function mapRecord(record: CsvRecord, context: MapContext): { row?: AdStatRow; errors: ParseError[] } {
  const { spec, columns, decimalSeparator } = context;
  const errors: ParseError[] = [];
  const fail = (field: Field, message: string) => {
    const column = columns.get(field);
    const prefix = column ? `Kolom "${column.header}": ` : "";
    errors.push({ row: record.line, field: ERROR_FIELD[field] ?? field, message: `${prefix}${message}` });
    return null;
  };
  const raws = (field: Field) =>
    columns.get(field)?.indexes.map((index) => (record.cells[index] ?? "").trim());
  const text = (field: Field): string | null => {
    const raw = raws(field)?.[0];
    return raw === undefined || isEmptyValue(raw) ? null : raw;
  };
  const required = (field: Field, value: string | null) => value ?? fail(field, "is leeg");

  /** Sum of the field's cells; an empty cell counts as 0, a column that is absent or all empty gives `absent`. */
  const number = (field: Field, kind: "count" | "decimal" | "cents", absent: 0 | null): number | null => {
    const cells = raws(field)?.filter((raw) => !isEmptyValue(raw));
    if (!cells?.length) return absent;
    let total = 0;
    for (const raw of cells) {
      const decimal = parseDecimal(raw, kind === "count" ? null : decimalSeparator);
      if (!decimal) return fail(field, `"${raw}" is geen getal`);
      if (decimal.negative) return fail(field, `"${raw}" mag niet negatief zijn`);
      if (kind === "count" && !isWhole(decimal)) return fail(field, `"${raw}" is geen geheel getal`);
      total += kind === "cents" ? decimalToCents(decimal) : decimalToNumber(decimal);
    }
    return total;
  };
  const date = (field: Field, need: "required" | "optional"): string | null => {
    const raw = text(field);
    if (raw === null) return need === "required" ? fail(field, "is leeg") : null;
    return (
      parseDate(raw) ?? fail(field, `"${raw}" is geen geldige datum (bijvoorbeeld 21-11-2026 of 2026-11-21)`)
    );
  };

  const status = text("status");
  if (status && REJECTED_STATUS.test(status)) return { errors };

  let day: string | null;
  if (columns.has("date")) {
    day = date("date", "required");
  } else {
    const start = date("periodStart", "required");
    const end = date("periodEnd", "optional") ?? start;
    day =
      start !== null && end !== null && start !== end
        ? fail("periodStart", periodMessage(start, end))
        : start;
  }
  const currency = text("currency");
  if (currency && currency.toUpperCase() !== "EUR")
    fail("currency", `valuta "${currency}" wordt niet ondersteund, alleen EUR`);

  const candidate = {
    platform: spec.platform,
    account: columns.has("account")
      ? (text("account") ?? context.account ?? fail("account", "is leeg"))
      : context.account,
    date: day,
    campaign: required("campaign", text("campaign")),
    adGroup: text("adGroup"),
    ad: text("ad"),
    keyword: text("keyword"),
    matchType: matchType(text("matchType"), fail),
    qualityScore: qualityScore(text("qualityScore"), fail),
    affiliate: text("affiliate"),
    impressions: number("impressions", "count", 0),
    reach: number("reach", "count", null),
    clicks: number("clicks", "count", 0),
    spendCents: number("spendCents", "cents", 0),
    // In a transaction export without a count column, every line is one conversion.
    conversions:
      columns.has("transactionId") && !columns.has("conversions") ? 1 : number("conversions", "decimal", 0),
    conversionValueCents: number("conversionValueCents", "cents", 0),
  };
  if (errors.length > 0) return { errors };

  const parsed = adStatRowSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(String(issue.path[0]) as Field, issue.message);
    return { errors };
  }
  return { row: parsed.data, errors };
}

function periodMessage(start: string, end: string): string {
  return `het rapport beslaat ${start} t/m ${end}; exporteer het per dag`;
}

function matchType(
  raw: string | null,
  fail: (field: Field, message: string) => null,
): AdStatRow["matchType"] {
  if (raw === null) return null;
  const text = raw.toLowerCase();
  if (text.includes("exact")) return "exact";
  if (text.includes("phrase") || text.includes("woordgroep")) return "phrase";
  if (text.includes("broad") || text.includes("breed")) return "broad";
  return fail("matchType", `zoektype "${raw}" is onbekend (verwacht exact, woordgroep of breed)`);
}

function qualityScore(raw: string | null, fail: (field: Field, message: string) => null): number | null {
  if (raw === null) return null;
  const score = /^(\d{1,2})(\/10)?$/.exec(raw);
  const value = score ? Number(score[1]) : Number.NaN;
  if (value >= 1 && value <= 10) return value;
  return fail("qualityScore", `kwaliteitsscore "${raw}" moet een geheel getal van 1 tot en met 10 zijn`);
}

/** Lines with the same key add up (two same-named ads; the transactions of one publisher on one day). */
function addUp(rows: Map<string, AdStatRow>, row: AdStatRow): void {
  const key = adStatKey(row);
  const existing = rows.get(key);
  if (!existing) {
    rows.set(key, { ...row });
    return;
  }
  existing.impressions += row.impressions;
  // Reach does not add up (people reached by both lines would count twice, REPORT-DEFINITIONS §1): two
  // lines summed into one row have no reach of their own.
  existing.reach = null;
  existing.clicks += row.clicks;
  existing.spendCents += row.spendCents;
  existing.conversions = Math.round((existing.conversions + row.conversions) * 1e6) / 1e6;
  existing.conversionValueCents += row.conversionValueCents;
  existing.qualityScore ??= row.qualityScore;
}
