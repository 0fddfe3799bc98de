import { BRAND_TERM } from "../../../shared/reports/ad-reports.ts";
import type { Column, Table, TableRow } from "../../../shared/reports/envelope.ts";
import { type Metric, metricColumn, type Totals } from "../envelope.ts";
import { ratio } from "../metrics.ts";
import type { WindowName } from "../sql.ts";
import type { AcquisitionJoinRow } from "./acquisition-sql.ts";
import type { AdJourneyFigures, AdJourneyRow, AdNameColumn } from "./ad-journey-sql.ts";
import type { AdRow } from "./ad-metrics.ts";

// The ad rows of a level and the journey's rows of the same level meet here, by their names compared the
// way REPORT-DEFINITIONS §1 says (case-insensitive, trimmed). What meets nothing stays visible: the join
// health table lists the spend no session matched ("niet gekoppeld") and the sessions no ad row matched.

const FIGURES: (keyof AdJourneyFigures)[] = [
  "sessions",
  "bounces",
  "our_conversions",
  "converting_sessions",
  "revenue_excl_vat_cents",
  "claims",
  "redemptions",
  "redemptions_with_plate",
  "redemptions_seen_before",
  "redemptions_seen_last_year",
  "acquired",
  "matured",
  "value_90d_cents",
  "sessions_by_name",
  "sessions_by_keyword",
];

/** An ad row of a level: the platform's sums and its name columns. */
type Named = AdRow & Partial<Record<AdNameColumn, string | null>>;

const nameOf = (row: object, column: string) => (row as Record<string, unknown>)[column];

const joinName = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null;
const keyOf = (row: { win: WindowName }, columns: readonly string[]) =>
  JSON.stringify([row.win, ...columns.map((column) => joinName(nameOf(row, column)))]);

/** Adds the journey's figures of `source` to `target` (a missing figure counts as 0). */
export const addJourney = (target: Partial<AdJourneyFigures>, source: Partial<AdJourneyFigures>) => {
  for (const figure of FIGURES) target[figure] = (target[figure] ?? 0) + (source[figure] ?? 0);
};

/**
 * Puts the journey's figures on the ad rows with the same names, and on each window's totals (all of the
 * platform's sessions, matched or not). Returns the journey rows no ad row matched.
 */
export function mergeJourney<R extends Named>(
  rows: R[],
  totals: Totals<R>,
  journey: AdJourneyRow[],
  columns: readonly AdNameColumn[],
): AdJourneyRow[] {
  const byKey = new Map(rows.map((row) => [keyOf(row, columns), row]));
  const unmatched: AdJourneyRow[] = [];
  for (const row of rows) addJourney(row, {});
  for (const total of Object.values(totals)) if (total) addJourney(total, {});
  for (const found of journey) {
    const total = totals[found.win];
    if (total) addJourney(total, found);
    const target = byKey.get(keyOf(found, columns));
    if (target) addJourney(target, found);
    else unmatched.push(found);
  }
  return unmatched;
}

const HEALTH_COLUMNS: Column[] = [
  { key: "kind", label: "Koppeling", type: "text" },
  metricColumn("names"),
  { key: "examples", label: "Bijvoorbeeld", type: "text" },
  ...["spend", "spend_share", "clicks", "sessions", "our_conversions", "redemptions", "acquired"].map(
    metricColumn,
  ),
];

const examples = (names: string[]) => [...new Set(names)].slice(0, 3).join(", ") || null;

/** The join health of a level in the period: linked rows, spend without sessions, sessions without ad rows. */
export function joinHealthTable<R extends Named>(
  rows: R[],
  unmatched: AdJourneyRow[],
  columns: readonly AdNameColumn[],
): Table {
  const current = rows.filter((row) => row.win === "current");
  const name = (row: object) =>
    columns
      .map((column) => nameOf(row, column))
      .filter((value) => value !== null && value !== undefined)
      .join(" › ") || "(zonder utm-namen)";
  const spend = current.reduce((sum, row) => sum + row.spend_cents, 0);
  const group = (kind: string, of: R[]): TableRow => ({
    kind,
    names: of.length,
    examples: kind.startsWith("Niet") ? examples(of.map(name)) : null,
    spend: of.reduce((sum, row) => sum + row.spend_cents, 0),
    spend_share: ratio(
      of.reduce((sum, row) => sum + row.spend_cents, 0),
      spend,
    ),
    clicks: of.reduce((sum, row) => sum + row.clicks, 0),
    sessions: of.reduce((sum, row) => sum + (row.sessions ?? 0), 0),
    our_conversions: of.reduce((sum, row) => sum + (row.our_conversions ?? 0), 0),
    redemptions: of.reduce((sum, row) => sum + (row.redemptions ?? 0), 0),
    acquired: of.reduce((sum, row) => sum + (row.acquired ?? 0), 0),
  });
  const linked = current.filter((row) => (row.sessions ?? 0) > 0);
  // Google Ads ad groups: which way their sessions were matched, so a tagging fault shows.
  const via = (kind: string, figure: "sessions_by_name" | "sessions_by_keyword"): TableRow => ({
    ...Object.fromEntries(HEALTH_COLUMNS.map((column) => [column.key, null])),
    kind,
    names: linked.filter((row) => (row[figure] ?? 0) > 0).length,
    sessions: linked.reduce((sum, row) => sum + (row[figure] ?? 0), 0),
  });
  const ways = [
    via("waarvan via de naam van de advertentiegroep", "sessions_by_name"),
    via("waarvan via een zoekwoord", "sessions_by_keyword"),
  ];
  const orphans = unmatched.filter((row) => row.win === "current");
  const orphanSum = (figure: keyof AdJourneyFigures) => orphans.reduce((sum, row) => sum + row[figure], 0);
  return {
    key: "join_health",
    label: "Koppeling advertenties ↔ websitebezoek",
    columns: HEALTH_COLUMNS,
    rows: [
      group("Gekoppeld", linked),
      ...(ways.some((row) => Number(row.sessions) > 0) ? ways : []),
      group(
        "Niet gekoppeld: kosten zonder sessies",
        current.filter((row) => (row.sessions ?? 0) === 0),
      ),
      {
        kind: "Sessies zonder advertentie",
        names: orphans.length,
        examples: examples(orphans.map(name)),
        spend: null,
        spend_share: null,
        clicks: null,
        sessions: orphanSum("sessions"),
        our_conversions: orphanSum("our_conversions"),
        redemptions: orphanSum("redemptions"),
        acquired: orphanSum("acquired"),
      },
    ],
    totals: null,
  };
}

/** Whether a keyword is one of the chain's brand keywords: it contains the chain's name. */
export const isBrand = (keyword: string | null) => keyword?.toLowerCase().includes(BRAND_TERM) ?? false;

/**
 * Google Ads' keywords split into brand and non-brand (REPORT-DEFINITIONS §3), from the spend per kind
 * (brand-split-sql.ts) and the journey per keyword; a brand click is often a customer who would have come anyway: its cannibalisation
 * rate says how many of its redemptions went to plates seen before.
 */
export function brandTable(
  spend: (AdRow & { brand: boolean })[],
  journey: AdJourneyRow[],
  metrics: Metric<AdRow>[],
): Table {
  const current = (brand: boolean): Named => ({
    ...(spend.find((row) => row.win === "current" && row.brand === brand) as AdRow),
  });
  const groups = { brand: current(true), generic: current(false) };
  for (const row of journey.filter((r) => r.win === "current"))
    addJourney(isBrand(row.keyword) ? groups.brand : groups.generic, row);
  const rowOf = (label: string, row: Named): TableRow => ({
    kind: label,
    ...Object.fromEntries(metrics.map((metric) => [metric.key, metric.value({ ...row, win: "current" })])),
  });
  return {
    key: "by_brand",
    label: `Merk en niet-merk (merkzoekwoorden bevatten „${BRAND_TERM}”)`,
    columns: [
      { key: "kind", label: "Zoekwoorden", type: "text" },
      ...metrics.map(({ key, label, unit, good, hint }) => ({
        key,
        label,
        type: unit,
        ...(good && { good }),
        ...(hint && { hint }),
      })),
    ],
    rows: [rowOf("Merk", groups.brand), rowOf("Niet-merk", groups.generic)],
    totals: null,
  };
}

const CHANNEL_HEALTH_COLUMNS: Column[] = [
  { key: "channel", label: "Kanaal", type: "text" },
  ...HEALTH_COLUMNS.filter((column) => ["kind", "spend", "spend_share", "sessions"].includes(column.key)),
];

/**
 * Acquisitie's view of the join health: per paid channel a "Niet gekoppeld" row with the spend no session
 * names (and its share of the channel's spend) and the sessions that name no ad row, in channel order.
 */
export function channelJoinTable(rows: AcquisitionJoinRow[], channels: readonly string[]): Table {
  const current = rows.filter((row) => row.win === "current");
  const order = (row: AcquisitionJoinRow) => channels.indexOf(row.channel);
  const total = (figure: keyof AcquisitionJoinRow) =>
    current.reduce((sum, row) => sum + Number(row[figure] ?? 0), 0);
  return {
    key: "join_health",
    label: "Koppeling advertenties ↔ websitebezoek",
    columns: CHANNEL_HEALTH_COLUMNS,
    rows: current
      .sort((a, b) => order(a) - order(b))
      .map((row) => ({
        channel: row.channel,
        kind: "Niet gekoppeld",
        spend: row.unlinked_spend_cents ?? 0,
        spend_share: ratio(row.unlinked_spend_cents, row.spend_cents),
        sessions: row.unlinked_sessions ?? 0,
      })),
    totals: {
      channel: null,
      kind: "Niet gekoppeld",
      spend: total("unlinked_spend_cents"),
      spend_share: ratio(total("unlinked_spend_cents"), total("spend_cents")),
      sessions: total("unlinked_sessions"),
    },
  };
}
