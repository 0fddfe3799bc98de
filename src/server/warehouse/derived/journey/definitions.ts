// What the journey tables store, defined once (REPORT-DEFINITIONS §1–§2); the reports' definitions over them
// are in reports/journey/definitions.ts.

/**
 * Revenue excl. VAT of conversion revenue, which the tracker reports incl. VAT without a breakdown: every
 * wash, extra and subscription carries 21 % VAT, so excl. = incl. − round(incl. × 21 ÷ 121), the rounding
 * ingestion uses (ingest/money.ts).
 */
export const excludingVatSql = (cents: string) => `(${cents} - round(${cents} * 21 / 121))`;

/** Days in the value window of an acquired customer or a redemption. */
export const VALUE_DAYS = 90;
