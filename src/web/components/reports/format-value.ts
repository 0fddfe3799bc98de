import {
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatEuro,
  formatNumber,
  formatPercent,
  formatRatio,
} from "../../../shared/format.ts";
import type { Cell, ColumnType, Direction } from "../../../shared/reports/envelope.ts";

// Every figure of a report, written the Dutch way through src/shared/format.ts; "–" where there is none.

export const NO_FIGURE = "–";

/** `compact`: euro amounts of € 1.000 and more without cents (KPI tiles, chart axes). */
export function formatValue(value: Cell, type: ColumnType, compact = false): string {
  if (value === null || value === undefined || value === "") return NO_FIGURE;
  if (typeof value === "string") return type === "datetime" ? formatDateTime(value) : value;
  switch (type) {
    case "count":
      return formatNumber(value);
    case "eur_cents":
      return formatEuro(value, compact && Math.abs(value) >= 100_000);
    case "percent":
      return formatPercent(value);
    case "seconds":
      return formatDuration(value);
    case "ratio":
      return formatRatio(value);
    default:
      return String(value);
  }
}

/** A sign in front, none for what rounds to zero (no `−0,0%`), and a real minus sign. */
const signed = (text: string, value: number) =>
  /^-?0(,0)?( pp|%)?$/.test(text) ? text.replace("-", "") : value > 0 ? `+${text}` : text.replace("-", "−");

/** A relative change: `+12,3%`. */
export const formatChange = (change: number) => signed(formatPercent(change), change);

/** The difference of two shares in percentage points: `+2,1 pp`. */
export const formatPointChange = (value: number, previous: number) =>
  signed(`${formatDecimal((value - previous) * 100)} pp`, value - previous);

/**
 * Mantine colour of a change: green when it is good news, red when bad, grey when neither or none. Dark
 * shades: they stay readable (WCAG AA) as text on white and on a striped table row.
 */
export function changeColor(change: number | null, good: Direction = "up"): string {
  if (change === null || change === 0 || good === "neutral" || Math.abs(change) < 0.0005) return "gray.7";
  return change > 0 === (good === "up") ? "teal.9" : "red.9";
}
