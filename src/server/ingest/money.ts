/**
 * Spreads a discount over lines in proportion to their amounts, in whole cents that add up exactly
 * (largest remainder: the cents lost to rounding go to the lines with the largest fractions, earlier
 * lines first on ties). No line gets more than its own amount.
 */
export function spreadDiscount(amounts: number[], discount: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (discount <= 0 || total <= 0) return amounts.map(() => 0);
  if (discount >= total) return [...amounts];
  const exact = amounts.map((amount) => (amount * discount) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (left === 0) break;
    shares[index]++;
    left--;
  }
  return shares;
}

/** The VAT inside an amount that includes it: 21 % of the net price is 21/121 of the gross. */
export const vatIncluded = (grossCents: number, ratePercent: number): number =>
  Math.round((grossCents * ratePercent) / (100 + ratePercent));
