import type { ReportFilters } from "../filters.ts";
import { joinName, maturedUpTo, paidChannelSql, platformChannelSql } from "../journey/definitions.ts";
import { ReportSql, type Windowed } from "../sql.ts";
import { adRowsOf } from "./ad-metrics.ts";

// Acquisitie › Overzicht: per channel what the website, the tills and the ad platforms say, in one pass over
// the journey tables (journey-sync.ts) and the ad statistics. Raw sums only; the ratios are in acquisition.ts.

export const ACQUISITION_GRAINS = ["total", "channel", "bucket", "bucket_channel"] as const;

export interface AcquisitionRow extends Windowed {
  grain: (typeof ACQUISITION_GRAINS)[number];
  bucket: string;
  channel: string;
  sessions: number;
  bounces: number;
  conversions: number;
  converting_sessions: number;
  revenue_excl_vat_cents: number;
  paid_revenue_excl_vat_cents: number;
  claims: number;
  redemptions: number;
  redemptions_with_plate: number;
  redemptions_seen_before: number;
  acquired: number;
  matured: number;
  value_90d_cents: number;
  spend_cents: number;
  matured_spend_cents: number;
  linked_spend_cents: number;
}

/** Every figure of the query is a sum, per grouping set. */
const SUMS = [
  "sessions",
  "bounces",
  "conversions",
  "converting_sessions",
  "revenue_excl_vat_cents",
  "paid_revenue_excl_vat_cents",
  "claims",
  "redemptions",
  "redemptions_with_plate",
  "redemptions_seen_before",
  "acquired",
  "matured",
  "value_90d_cents",
  "spend_cents",
  "matured_spend_cents",
  "linked_spend_cents",
]
  .map((column) => `sum(${column}) AS ${column}`)
  .join(", ");

// Everything is bucketed by its local date, stored in the journey tables (reports over ad statistics have
// no hours: the catalogue refuses Uur). Sessions come summed per day (journey_daily).
// sessions, bounces: web sessions by their attributed channel (a Direct session inherits the visitor's
//   earlier channel of the day), started in the period.
// conversions, converting_sessions: Wasbord 'conversion' events of those sessions, by the session's channel
//   and day.
// revenue_excl_vat: the conversions' revenue plus what the channel's voucher redemptions paid at the till,
//   both excl. VAT (the basis of every ROAS); paid_revenue_excl_vat: the same of the paid channels only (those
//   an ad platform charges for), what ROAS divides by spend — organic and direct revenue cost nothing.
// claims: 'voucher' events; redemptions: sales with a code claimed in a session of the channel (at most 30
//   days before), with a plate, and by a plate seen before (cannibalised).
// acquired: plates whose first sale ever came through the channel, first seen in the period; matured: those
//   first seen on or before $matured_to, whose 90 days are complete; value_90d: their revenue excl. VAT.
// spend: ad-level rows of the platforms (excl. VAT; affiliates: commission); matured_spend: on days up to
//   $matured_to; linked_spend: of campaigns that some session of the period names in utm_campaign.
export function acquisitionSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  sql.params.matured_to = maturedUpTo(filters.now);
  const text = `WITH daily AS (
  ${sql.factsByDate("journey_daily", "local_date")}
), redemptions AS (
  ${sql.facts("journey_redemptions", "redeemed_at", { site: null, where: "channel IS NOT NULL" })}
), acquired AS (
  ${sql.facts("journey_customers", "first_at", { site: null })}
), spend AS (
  SELECT *, ${platformChannelSql("platform")} AS channel
  FROM (${sql.factsByDate("ad_stats_daily", "stat_date")}) WHERE ${adRowsOf("campaign")}
), linked AS (
  SELECT DISTINCT win, channel, campaign FROM daily WHERE campaign IS NOT NULL
), facts AS (
  SELECT win, local_date, channel, sessions, bounces, conversions, converting_sessions, revenue_excl_vat_cents,
    claims
  FROM daily
  UNION ALL BY NAME
  SELECT win, redeemed_date AS local_date, channel, 1 AS redemptions,
    (plate IS NOT NULL)::INTEGER AS redemptions_with_plate,
    coalesce(seen_before, false)::INTEGER AS redemptions_seen_before, revenue_excl_vat_cents
  FROM redemptions
  UNION ALL BY NAME
  SELECT win, first_date AS local_date, channel, 1 AS acquired,
    (first_date <= $matured_to::DATE)::INTEGER AS matured,
    CASE WHEN first_date <= $matured_to::DATE THEN value_90d_cents END AS value_90d_cents
  FROM acquired
  UNION ALL BY NAME
  SELECT s.win, s.stat_date AS local_date, s.channel, s.spend_cents,
    CASE WHEN s.stat_date <= $matured_to::DATE THEN s.spend_cents END AS matured_spend_cents,
    CASE WHEN l.campaign IS NOT NULL THEN s.spend_cents END AS linked_spend_cents
  FROM spend s LEFT JOIN linked l
    ON l.win = s.win AND l.channel = s.channel AND l.campaign = ${joinName("s.campaign")}
)
SELECT win,
  CASE WHEN GROUPING(bucket) = 0 AND GROUPING(channel) = 0 THEN 'bucket_channel'
    WHEN GROUPING(bucket) = 0 THEN 'bucket' WHEN GROUPING(channel) = 0 THEN 'channel' ELSE 'total' END AS grain,
  bucket, channel, ${SUMS}
FROM (
  -- summed per bucket and channel first: each grouping set is a pass over its input, now a few hundred rows
  SELECT win, bucket, channel, ${SUMS}
  FROM (
    SELECT *, ${sql.bucket("local_date::TIMESTAMP")} AS bucket,
      CASE WHEN ${paidChannelSql("channel")} THEN revenue_excl_vat_cents END AS paid_revenue_excl_vat_cents
    FROM facts
  )
  GROUP BY ALL
)
GROUP BY GROUPING SETS ((win), (win, channel), (win, bucket), (win, bucket, channel))`;
  return { text, params: sql.params };
}

export interface AcquisitionJoinRow extends Windowed {
  channel: string;
  spend_cents: number | null;
  unlinked_spend_cents: number | null;
  sessions: number | null;
  unlinked_sessions: number | null;
}

// The health of the name join per paid channel (REPORT-DEFINITIONS §1), compared as the ad reports compare
// (joinName, lower case and trimmed). unlinked_spend: ad-level spend of campaigns no session of the window
// names in utm_campaign; unlinked_sessions: sessions of the channel whose campaign (none included) names no
// campaign with ad rows of its platform in the window.
export function acquisitionJoinSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH spend AS (
  SELECT win, ${platformChannelSql("platform")} AS channel, ${joinName("campaign")} AS campaign,
    sum(spend_cents) AS spend_cents
  FROM (${sql.factsByDate("ad_stats_daily", "stat_date")}) WHERE ${adRowsOf("campaign")}
  GROUP BY ALL
), visits AS (
  SELECT win, channel, campaign, sum(sessions) AS sessions
  FROM (${sql.factsByDate("journey_daily", "local_date")}) WHERE ${paidChannelSql("channel")}
  GROUP BY ALL
), spend_side AS (
  SELECT s.win, s.channel, sum(s.spend_cents) AS spend_cents,
    coalesce(sum(s.spend_cents) FILTER (WHERE v.campaign IS NULL), 0) AS unlinked_spend_cents
  FROM spend s LEFT JOIN (SELECT DISTINCT win, channel, campaign FROM visits) v
    ON v.win = s.win AND v.channel = s.channel AND v.campaign = s.campaign
  GROUP BY ALL
), session_side AS (
  SELECT v.win, v.channel, sum(v.sessions) AS sessions,
    coalesce(sum(v.sessions) FILTER (WHERE s.campaign IS NULL), 0) AS unlinked_sessions
  FROM visits v LEFT JOIN (SELECT DISTINCT win, channel, campaign FROM spend) s
    ON s.win = v.win AND s.channel = v.channel AND s.campaign = v.campaign
  GROUP BY ALL
)
SELECT * FROM spend_side FULL JOIN session_side USING (win, channel)`;
  return { text, params: sql.params };
}
