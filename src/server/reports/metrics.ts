// The one place ratios are computed. Query modules take raw counts and sums out of SQL and derive every
// average, share, rate and change with these, so a ratio is never averaged or summed by accident and a
// division by zero is always "no figure" (null), never 0 or Infinity.

export type Figure = number | null | undefined;

/** a ÷ b; null when either is missing or b is 0. */
export function ratio(a: Figure, b: Figure): number | null {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  return a / b;
}

/** Relative change from `previous` to `value` (0.12 = +12 %); null without a previous figure to compare. */
export function change(value: Figure, previous: Figure): number | null {
  if (
    value === null ||
    value === undefined ||
    previous === null ||
    previous === undefined ||
    previous === 0
  ) {
    return null;
  }
  return (value - previous) / Math.abs(previous);
}

/** A sum that is 0 when there are no rows (SQL SUM over nothing is NULL). */
export const sum = (value: Figure) => value ?? 0;
