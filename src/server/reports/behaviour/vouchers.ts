import { type Channel, channelLabels } from "../../../shared/admin/promotions.ts";
import type { Queryable } from "../../db/database.ts";
import { syncJourney } from "../../warehouse/derived/journey/journey-sync.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";
import { daysBetweenSql, voucherCohortSql } from "./voucher-cohort.ts";

// Vouchers: per promotion and channel (affiliate), what became of the codes issued in the period: claimed,
// redeemed, what the discount cost, what the redeeming sales and the 90 days after them brought in.
// Vouchers belong to no site: the site filter does not apply.

const GRAINS = ["total", "bucket", "row"] as const;

interface VoucherRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  promotion_id: number;
  promotion_name: string;
  promotion_code: string;
  channel: Channel;
  affiliate_name: string | null;
  max_redemptions: number | null;
  redeemed_ever: number;
  issued: number;
  claimed: number;
  redeemed: number;
  discount_cents: number;
  revenue_net_cents: number;
  median_days_to_redeem: number | null;
  expired: number;
  with_plate: number;
  new_plates: number;
  matured: number;
  matured_revenue_90d_cents: number;
  matured_discount_cents: number;
  multi_code_plates: number;
}

// The cohort: vouchers issued in the period (voucher-cohort.ts), followed to now.
// issued / claimed / redeemed: codes of the cohort, those claimed on the website, those redeemed at a till.
// discount_cents: the discount of the redeeming sales (incl. VAT, what the customer did not pay).
// revenue_net_cents: what the redeeming sales brought in, excl. VAT.
// median_days_to_redeem: median days from the claim to the redemption (claimed codes only).
// expired: not redeemed, and no longer valid (voucher-cohort.ts: the promotion ended, or 30 days after the
//   claim passed).
// with_plate / new_plates: redemptions with a known plate, and those by a plate never seen before (the
//   journey's seen_before, voucher-cohort.ts: the complement of Acquisitie's cannibalisation rate).
// matured_*: redemptions whose 90 days have passed: their 90-day value excl. VAT (REPORT-DEFINITIONS §2, the
//   redemption included, voucher-cohort.ts says why) and their discount, so payback (90-day revenue ÷
//   discount cost) is a ratio of the same redemptions.
// multi_code_plates: redeeming plates of the row that redeemed more than one code in all.
// redeemed_ever / max_redemptions: the promotion's redemptions to now against its cap.
export function vouchersSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  sql.params.now = filters.now.toISOString();
  const text = `WITH cohort AS (
  ${voucherCohortSql(sql)}
), grouped AS (
  SELECT win,
    CASE WHEN GROUPING(promotion_id) = 0 THEN 'row' WHEN GROUPING(bucket) = 0 THEN 'bucket' ELSE 'total' END AS grain,
    bucket, promotion_id, channel, affiliate_id,
    count(*) AS issued,
    count(claimed_at) AS claimed,
    count(redeemed_at) AS redeemed,
    sum(discount_cents) AS discount_cents,
    sum(revenue_net_cents) AS revenue_net_cents,
    median(${daysBetweenSql("claimed_at", "redeemed_at")}) AS median_days_to_redeem,
    count_if(redeemed_at IS NULL AND expires_at <= $now::TIMESTAMPTZ) AS expired,
    count(plate) AS with_plate,
    count_if(new_plate) AS new_plates,
    count_if(matured) AS matured,
    sum(revenue_90d_cents) FILTER (WHERE matured) AS matured_revenue_90d_cents,
    sum(discount_cents) FILTER (WHERE matured) AS matured_discount_cents,
    count(DISTINCT plate) FILTER (WHERE plate_codes > 1) AS multi_code_plates
  FROM (SELECT *, ${sql.bucket(sql.local("issued_at"))} AS bucket FROM cohort)
  GROUP BY GROUPING SETS ((win), (win, bucket), (win, promotion_id, channel, affiliate_id))
)
SELECT g.*, p.name AS promotion_name, p.code AS promotion_code, a.name AS affiliate_name, p.max_redemptions,
  e.redeemed_ever
FROM grouped g
LEFT JOIN promotions p ON p.id = g.promotion_id
LEFT JOIN affiliates a ON a.id = g.affiliate_id
LEFT JOIN (
  SELECT promotion_id, count(*) AS redeemed_ever FROM vouchers WHERE redeemed_at IS NOT NULL GROUP BY ALL
) e ON e.promotion_id = g.promotion_id`;
  return { text, params: sql.params };
}

const issued = metric<VoucherRow>("issued", (row) => sum(row?.issued));
const claimed = metric<VoucherRow>("claimed", (row) => sum(row?.claimed));
const redeemed = metric<VoucherRow>("redeemed", (row) => sum(row?.redeemed));
const claimRate = metric<VoucherRow>("claim_rate", (row) => ratio(sum(row?.claimed), row?.issued));
const redemptionRate = metric<VoucherRow>("redemption_rate", (row) =>
  ratio(sum(row?.redeemed), row?.claimed),
);
const redeemedOfIssued = metric<VoucherRow>("redeemed_of_issued", (row) =>
  ratio(sum(row?.redeemed), row?.issued),
);
const discount = metric<VoucherRow>("discount", (row) => sum(row?.discount_cents));
const revenue = metric<VoucherRow>("redemption_revenue", (row) => sum(row?.revenue_net_cents));
const daysToRedeem = metric<VoucherRow>("days_to_redeem", (row) => row?.median_days_to_redeem ?? null);
const expired = metric<VoucherRow>("expired", (row) => sum(row?.expired));
const newPlates = metric<VoucherRow>("new_plates", (row) => ratio(sum(row?.new_plates), row?.with_plate));
const payback = metric<VoucherRow>("payback", (row) =>
  ratio(row?.matured_revenue_90d_cents, row?.matured_discount_cents),
);
const maturing = metric<VoucherRow>("redemptions_maturing", (row) => sum(row?.redeemed) - sum(row?.matured));
const multiCode = metric<VoucherRow>("multi_code_plates", (row) => sum(row?.multi_code_plates));
const capUse = metric<VoucherRow>("cap_use", (row) =>
  row?.max_redemptions ? ratio(row.redeemed_ever, row.max_redemptions) : null,
);

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = vouchersSql(filters);
  const rows = byGrain(await db.query<VoucherRow>(text, params), GRAINS);
  const totals = totalsOf(rows.total);
  return envelope("vouchers", filters, {
    kpis: kpis(
      filters,
      [issued, claimed, redeemed, redemptionRate, discount, revenue, newPlates, payback],
      totals,
    ),
    series: timeSeries(filters, rows.bucket, [issued, claimed, redeemed]),
    tables: [
      breakdownTable(
        filters,
        {
          key: "promotions",
          label: "Per actie en kanaal",
          dimensions: [
            {
              key: "promotion",
              label: "Actie",
              value: (row) => row.promotion_name,
              link: { report: "vouchers", filters: { promotion: "promotion_code" } },
            },
            {
              key: "channel",
              label: "Kanaal",
              value: (row) =>
                row.affiliate_name
                  ? `${channelLabels[row.channel]} · ${row.affiliate_name}`
                  : channelLabels[row.channel],
            },
          ],
          carried: [{ key: "promotion_code", value: (row) => row.promotion_code }],
          metrics: [
            issued,
            claimed,
            redeemed,
            claimRate,
            redemptionRate,
            redeemedOfIssued,
            discount,
            revenue,
            daysToRedeem,
            expired,
            capUse,
            newPlates,
            payback,
            maturing,
            multiCode,
          ],
        },
        rows.row,
        (row) => `${row.promotion_id}:${row.channel}:${row.affiliate_name ?? ""}`,
        totals,
      ),
    ],
  });
}

export const vouchers = defineReport({
  id: "vouchers",
  syncs: [syncJourney],
  sql: { vouchers: vouchersSql },
  run,
});
