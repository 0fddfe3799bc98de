import {
  formatDateTime,
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

// The signed changes live with the other formats: the Monday e-mail writes them too.
export { formatChange, formatPointChange } from "../../../shared/format.ts";

/**
 * Mantine colour of a change: green when it is good news, red when bad, grey when neither or none. Dark
 * shades: they stay readable (WCAG AA) as text on white and on a striped table row.
 */
export function changeColor(change: number | null, good: Direction = "up"): string {
  if (change === null || change === 0 || good === "neutral" || Math.abs(change) < 0.0005) return "gray.7";
  return change > 0 === (good === "up") ? "teal.9" : "red.9";
}
