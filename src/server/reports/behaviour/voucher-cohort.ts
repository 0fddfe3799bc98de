import type { Channel } from "../../../shared/admin/promotions.ts";
import type { ReportSql } from "../sql.ts";
import { redemptionsSql } from "./voucher-redemptions.ts";

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

/** The voucher channels a website channel (the channel filter) stands for. */
const VOUCHER_CHANNELS: Record<string, Channel[]> = {
  "Google Ads": ["google_ads"],
  Facebook: ["facebook"],
  Marktplaats: ["marktplaats"],
  Affiliates: ["affiliate"],
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
    sql.params.voucher_channels = (VOUCHER_CHANNELS[channel] ?? []).join(",");
    conditions.push("list_contains(string_split($voucher_channels, ','), channel)");
  }
  return conditions.length ? conditions.join(" AND ") : undefined;
}

/** SQL (no CTE name needed): the cohort rows, tagged `win`. Needs `$now` among the parameters. */
export function voucherCohortSql(sql: ReportSql): string {
  const where = narrowed(sql);
  const facts = () => sql.facts("vouchers", "issued_at", { site: null, where });
  const issued = `SELECT v.*, least(
      timezone('Europe/Amsterdam', (p.valid_to + 1)::TIMESTAMP),
      v.claimed_at + INTERVAL 30 DAY
    ) AS expires_at
  FROM (${facts()}) v JOIN promotions p ON p.id = v.promotion_id`;
  return `SELECT i.*, r.plate, r.discount_cents, r.revenue_net_cents, r.new_plate, r.revenue_90d_cents, r.matured,
    r.first_paid_at, r.visits_90d, r.subscriber, r.plate_codes
  FROM (${issued}) i
  LEFT JOIN (${redemptionsSql(`SELECT id, redeemed_at, redeemed_transaction_id FROM vouchers WHERE redeemed_at IS NOT NULL AND id IN (SELECT id FROM (${facts()}))`)}) r
    ON r.id = i.id`;
}
