import type { ReportFilters } from "../filters.ts";
import { ReportSql, type Windowed } from "../sql.ts";

// The query of Programmakeuze (item-flow.ts): raw counts per grain; the rates are computed above it.

export const GRAINS = ["total", "bucket", "programme", "pair", "pairs"] as const;
/** How far back the previous visit of a plate is looked for; a plate not seen in a year counts as new. */
const LOOKBACK = "INTERVAL 365 DAY";
/** The node of a wash on a subscription, in the mix, the transitions and the sankey. */
export const SUBSCRIPTION = "Abonnement";

export interface FlowRow extends Windowed {
  grain: (typeof GRAINS)[number];
  bucket: string;
  programme: string | null;
  previous: string | null;
  next: string | null;
  sort_order: number | null;
  washes: number;
  revenue_cents: number;
  with_extra: number;
  subscription_washes: number;
  free_washes: number;
  pairs: number;
  upgrades: number;
  same: number;
  downgrades: number;
  free_upgrades_followed: number;
  free_upgrades_kept: number;
}

// A visit here is a sale with a wash programme on it (the programme: its programme line; a subscription
// wash is a sale paid 'abonnement' and shows as "Abonnement"), read from programme_visits
// (programme-visits-sync.ts), where each visit carries the plate's previous sale at a site.
// washes / revenue_cents: such sales in the period, and the programme lines' amounts (incl. VAT, after
//   discount): the programme mix in quantity and revenue. A subscription wash has no revenue of its own
//   (the fee is paid per month, not per wash): the mix leaves its revenue empty and out of the revenue share.
// with_extra: those of them with at least one extra. Attach rate = with_extra ÷ washes.
// subscription_washes / free_washes: washes paid by subscription, and washes that cost nothing (a voucher
//   paid all).
// Pairs: consecutive visits of one plate whose second visit falls in the period (the first may lie before
//   it, up to LOOKBACK). upgrades / same / downgrades compare the programmes' order (items.sort_order) when
//   neither visit was a subscription wash.
// free_upgrades_followed / _kept: pairs whose first visit redeemed a free-upgrade promotion and whose second
//   is a paid programme; kept when that programme is at least the one the upgrade gave.
// The members' figures beside them are Abonnementen's own (item-flow.ts reads them from that report).
export function itemFlowSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  // The look-back runs from the earliest window's start, for both windows.
  const earliest =
    filters.comparison && filters.comparison.start < filters.current.start
      ? filters.comparison
      : filters.current;
  sql.params.lookback_from = earliest.start.toISOString();
  // Whole days from the daily sums (programme-visits-sync.ts), the unfinished last day from the visits, in the
  // same shape: a visit is one wash whose previous visit is always compared with the look-back.
  const visits = sql.daily(
    "programme_visits_daily",
    `(SELECT site_id, occurred_at, item_id, with_extra, subscription, free, previous_item_id, previous_subscription,
      previous_promotion_id, previous_at AS lookback_at, 1 AS washes, revenue_cents FROM programme_visits)`,
  );
  const washes = (condition: string) => `sum(CASE WHEN ${condition} THEN washes ELSE 0 END)::BIGINT`;
  // The day rows are summed by what the figures group and count by first, then named: a year of days comes
  // down to a few hundred rows before the programmes' names, orders and promotions are joined.
  const text = `WITH visits AS (
  SELECT *, ${sql.bucket(`coalesce(day::TIMESTAMP, ${sql.local("occurred_at")})`)} AS bucket FROM (${visits})
), mix AS (
  SELECT win, bucket, item_id, subscription, sum(washes) AS washes, sum(revenue_cents) AS revenue_cents,
    ${washes("with_extra")} AS extra_washes, ${washes("free")} AS free_washes
  FROM visits GROUP BY ALL
), steps AS (
  -- the previous sale's programme; a previous sale without one (extras only) is no pair
  SELECT win, item_id, subscription, free, previous_item_id, previous_subscription, previous_promotion_id,
    sum(washes) AS washes
  FROM visits
  WHERE previous_item_id IS NOT NULL
    AND (lookback_at IS NULL OR lookback_at >= $lookback_from::TIMESTAMPTZ - ${LOOKBACK})
  GROUP BY ALL
), nodes AS (
  SELECT m.*, i.sort_order, CASE WHEN m.subscription THEN '${SUBSCRIPTION}' ELSE i.name END AS node
  FROM mix m JOIN items i ON i.id = m.item_id
), pairs AS (
  SELECT v.win, v.washes, CASE WHEN v.subscription THEN '${SUBSCRIPTION}' ELSE n.name END AS next,
    n.sort_order AS next_order, v.subscription AS next_subscription, NOT v.subscription AND NOT v.free AS next_paid,
    CASE WHEN v.previous_subscription THEN '${SUBSCRIPTION}' ELSE i.name END AS previous,
    i.sort_order AS previous_order, v.previous_subscription,
    coalesce(pr.kind = 'gratis-upgrade', false) AS previous_free_upgrade
  FROM steps v JOIN items n ON n.id = v.item_id JOIN items i ON i.id = v.previous_item_id
  LEFT JOIN promotions pr ON pr.id = v.previous_promotion_id
)
SELECT win,
  CASE WHEN GROUPING(node) = 0 THEN 'programme' WHEN GROUPING(bucket) = 0 THEN 'bucket' ELSE 'total' END AS grain,
  bucket, node AS programme, any_value(sort_order) AS sort_order,
  sum(washes)::BIGINT AS washes, sum(revenue_cents)::BIGINT AS revenue_cents, sum(extra_washes)::BIGINT AS with_extra,
  sum(CASE WHEN subscription THEN washes ELSE 0 END)::BIGINT AS subscription_washes,
  sum(free_washes)::BIGINT AS free_washes
FROM nodes
GROUP BY GROUPING SETS ((win), (win, bucket), (win, node))
UNION ALL BY NAME
SELECT win, CASE WHEN GROUPING(previous) = 0 THEN 'pair' ELSE 'pairs' END AS grain, previous, next,
  sum(washes)::BIGINT AS pairs,
  ${washes("NOT previous_subscription AND NOT next_subscription AND next_order > previous_order")} AS upgrades,
  ${washes("NOT previous_subscription AND NOT next_subscription AND next_order = previous_order")} AS same,
  ${washes("NOT previous_subscription AND NOT next_subscription AND next_order < previous_order")} AS downgrades,
  ${washes("previous_free_upgrade AND next_paid")} AS free_upgrades_followed,
  ${washes("previous_free_upgrade AND next_paid AND next_order >= previous_order")} AS free_upgrades_kept
FROM pairs GROUP BY GROUPING SETS ((win), (win, previous, next))`;
  return { text, params: sql.params };
}
