// Accuracy of a forecast over a stretch of days (REPORT-DEFINITIONS §6): the weighted absolute percentage
// error, WAPE = Σ |actual − forecast| ÷ Σ actual. Weighted by the actual washes, so a quiet day's miss
// counts for what it is in cars, and a day with no washes does not divide by zero.

export interface ForecastPair {
  actual: number;
  forecast: number;
}

/** WAPE as a fraction (0.12 = 12 %); null when nothing was washed. */
export function wape(pairs: ForecastPair[]): number | null {
  let error = 0;
  let actual = 0;
  for (const pair of pairs) {
    error += Math.abs(pair.actual - pair.forecast);
    actual += pair.actual;
  }
  return actual > 0 ? error / actual : null;
}
