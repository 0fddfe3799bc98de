import type { Series } from "../../../shared/reports/envelope.ts";
import type { Queryable } from "../../db/database.ts";
import { itemSalesHourlySql, syncSalesHourly } from "../../warehouse/derived/transactions/sales-rollup.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, metric, shareOf, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { expectedWashes, withExpected } from "../forecast/expected-series.ts";
import { grouping } from "../grains.ts";
import { ratio, sum } from "../metrics.ts";
import { reportSites } from "../sites.ts";
import { byGrain, ReportSql, type Windowed } from "../sql.ts";

// Programmakeuze (verkoop): per item how many were sold and for how much, each item's share within its
// kind (the programme mix), its average price and the change against the comparison period.

const GRAINS = grouping({
  bucket: ["bucket"],
  kind: ["kind"],
  item: ["item_id"],
  bucket_item: ["bucket", "item_id"],
});
const KINDS = ["programma", "extra", "abonnement"] as const;
type Kind = (typeof KINDS)[number];

interface ItemRow extends Windowed {
  grain: (typeof GRAINS.grains)[number];
  bucket: string;
  item_id: number;
  item_code: string;
  item_name: string;
  item_kind: Kind;
  quantity: number;
  subscription_quantity: number;
  revenue_cents: number;
  programma_quantity: number;
  programma_subscription_quantity: number;
  programma_revenue_cents: number;
  extra_quantity: number;
  abonnement_quantity: number;
}

// quantity: items sold (sum of line quantities); a wash programme sold is one car washed.
// subscription_quantity: of them, on sales paid 'abonnement' (member washes: no price of their own, so the
//   average price is revenue ÷ (quantity − subscription_quantity), the paid lines only).
// revenue_cents: the lines' amounts, incl. VAT, after each line's share of the discount.
// <kind>_quantity / <kind>_revenue_cents: the same, for the items of one kind only.
// Summed from the daily and hourly sums per item (sales-rollup.ts).
export function trxItemsSql(filters: ReportFilters) {
  const sql = new ReportSql(filters);
  const text = `WITH sums AS (
  ${sql.dailyRollup("item_sales_daily", "item_sales_hourly", itemSalesHourlySql)}
), typed AS (
  -- summed per bucket first: the grouping sets work on a row per item per bucket, not on every daily sum
  SELECT h.win, ${sql.bucket("h.local_start")} AS bucket, h.item_id, i.kind, sum(h.quantity) AS quantity,
    sum(h.subscription_quantity) AS subscription_quantity, sum(h.revenue_cents) AS revenue_cents
  FROM sums h JOIN items i ON i.id = h.item_id
  GROUP BY ALL
)
${GRAINS.query({
  measures: [
    "sum(quantity) AS quantity",
    "sum(subscription_quantity) AS subscription_quantity",
    "sum(revenue_cents) AS revenue_cents",
    "sum(quantity) FILTER (WHERE kind = 'programma') AS programma_quantity",
    "sum(subscription_quantity) FILTER (WHERE kind = 'programma') AS programma_subscription_quantity",
    "sum(revenue_cents) FILTER (WHERE kind = 'programma') AS programma_revenue_cents",
    "sum(quantity) FILTER (WHERE kind = 'extra') AS extra_quantity",
    "sum(quantity) FILTER (WHERE kind = 'abonnement') AS abonnement_quantity",
  ],
  from: "typed",
  select:
    "g.* EXCLUDE (kind), coalesce(g.kind, i.kind) AS item_kind, i.code AS item_code, i.name AS item_name",
  order: "i.sort_order, i.name",
})}`;
  return { text, params: sql.params };
}

const programmes = metric<ItemRow>("programmes", (row) => sum(row?.programma_quantity));
const programmePrice = metric<ItemRow>("programme_price", (row) =>
  ratio(
    row?.programma_revenue_cents,
    sum(row?.programma_quantity) - sum(row?.programma_subscription_quantity),
  ),
);
const subscriptionWashes = metric<ItemRow>("subscription_washes", (row) =>
  sum(row?.programma_subscription_quantity),
);
const extrasPerWash = metric<ItemRow>("extras_per_wash", (row) =>
  ratio(sum(row?.extra_quantity), row?.programma_quantity),
);
const subscriptions = metric<ItemRow>("subscriptions", (row) => sum(row?.abonnement_quantity));

const quantity = metric<ItemRow>("quantity", (row) => sum(row?.quantity));
const revenue = metric<ItemRow>("revenue", (row) => sum(row?.revenue_cents));
// over the paid lines: a subscription wash has no price of its own
const averagePrice = metric<ItemRow>("average_price", (row) =>
  ratio(row?.revenue_cents, sum(row?.quantity) - sum(row?.subscription_quantity)),
);
const itemSubscriptionWashes = metric<ItemRow>("subscription_washes", (row) =>
  sum(row?.subscription_quantity),
);

const TABLES: Record<Kind, { key: string; label: string }> = {
  programma: { key: "programmes", label: "Wasprogramma's" },
  extra: { key: "extras", label: "Extra's" },
  abonnement: { key: "subscriptions", label: "Abonnementen" },
};

/** One table per kind of item; shares are within the kind (the programme mix adds up to 100 %). */
function kindTable(filters: ReportFilters, kind: Kind, rows: Record<"item" | "kind", ItemRow[]>) {
  const ofKind = rows.item.filter((row) => row.item_kind === kind);
  const totals = totalsOf(rows.kind.filter((row) => row.item_kind === kind));
  return breakdownTable(
    filters,
    {
      ...TABLES[kind],
      dimensions: [{ key: "item", label: "Item", value: (row) => row.item_name }],
      metrics: [
        quantity,
        ...(kind === "programma" ? [itemSubscriptionWashes] : []),
        shareOf<ItemRow>("quantity", totals, "quantity_share"),
        revenue,
        shareOf<ItemRow>("revenue_cents", totals, "revenue_share"),
        averagePrice,
      ],
      changes: ["quantity", "revenue"],
    },
    ofKind,
    (row) => String(row.item_id),
    totals,
  );
}

/** Programmes sold per bucket, one series per programme: the mix over time. */
function mixSeries(filters: ReportFilters, rows: ItemRow[]): Series[] {
  const programmeItems = new Map(
    rows
      .filter((row) => row.item_kind === "programma" && row.win === "current")
      .map((row) => [row.item_id, row]),
  );
  return [...programmeItems.values()].flatMap((item) =>
    timeSeries(
      { ...filters, comparison: null },
      rows.filter((row) => row.item_id === item.item_id),
      [
        {
          key: `programme:${item.item_code}`,
          label: item.item_name,
          unit: "count",
          value: (row) => sum(row?.quantity),
        },
      ],
    ),
  );
}

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = trxItemsSql(filters);
  const [result, expected] = await Promise.all([
    db.query<ItemRow>(text, params),
    expectedWashes(db, filters, reportSites(db, filters)),
  ]);
  const rows = byGrain(result, GRAINS.grains);
  const totals = totalsOf(rows.total);
  return envelope("trx-items", filters, {
    kpis: kpis(
      filters,
      [programmes, subscriptionWashes, programmePrice, extrasPerWash, subscriptions],
      totals,
    ),
    series: [
      ...timeSeries(filters, rows.bucket, [programmes]).map((series) => withExpected(series, expected)),
      ...mixSeries(filters, rows.bucket_item),
    ],
    tables: KINDS.map((kind) => kindTable(filters, kind, rows)),
  });
}

export const trxItems = defineReport({
  id: "trx-items",
  syncs: [syncSalesHourly],
  sql: { "trx-items": trxItemsSql },
  run,
});
