import {
  AD_MOVERS_SHOWN,
  AD_MOVERS_TABLE,
  AD_TYPE_TABLE,
  campaignType,
} from "../../../shared/reports/ad-reports.ts";
import type { Column, ColumnLink, Table, TableRow } from "../../../shared/reports/envelope.ts";
import { breakdownTable } from "../breakdown-table.ts";
import { type Metric, metric, metricColumn, shareOf, type Totals } from "../envelope.ts";
import type { ReportFilters } from "../filters.ts";
import { sum } from "../metrics.ts";
import { addJourney } from "./ad-join.ts";
import { AD_METRICS, type AdRow } from "./ad-metrics.ts";

// A platform's overview (Facebook › Overzicht, Google Ads › Overzicht) sees its campaigns as a whole: their
// rows — the campaign level's own query, with what Wasbord saw merged in (ad-report.ts) — summed per campaign
// type, and the campaigns whose spend moved most against the comparison period. The campaigns one by one
// are the Campagnes level's.

/** A campaign's row of one window, with the journey's figures merged in. */
export type CampaignRow = AdRow & { campaign: string | null };

/** The campaigns of one type in one window: their summed figures and how many they are. */
interface TypeRow extends AdRow {
  campaign_type: string;
  campaigns: number;
}

/** The platform's own figures that add up over campaigns; the journey's add up too (addJourney). */
const SUMMED = ["impressions", "clicks", "spend_cents", "conversions", "conversion_value_cents"] as const;

/** The figures the overview's tables show of a group of campaigns: cost, response, and what it brought. */
const FIGURES = [
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "platform_conversions",
  "roas",
  "sessions",
  "our_conversions",
  "our_roas",
  "acquired",
  "cost_per_acquired",
] as const;

// campaigns: the campaign rows (one per name with figures in the window) of the type
const campaigns = metric<TypeRow>("campaigns", (row) => sum(row?.campaigns));

/** Per window and type, the sums of its campaigns' rows. */
function typeRows(rows: CampaignRow[]): TypeRow[] {
  const groups = new Map<string, TypeRow>();
  for (const row of rows) {
    const type = campaignType(row.campaign);
    const key = JSON.stringify([row.win, type]);
    const group = groups.get(key) ?? {
      win: row.win,
      campaign_type: type,
      campaigns: 0,
      impressions: 0,
      clicks: 0,
      spend_cents: 0,
      conversions: 0,
      conversion_value_cents: 0,
      // reach does not add up over campaigns, and a campaign's quality score is not the overview's
      reach: null,
      qs_weighted: null,
      qs_impressions: null,
    };
    group.campaigns += 1;
    for (const figure of SUMMED) group[figure] += sum(row[figure]);
    addJourney(group, row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The campaigns per type (campaignType): what each kind of campaign costs and brings, with its share. */
export function campaignTypeTable(filters: ReportFilters, rows: CampaignRow[], totals: Totals<AdRow>): Table {
  const counted = (win: keyof Totals<AdRow>): TypeRow | undefined => {
    const total = totals[win];
    return total && { ...total, campaign_type: "", campaigns: rows.filter((row) => row.win === win).length };
  };
  const typeTotals: Totals<TypeRow> = { current: counted("current"), comparison: counted("comparison") };
  return breakdownTable(
    filters,
    {
      key: AD_TYPE_TABLE,
      label: "Per campagnetype",
      dimensions: [{ key: "campaign_type", label: "Campagnetype", value: (row) => row.campaign_type }],
      metrics: [
        campaigns,
        AD_METRICS.spend,
        shareOf("spend_cents", typeTotals, "spend_share"),
        ...FIGURES.map((key) => AD_METRICS[key]),
      ],
      previous: ["spend"],
      changes: ["spend"],
      rankBy: "spend",
    },
    typeRows(rows),
    (row) => row.campaign_type,
    typeTotals,
  );
}

/** Spend now − spend in the comparison period, from a row of the movers' table. */
const shiftOf = (row: TableRow) => sum(row.spend as number | null) - sum(row.spend_previous as number | null);

/**
 * The campaigns whose spend rose or fell most against the comparison period (largest move first, either
 * way; a campaign that stopped counts with 0 now), with how their platform conversions and ours changed.
 * Without a comparison period there is nothing to move against: no rows, and the label says so.
 */
export function moversTable(
  filters: ReportFilters,
  rows: CampaignRow[],
  totals: Totals<CampaignRow>,
  link: ColumnLink | undefined,
): Table {
  const table = breakdownTable(
    filters,
    {
      key: AD_MOVERS_TABLE,
      label: "Grootste verschuivingen in advertentiekosten",
      dimensions: [
        { key: "campaign", label: "Campagne", value: (row) => row.campaign, ...(link && { link }) },
        { key: "campaign_type", label: "Campagnetype", value: (row) => campaignType(row.campaign) },
      ],
      metrics: ["spend", "platform_conversions", "our_conversions"].map(
        (key) => AD_METRICS[key as keyof typeof AD_METRICS] as Metric<CampaignRow>,
      ),
      previous: ["spend"],
      changes: ["spend", "platform_conversions", "our_conversions"],
    },
    rows,
    (row) => row.campaign ?? "",
    totals,
  );
  if (!filters.comparison || filters.compare === "none") {
    return {
      ...table,
      label: "Grootste verschuivingen in advertentiekosten: kies een vergelijking om ze te zien",
      rows: [],
      totals: null,
    };
  }
  const at = table.columns.findIndex((column) => column.key === "spend_previous") + 1;
  const columns: Column[] = [
    ...table.columns.slice(0, at),
    metricColumn("spend_shift"),
    ...table.columns.slice(at),
  ];
  const moved = table.rows
    .map((row): TableRow & { spend_shift: number } => ({ ...row, spend_shift: shiftOf(row) }))
    .filter((row) => row.spend_shift !== 0)
    .sort(
      (a, b) =>
        Math.abs(b.spend_shift) - Math.abs(a.spend_shift) ||
        String(a.campaign).localeCompare(String(b.campaign), "nl"),
    );
  return {
    ...table,
    columns,
    rows: moved.slice(0, AD_MOVERS_SHOWN),
    // the platform's whole move, over every campaign (not only those shown)
    totals: table.totals && {
      ...table.totals,
      campaign: "Alle campagnes",
      spend_shift: shiftOf(table.totals),
    },
  };
}
