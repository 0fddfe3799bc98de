import type { Direction } from "../../../shared/reports/envelope.ts";

// How a report's figures look on screen: the values themselves are written by src/shared/reports/format-value.ts.

// The signed changes live with the other formats: the Monday e-mail writes them too.
export { formatChange, formatPointChange } from "../../../shared/format.ts";
export { formatValue, NO_FIGURE } from "../../../shared/reports/format-value.ts";

/**
 * Mantine colour of a change: green when it is good news, red when bad, grey when neither or none. Dark
 * shades: they stay readable (WCAG AA) as text on white and on a striped table row.
 */
export function changeColor(change: number | null, good: Direction = "up"): string {
  if (change === null || change === 0 || good === "neutral" || Math.abs(change) < 0.0005) return "gray.7";
  return change > 0 === (good === "up") ? "teal.9" : "red.9";
}
