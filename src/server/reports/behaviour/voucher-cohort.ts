import type { Channel } from "../../../shared/admin/promotions.ts";
import { PLATFORM_CHANNEL, type Channel as WebChannel } from "../../../shared/channels.ts";
import { maturedUpTo } from "../journey/definitions.ts";
import type { ReportSql } from "../sql.ts";

// The vouchers Vouchers and Vouchers › flow look at: those issued in the period (and in the comparison
// period), followed from issue to now, one row each, with their redemption's follow-up where redeemed.
//
// Why by issue date: the rates (claimed ÷ issued, redeemed ÷ claimed) then compare the same codes and stay
// at or below 100 %; counting each step in the period it happened would put a flyer run printed last month
// against this month's redemptions.
//
// expires_at: when the code stops being valid: the end of the promotion's last day (Amsterdam), and for a
// claimed code at most 30 days after the claim (REPORT-DEFINITIONS §1: the attribution window); null when
// neither applies (an unclaimed code of a promotion without end).
//
// What became of a redemption comes from the customer journey (journey_redemptions, journey-sync.ts), the one
// derivation the acquisition screens use as well, so Vouchers, Vouchers › flow and Acquisitie agree:
// - new_plate: a redemption with a plate not seen before (no read in an earlier visit, no earlier sale) —
//   the journey's seen_before, whose share is Acquisitie's cannibalisation rate.
// - revenue_90d_cents: the journey's value_90d_cents, revenue excl. VAT of the plate from the redemption up
//   to 90 days later. REPORT-DEFINITIONS §2 defines the 90-day value from the first visit on, the visit
//   itself included; payback (90-day revenue ÷ discount cost) uses that definition, so the redeeming sale
//   counts (it is revenue the promotion brought in), and for a new plate the redemption is its first visit.
// - matured: the redemption's day lies on or before maturedUpTo(now), the journey's rule: only then does
//   revenue_90d_cents count for payback (and "not back within 90 days" is final).
// - first_paid_at, visits_90d, subscriber: the journey's follow-up of the 90 days after the redemption.
// - plate_codes: the redemptions of the plate in all, ever.

/** The voucher channels a website channel (the channel filter) stands for. */
const VOUCHER_CHANNELS: Partial<Record<WebChannel, Channel[]>> = {
  // a paid channel: the vouchers of its ad platform (a promotion's channel names the platform the same way)
  ...Object.fromEntries(Object.entries(PLATFORM_CHANNEL).map(([platform, web]) => [web, [platform]])),
  Vouchers: ["newsletter", "flyer", "website"],
};

/** Conditions on vouchers for the report's dimension filters: one promotion (code), one channel. */
function narrowed(sql: ReportSql): string | undefined {
  const { promotion, channel } = sql.filters.dimensions;
  const conditions: string[] = [];
  if (promotion) {
    sql.params.promotion = promotion;
    conditions.push("promotion_id = (SELECT id FROM promotions WHERE code = $promotion)");
  }
  if (channel) {
    sql.params.voucher_channels = (VOUCHER_CHANNELS[channel as WebChannel] ?? []).join(",");
    conditions.push("list_contains(string_split($voucher_channels, ','), channel)");
  }
  return conditions.length ? conditions.join(" AND ") : undefined;
}

/**
 * SQL: days from one instant to another, with fractions. In integer microseconds: TIMESTAMPTZ arithmetic
 * (date_diff included) goes through ICU and costs far more per row.
 */
export const daysBetweenSql = (from: string, to: string) =>
  `(epoch_us(${to}) - epoch_us(${from})) / 86400000000`;

/** SQL (no CTE name needed): the cohort rows, tagged `win`. Needs `$now` among the parameters; syncJourney first. */
export function voucherCohortSql(sql: ReportSql): string {
  const where = narrowed(sql);
  // The promotion's end is worked out once per promotion, and 30 days are added as microseconds: per
  // voucher, TIMESTAMPTZ arithmetic goes through ICU (30 days in UTC, the session's zone, are 30 × 24 h).
  const issued = `SELECT v.*, least(p.ends_at, make_timestamptz(epoch_us(v.claimed_at) + ${30 * 86_400_000_000})) AS expires_at
  FROM (${sql.facts("vouchers", "issued_at", { site: null, where })}) v
  JOIN (SELECT id, timezone('Europe/Amsterdam', (valid_to + 1)::TIMESTAMP) AS ends_at FROM promotions) p
    ON p.id = v.promotion_id`;
  sql.params.matured_to = maturedUpTo(sql.filters.now);
  return `SELECT i.*, r.plate, r.discount_cents, r.revenue_excl_vat_cents AS revenue_net_cents,
    NOT r.seen_before AS new_plate, r.value_90d_cents AS revenue_90d_cents,
    r.redeemed_date <= $matured_to::DATE AS matured, r.first_paid_at, r.visits_90d,
    r.subscriber_90d AS subscriber, c.plate_codes
  FROM (${issued}) i
  LEFT JOIN journey_redemptions r ON r.transaction_id = i.redeemed_transaction_id
  LEFT JOIN (
    SELECT plate, count(*) AS plate_codes FROM journey_redemptions WHERE plate IS NOT NULL GROUP BY plate
  ) c ON c.plate = r.plate`;
}
