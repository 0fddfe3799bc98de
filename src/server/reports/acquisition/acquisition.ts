import type { Queryable } from "../../db/database.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { defineReport } from "../define-report.ts";
import { envelope, kpis, type Metric, timeSeries, totalsOf } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { CHANNELS, maturedUpTo } from "../journey/definitions.ts";
import { syncJourney } from "../journey/journey-sync.ts";
import { ratio, sum } from "../metrics.ts";
import { byGrain } from "../sql.ts";
import {
  ACQUISITION_GRAINS,
  type AcquisitionJoinRow,
  type AcquisitionRow,
  acquisitionJoinSql,
  acquisitionSql,
} from "./acquisition-sql.ts";
import { channelJoinTable } from "./ad-join.ts";
import { journeyFlow, journeyFlowSql } from "./journey-flow.ts";

// Acquisitie › Overzicht: per channel what was spent, how many washing customers it brought, what each cost
// and what they were worth after 90 days (REPORT-DEFINITIONS §2–§3).

type Row = AcquisitionRow;

const count = (key: keyof Row, label: string, hint: string, good?: Metric<Row>["good"]): Metric<Row> => ({
  key,
  label,
  unit: "count",
  hint,
  ...(good && { good }),
  value: (row) => sum(row?.[key] as number | undefined),
});

export const sessions = count(
  "sessions",
  "Sessies",
  "Websitebezoeken per kanaal; een directe sessie telt voor het kanaal waarmee dezelfde bezoeker eerder die dag binnenkwam.",
);
const bounceRate: Metric<Row> = {
  key: "bounce_rate",
  label: "Bouncepercentage",
  unit: "percent",
  good: "down",
  hint: "Sessies met één pagina en geen actie ÷ sessies.",
  value: (row) => ratio(row?.bounces, row?.sessions),
};
export const conversions = count(
  "conversions",
  "Conversies (Wasbord)",
  "Aankopen op de website zoals Wasbord ze meet, bij het kanaal van de sessie; niet de conversies van de advertentieplatforms.",
);
const conversionRate: Metric<Row> = {
  key: "conversion_rate",
  label: "Conversieratio",
  unit: "percent",
  hint: "Sessies met een aankoop ÷ sessies.",
  value: (row) => ratio(row?.converting_sessions, row?.sessions),
};
export const revenue: Metric<Row> = {
  key: "revenue",
  label: "Omzet excl. btw",
  unit: "eur_cents",
  hint: "Online aankopen plus wat de ingewisselde vouchers van het kanaal aan de kassa opbrachten, excl. btw.",
  value: (row) => sum(row?.revenue_excl_vat_cents),
};
const claims = count(
  "claims",
  "Vouchers geclaimd",
  "Vouchercodes opgehaald op de website in een sessie van het kanaal.",
);
export const redemptions = count(
  "redemptions",
  "Inwisselingen",
  "Kassaverkopen met een code die in een sessie van het kanaal is geclaimd (tot 30 dagen ervoor).",
);
export const acquired = count(
  "acquired",
  "Nieuwe klanten",
  "Kentekens waarvan de eerste wasbeurt ooit een voucher van het kanaal inwisselde, of een online aankoop uit het kanaal was.",
);
export const spend: Metric<Row> = {
  key: "spend",
  label: "Uitgaven",
  unit: "eur_cents",
  good: "down",
  hint: "Advertentiekosten excl. btw volgens de platforms; bij affiliates de commissie. Geldt voor alle vestigingen.",
  value: (row) => sum(row?.spend_cents),
};
const cpa: Metric<Row> = {
  key: "cpa",
  label: "CPA",
  unit: "eur_cents",
  good: "down",
  hint: "Uitgaven ÷ conversies (Wasbord).",
  value: (row) => ratio(row?.spend_cents, row?.conversions),
};
const roas: Metric<Row> = {
  key: "roas",
  label: "ROAS",
  unit: "ratio",
  hint: "Omzet excl. btw ÷ uitgaven (excl. btw).",
  // Paid channels' revenue only: organic and direct revenue were not bought with the spend.
  value: (row) => ratio(row?.paid_revenue_excl_vat_cents, row?.spend_cents),
};
export const costPerAcquired: Metric<Row> = {
  key: "cost_per_acquired",
  label: "Kosten per nieuwe klant",
  unit: "eur_cents",
  good: "down",
  hint: "Uitgaven ÷ nieuwe klanten.",
  value: (row) => ratio(row?.spend_cents, row?.acquired),
};
const maturing: Metric<Row> = {
  key: "maturing",
  label: "Nog in rijping",
  unit: "count",
  good: "neutral",
  hint: "Nieuwe klanten van wie de eerste 90 dagen nog niet voorbij zijn: zij tellen niet mee in de 90-dagenwaarde.",
  value: (row) => sum(row?.acquired) - sum(row?.matured),
};
export const value90d: Metric<Row> = {
  key: "value_90d",
  label: "90-dagenwaarde per klant",
  unit: "eur_cents",
  hint: "Omzet excl. btw van een nieuwe klant vanaf het eerste bezoek tot 90 dagen later; alleen klanten met 90 volle dagen.",
  value: (row) => ratio(row?.value_90d_cents, row?.matured),
};
const roas90d: Metric<Row> = {
  key: "roas_90d",
  label: "90-dagen-ROAS",
  unit: "ratio",
  hint: "90-dagenwaarde van de volgroeide nieuwe klanten ÷ de uitgaven op de dagen waarop zij binnenkwamen.",
  value: (row) => ratio(row?.value_90d_cents, row?.matured_spend_cents),
};
export const cannibalisation: Metric<Row> = {
  key: "cannibalisation",
  label: "Kannibalisatie",
  unit: "percent",
  good: "down",
  hint: "Inwisselingen door een kenteken dat al eerder kwam ÷ inwisselingen met een kenteken: korting voor bestaande klanten.",
  value: (row) => ratio(row?.redemptions_seen_before, row?.redemptions_with_plate),
};
const linkedSpend: Metric<Row> = {
  key: "linked_spend",
  label: "Gekoppelde uitgaven",
  unit: "percent",
  hint: "Deel van de uitgaven van campagnes waarvan de naam in utm_campaign van een sessie in de periode staat.",
  value: (row) => ratio(row?.linked_spend_cents, row?.spend_cents),
};

const TABLE_METRICS = [
  sessions,
  bounceRate,
  conversions,
  conversionRate,
  revenue,
  claims,
  redemptions,
  acquired,
  spend,
  cpa,
  roas,
  costPerAcquired,
  value90d,
  maturing,
  roas90d,
  cannibalisation,
];

async function run(db: Queryable, filters: ReportFilters) {
  const { text, params } = acquisitionSql(filters);
  const join = acquisitionJoinSql(filters);
  const [result, joinRows, flow] = await Promise.all([
    db.query<Row>(text, params),
    db.query<AcquisitionJoinRow>(join.text, join.params),
    journeyFlow(db, filters),
  ]);
  const rows = byGrain(result, ACQUISITION_GRAINS);
  const totals = totalsOf(rows.total);
  const perChannel = CHANNELS.filter((channel) =>
    rows.bucket_channel.some((row) => row.channel === channel && row.sessions > 0),
  ).flatMap((channel) =>
    timeSeries(
      filters,
      rows.bucket_channel.filter((row) => row.channel === channel),
      [{ ...sessions, key: `sessions:${channel}`, label: channel }],
    ),
  );

  return envelope("acquisition", filters, {
    kpis: kpis(
      filters,
      [spend, acquired, costPerAcquired, value90d, maturing, roas90d, roas, cannibalisation, linkedSpend],
      totals,
    ),
    series: [...perChannel, ...timeSeries(filters, rows.bucket, [spend, revenue])],
    tables: [
      breakdownTable(
        filters,
        {
          key: "by_channel",
          label: "Per kanaal",
          dimensions: [{ key: "channel", label: "Kanaal", value: (row) => row.channel }],
          metrics: TABLE_METRICS,
          previous: ["acquired"],
          changes: ["acquired"],
          include: CHANNELS.map((channel) => ({ channel })),
        },
        rows.channel,
        (row) => row.channel,
        totals,
      ),
      channelJoinTable(joinRows, CHANNELS),
    ],
    extra: {
      journey: flow,
      maturedUpTo: maturedUpTo(filters.now),
      notice:
        "Het vestigingsfilter geldt niet voor website- en advertentiecijfers; die horen bij geen vestiging.",
    },
  });
}

export const acquisition = defineReport({
  id: "acquisition",
  syncs: [syncJourney],
  sql: {
    acquisition: acquisitionSql,
    "acquisition:join": acquisitionJoinSql,
    "journey-flow": journeyFlowSql,
  },
  run,
});
