import { type Channel, channelLabels } from "../../../shared/admin/promotions.ts";
import type { Queryable } from "../../db/database.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { syncJourney } from "../journey/journey-sync.ts";
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

const issued: Metric<VoucherRow> = {
  key: "issued",
  label: "Uitgegeven",
  unit: "count",
  hint: "Codes uitgegeven in de periode (bij een claim op de website, of gedrukt op flyers); wat ermee gebeurde telt tot nu.",
  value: (row) => sum(row?.issued),
};
const claimed: Metric<VoucherRow> = {
  key: "claimed",
  label: "Geclaimd",
  unit: "count",
  value: (row) => sum(row?.claimed),
};
const redeemed: Metric<VoucherRow> = {
  key: "redeemed",
  label: "Ingewisseld",
  unit: "count",
  value: (row) => sum(row?.redeemed),
};
const claimRate: Metric<VoucherRow> = {
  key: "claim_rate",
  label: "Claimgraad",
  unit: "percent",
  hint: "Geclaimd ÷ uitgegeven.",
  value: (row) => ratio(sum(row?.claimed), row?.issued),
};
const redemptionRate: Metric<VoucherRow> = {
  key: "redemption_rate",
  label: "Inwisselgraad",
  unit: "percent",
  hint: "Ingewisseld ÷ geclaimd. Flyercodes worden ook zonder claim ingewisseld: zie ook ingewisseld ÷ uitgegeven.",
  value: (row) => ratio(sum(row?.redeemed), row?.claimed),
};
const redeemedOfIssued: Metric<VoucherRow> = {
  key: "redeemed_of_issued",
  label: "Ingewisseld van uitgegeven",
  unit: "percent",
  hint: "Ingewisseld ÷ uitgegeven.",
  value: (row) => ratio(sum(row?.redeemed), row?.issued),
};
const discount: Metric<VoucherRow> = {
  key: "discount",
  label: "Kortingskosten",
  unit: "eur_cents",
  good: "down",
  hint: "Korting op de inwisselende verkopen, incl. btw.",
  value: (row) => sum(row?.discount_cents),
};
const revenue: Metric<VoucherRow> = {
  key: "revenue",
  label: "Omzet inwisselingen",
  unit: "eur_cents",
  hint: "Wat de inwisselende verkopen opbrachten, excl. btw.",
  value: (row) => sum(row?.revenue_net_cents),
};
const daysToRedeem: Metric<VoucherRow> = {
  key: "days_to_redeem",
  label: "Dagen claim → inwisseling",
  unit: "ratio",
  hint: "Mediaan van de dagen tussen claim en inwisseling.",
  value: (row) => row?.median_days_to_redeem ?? null,
};
const expired: Metric<VoucherRow> = {
  key: "expired",
  label: "Verlopen",
  unit: "count",
  hint: "Niet ingewisseld en niet meer geldig: de actie is voorbij, of de claim is meer dan 30 dagen oud.",
  value: (row) => sum(row?.expired),
};
const newPlates: Metric<VoucherRow> = {
  key: "new_plates",
  label: "Nieuwe kentekens",
  unit: "percent",
  hint: "Inwisselingen door een kenteken dat nooit eerder werd gezien ÷ inwisselingen met een bekend kenteken.",
  value: (row) => ratio(sum(row?.new_plates), row?.with_plate),
};
const payback: Metric<VoucherRow> = {
  key: "payback",
  label: "Terugverdiend (90 dagen)",
  unit: "ratio",
  hint: "Omzet excl. btw van het inwisselende kenteken vanaf de inwisseling tot 90 dagen later (de 90-dagenwaarde, zoals bij Acquisitie) ÷ kortingskosten; alleen inwisselingen waarvan de 90 dagen voorbij zijn. Onder 1: de korting kostte meer dan de klanten in 90 dagen opbrachten.",
  value: (row) => ratio(row?.matured_revenue_90d_cents, row?.matured_discount_cents),
};
const maturing: Metric<VoucherRow> = {
  key: "maturing",
  label: "Nog geen 90 dagen",
  unit: "count",
  hint: "Inwisselingen waarvan de 90 dagen nog lopen; die tellen nog niet mee in het terugverdienen.",
  value: (row) => sum(row?.redeemed) - sum(row?.matured),
};
const multiCode: Metric<VoucherRow> = {
  key: "multi_code_plates",
  label: "Kentekens met meer codes",
  unit: "count",
  hint: "Inwisselende kentekens die in totaal meer dan één code inwisselden.",
  value: (row) => sum(row?.multi_code_plates),
};
const capUse: Metric<VoucherRow> = {
  key: "cap_use",
  label: "Limiet gebruikt",
  unit: "percent",
  hint: "Inwisselingen van de actie tot nu ÷ het maximum aantal inwisselingen; leeg zonder maximum.",
  value: (row) => (row?.max_redemptions ? ratio(row.redeemed_ever, row.max_redemptions) : null),
};

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
