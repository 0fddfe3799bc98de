// What happened to a voucher after it was redeemed, worked out once for Vouchers, Vouchers › flow and
// Landing Pages. The customer journey of REPORT-DEFINITIONS §2 (acquired customer, 90-day value) is being
// built in src/server/reports/journey (issue 17); until it lands this file is the one derivation of
// "a plate seen before" and of the 90 days after a redemption that these three reports use.
//
// redemption: a voucher with its redeeming transaction (vouchers.redeemed_transaction_id).
// seen_before: the redeeming plate's first visit (customers.first_visit_at) or a sale of it came more than
//   30 minutes before the redemption (a visit's read comes a few minutes before its sale). Such a
//   redemption is no acquisition: a discount given to an existing customer. Unknown without a plate.
// new_plate: the opposite, for a redemption with a plate: its first visit ever is the redemption.
// revenue_90d_cents: what the plate paid, excl. VAT, in the 90 days after the redemption (the redeeming
//   sale itself excluded: payback asks whether later visits earned the discount back).
// matured: the 90 days have passed (only then does revenue_90d_cents count for payback).
// first_paid_at: the plate's first later sale without a voucher that cost something (a subscription fee
//   counts), within the 90 days; visits_90d: its sales in those 90 days after the redemption.
// subscriber: the plate washed on a subscription in those 90 days.
// plate_codes: how many vouchers the plate redeemed in all, ever.

const SEEN_MARGIN = "INTERVAL 30 MINUTE";
const FOLLOW_UP = "INTERVAL 90 DAY";

/**
 * The redemptions of the vouchers in `vouchers` (a query or CTE name over the vouchers table, any extra
 * columns kept), one row each, with the columns above plus discount_cents and revenue_net_cents of the
 * redeeming transaction. `$now` must be a parameter (the report's clock).
 */
export const redemptionsSql = (vouchers: string) => `WITH redeemed AS (
    SELECT v.*, t.plate, t.discount_cents, t.total_cents - t.vat_cents AS revenue_net_cents
    FROM (${vouchers}) v JOIN transactions t ON t.id = v.redeemed_transaction_id
  ), plate_sales AS (
    -- every sale of the redeeming plates, read in one scan of the transactions
    SELECT plate, occurred_at, total_cents, total_cents - vat_cents AS net_cents, voucher_code, payment_method
    FROM transactions WHERE plate IN (SELECT plate FROM redeemed WHERE plate IS NOT NULL)
  ), per_plate AS (
    -- a sale with a voucher code is a code the plate redeemed
    SELECT plate, min(occurred_at) AS first_sale_at, count(voucher_code) AS plate_codes FROM plate_sales GROUP BY plate
  ), follow_up AS (
    SELECT r.id, sum(s.net_cents) AS revenue_90d_cents,
      min(s.occurred_at) FILTER (WHERE s.voucher_code IS NULL AND s.total_cents > 0) AS first_paid_at,
      count(*) AS visits_90d, bool_or(s.payment_method = 'abonnement') AS subscriber
    FROM redeemed r JOIN plate_sales s ON s.plate = r.plate
      AND s.occurred_at > r.redeemed_at AND s.occurred_at < r.redeemed_at + ${FOLLOW_UP}
    GROUP BY r.id
  )
  SELECT r.*,
    r.plate IS NOT NULL AND least(s.first_visit_at, p.first_sale_at) < r.redeemed_at - ${SEEN_MARGIN} AS seen_before,
    r.plate IS NOT NULL AND NOT coalesce(least(s.first_visit_at, p.first_sale_at) < r.redeemed_at - ${SEEN_MARGIN}, false) AS new_plate,
    coalesce(f.revenue_90d_cents, 0) AS revenue_90d_cents,
    r.redeemed_at + ${FOLLOW_UP} <= $now::TIMESTAMPTZ AS matured,
    f.first_paid_at, coalesce(f.visits_90d, 0) AS visits_90d, coalesce(f.subscriber, false) AS subscriber,
    p.plate_codes
  FROM redeemed r
  LEFT JOIN customers s ON s.plate = r.plate
  LEFT JOIN per_plate p ON p.plate = r.plate
  LEFT JOIN follow_up f ON f.id = r.id`;
