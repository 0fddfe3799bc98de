// Cell values as ad platforms export them: Dutch and English number formats, currency, dates.

export type DecimalSeparator = "," | ".";

/** The digits of a decimal number as written, so money converts to cents without floating-point error. */
export interface Decimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** What platforms write for "no value". */
const EMPTY = new Set(["", "-", "--", "—", "–", "n/a", "n.v.t."]);

export function isEmptyValue(raw: string): boolean {
  return EMPTY.has(raw.trim().toLowerCase());
}

/** Lower case, no accents, letters and digits only: "Conv. waarde" and "Conv.waarde" are one header. */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const GROUPED = /^\d{1,3}( \d{3})*$/;

/**
 * Reads "1.234,56", "1,234.56", "1234,5", "€ 12,30", "EUR 12.30", "(3,50)", "-2". Only one case is
 * ambiguous, a single separator followed by exactly three digits ("1.234"): `decimalSeparator` settles
 * it (per file); null reads it as a thousands separator, which is right for counts.
 * Returns null when the text is not a number; empty values are the caller's business (isEmptyValue).
 */
export function parseDecimal(raw: string, decimalSeparator: DecimalSeparator | null): Decimal | null {
  let text = raw
    .trim()
    .replace(/[\s\u00a0\u202f']/g, "")
    .replace(/^(eur|€)|(eur|€)$/i, "")
    .replace(/^(-|−)?(eur|€)/i, "$1");
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (/^[-−]/.test(text)) {
    negative = !negative;
    text = text.slice(1);
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(text)) return null;

  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = Math.max(lastDot, lastComma);
  } else if (lastDot >= 0 || lastComma >= 0) {
    const at = Math.max(lastDot, lastComma);
    const separator = text[at];
    const single = text.indexOf(separator) === at;
    const threeDigitsAfter = text.length - at - 1 === 3;
    const integerPart = text.slice(0, at);
    const couldGroup = threeDigitsAfter && /^[1-9]\d{0,2}$/.test(integerPart);
    if (single && !(couldGroup && separator !== decimalSeparator)) decimalAt = at;
  }

  const integerText = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : "";
  if (!/^\d*$/.test(fraction)) return null;
  const groups = integerText.split(/[.,]/);
  // Thousands separators: one kind, then groups of three digits.
  if (
    groups.length > 1 &&
    (new Set(integerText.replace(/\d/g, "")).size > 1 || !GROUPED.test(groups.join(" ")))
  )
    return null;
  const integer = groups.join("").replace(/^0+(?=\d)/, "") || "0";
  return { negative, integer, fraction };
}

export function decimalToNumber(value: Decimal): number {
  const number = Number(`${value.integer}.${value.fraction || "0"}`);
  return value.negative && number !== 0 ? -number : number;
}

/** Euros to cents, rounding half away from zero on the third decimal. */
export function decimalToCents(value: Decimal): number {
  const fraction = value.fraction.padEnd(3, "0");
  let cents = Number(value.integer) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return value.negative && cents !== 0 ? -cents : cents;
}

/** True when the value has no fractional part ("12", "12,00"). */
export function isWhole(value: Decimal): boolean {
  return /^0*$/.test(value.fraction);
}

/**
 * The decimal separator a file uses, from its numeric cells: "12,30" or "1.234,56" vote for a comma,
 * "12.30" or "1,234.56" for a point. Without votes, a semicolon-separated file is Dutch-style.
 */
export function detectDecimalSeparator(cells: string[], delimiter: string): DecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const raw of cells) {
    const text = raw.replace(/[^\d.,]/g, "");
    if (/\.\d{3},\d+$/.test(text) || /^\d+,(\d{1,2}|\d{4,})$/.test(text)) comma++;
    else if (/,\d{3}\.\d+$/.test(text) || /^\d+\.(\d{1,2}|\d{4,})$/.test(text)) point++;
  }
  if (comma !== point) return comma > point ? "," : ".";
  return delimiter === ";" ? "," : ".";
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mrt: 3,
  maa: 3,
  mar: 3,
  apr: 4,
  mei: 5,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  okt: 10,
  oct: 10,
  nov: 11,
  dec: 12,
};
const WEEKDAYS = new Set(
  [
    "ma di wo do vr za zo maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
    "mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday",
  ]
    .join(" ")
    .split(" "),
);
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`);
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${TIME}$`);

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * "2026-11-21", "21-11-2026", "21/11/2026", "21.11.2026" (a trailing time is ignored), and Google's
 * "za 21 nov. 2026", "21 november 2026", "Nov 21, 2026", "Sat, Nov 21, 2026". Returns YYYY-MM-DD or null.
 */
export function parseDate(raw: string): string | null {
  const text = raw.trim();
  const iso = ISO.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return isoDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));

  const words = text
    .toLowerCase()
    .split(/[\s.,]+/)
    .filter((word) => word !== "" && !WEEKDAYS.has(word));
  if (words.length !== 3 || !/^\d{4}$/.test(words[2])) return null;
  const [first, second] = words;
  const monthOf = (word: string) => (/^[a-z]{3,}$/.test(word) ? MONTHS[word.slice(0, 3)] : undefined);
  const [day, month] = /^\d{1,2}$/.test(first) ? [first, monthOf(second)] : [second, monthOf(first)];
  if (month === undefined || !/^\d{1,2}$/.test(day)) return null;
  return isoDate(Number(words[2]), month, Number(day));
}
