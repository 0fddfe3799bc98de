import {
  formatDateTime,
  formatDuration,
  formatEuro,
  formatNumber,
  formatPercent,
  formatRatio,
} from "../format.ts";
import type { Cell, ColumnType } from "./envelope.ts";

// Every figure of a report written the Dutch way, on the screen and in a subscription's mail alike;
// "–" where there is none.

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
