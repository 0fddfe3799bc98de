/**
 * nl-NL formatting of everything shown to people: numbers, money (integer cents), percentages, dates,
 * durations. The one place that knows `€ 1.234,56` and `21-11-2026`; both sides import it.
 */
import { TIME_ZONE } from "./time-zone.ts";

const integer = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("nl-NL", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const euro = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });
const euroWhole = new Intl.NumberFormat("nl-NL", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
});
const dateFormat = new Intl.DateTimeFormat("nl-NL", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("nl-NL", {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});

export const formatNumber = (value: number) => integer.format(value);
export const formatDecimal = (value: number) => decimal.format(value);

const ratio = new Intl.NumberFormat("nl-NL", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A ratio such as ROAS or extras per wash, where one decimal hides the change: `0,64`. */
export const formatRatio = (value: number) => ratio.format(value);

/** Cents → `€ 1.234,56`; `whole` drops the cents for large figures on tiles. */
export const formatEuro = (cents: number, whole = false) => (whole ? euroWhole : euro).format(cents / 100);

const list = new Intl.ListFormat("nl-NL", { type: "conjunction" });
/** Names → `Utrecht, Zeist en Amersfoort`. */
export const formatList = (names: string[]) => list.format(names);

/** A ratio (0.253) → `25,3%`. */
export const formatPercent = (ratio: number) => `${decimal.format(ratio * 100)}%`;

/** A sign in front, none for what rounds to zero (no `−0,0%`), and a real minus sign. */
const signed = (text: string, value: number) =>
  /^-?0(,0)?( pp|%)?$/.test(text) ? text.replace("-", "") : value > 0 ? `+${text}` : text.replace("-", "−");

/** A relative change: `+12,3%`. */
export const formatChange = (change: number) => signed(formatPercent(change), change);

/** The difference of two shares in percentage points: `+2,1 pp`. */
export const formatPointChange = (value: number, previous: number) =>
  signed(`${formatDecimal((value - previous) * 100)} pp`, value - previous);

/** `2026-11-21` or a Date/ISO timestamp → `21-11-2026` (the calendar day in Amsterdam). */
export function formatDate(value: string | Date): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return `${d}-${m}-${y}`;
  }
  return dateFormat.format(new Date(value)).replace(/\//g, "-");
}

// A calendar month is no instant: its name is read in UTC, where `YYYY-MM-01T00:00Z` is that month's first day.
const monthFormats = {
  short: new Intl.DateTimeFormat("nl-NL", { timeZone: "UTC", month: "short" }),
  long: new Intl.DateTimeFormat("nl-NL", { timeZone: "UTC", month: "long", year: "numeric" }),
};

/** `2026-03` → `mrt` (short, a column heading) or `maart 2026` (long). */
export const formatMonth = (month: string, style: "short" | "long" = "long") =>
  monthFormats[style].format(new Date(`${month}-01T00:00:00Z`)).replace(".", "");

const WEEKDAYS = ["zo", "ma", "di", "wo", "do", "vr", "za"];
/** A local date with its weekday: `2026-11-28` → `za 28-11-2026`. */
export const formatDateWithWeekday = (date: string) =>
  `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${formatDate(date)}`;

/** A day's weather: `8,5 °C · 2,3 mm regen · 3,1 u zon`. */
export const formatWeather = (day: { tempC: number; rainMm: number; sunshineH: number }) =>
  `${decimal.format(day.tempC)} °C · ${decimal.format(day.rainMm)} mm regen · ${decimal.format(day.sunshineH)} u zon`;

/** An instant's wall-clock time in Amsterdam: `08:41`. */
export const formatTime = (value: string | Date | number) => timeFormat.format(new Date(value));

export const formatDateTime = (value: string | Date) => `${formatDate(value)} ${formatTime(value)}`;

/** Seconds → `1 u 05 m`, `4 m 07 s` or `12 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} u ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} m`;
}

/**
 * A price typed the Dutch way ("12,95", "€ 1.250", "12.95") → cents, or null when it is not an amount.
 * A single dot followed by exactly three digits is a thousands separator ("1.250" = 1250 euro).
 */
export function parseEuroInput(input: string): number | null {
  let text = input.replace(/€|eur/gi, "").replace(/\s/g, "");
  if (!/^-?[\d.,]+$/.test(text)) return null;
  if (text.includes(",")) text = text.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, "");
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** Cents → the editable form of a price: `12,95`. */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
