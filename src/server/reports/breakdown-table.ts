import type { Cell, Column, Table, TableRow } from "../../shared/reports/envelope.ts";
import type { Metric, Totals } from "./envelope.ts";
import type { ReportFilters } from "./filters.ts";
import { change } from "./metrics.ts";
import type { Windowed } from "./sql.ts";

// The tables of a report envelope: one row per dimension value, both windows side by side, with the
// comparison's columns, the totals row and, for a long table, the top rows and one for the rest.

export interface BreakdownTable<R> {
  key: string;
  label: string;
  /** The columns naming a row (site, payment method, item), read from the row of either window. */
  dimensions: (Omit<Column, "type"> & { type?: Column["type"]; value: (row: R) => Cell })[];
  metrics: Metric<R>[];
  /** Values a row carries for its links (`ColumnLink.filters`) without a column of their own (a code). */
  carried?: { key: string; value: (row: R) => Cell }[];
  /** Metric keys that get the comparison period's value beside them. */
  previous?: string[];
  /** Metric keys that get their relative change against the comparison period. */
  changes?: string[];
  /** Rows to show even without facts (every site): enough of a row for `dimensions` and `keyOf`. */
  include?: Partial<R>[];
  /** How the comparison columns name the comparison period (`gisteren`); default from the filters. */
  comparisonLabel?: string;
  /** The metric the rows are ranked by (default the first); null keeps the naming columns' own order. */
  rankBy?: string | null;
  /**
   * A long table (keywords, pages): the top `top` rows after the request's `search` (in any of its
   * naming columns), and one row summing the rest — unless the request asked for every row (`rows=all`, the CSV).
   */
  top?: number;
}

const COMPARISON_WORDS = { previous: "vorige periode", year: "vorig jaar" } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A table of one row per dimension value (rows of both windows, `keyOf` says which value a row is for),
 * sorted on the first metric, with the totals row. A value present only in the comparison period still
 * gets a row, so what stopped selling shows up; so does every row of `include`, facts or not.
 */
export function breakdownTable<R extends Windowed>(
  filters: ReportFilters,
  def: BreakdownTable<R>,
  rows: R[],
  keyOf: (row: R) => string,
  totals: Totals<R>,
): Table {
  const compared = filters.comparison && filters.compare !== "none" ? filters.compare : null;
  const previous = compared ? metricsOf(def, def.previous) : [];
  const changes = compared ? metricsOf(def, def.changes) : [];
  const word = def.comparisonLabel ?? (compared ? COMPARISON_WORDS[compared] : "");
  // With one compared figure its columns sit right beside it and need no name of their own.
  const single = new Set([...previous, ...changes].map((m) => m.key)).size === 1;
  const columns: Column[] = [
    ...def.dimensions.map(({ value: _value, ...column }) => ({ type: "text" as const, ...column })),
    ...def.metrics.flatMap(({ key, label, unit, good, hint }) => {
      const out: Column[] = [{ key, label, type: unit, ...(good && { good }), ...(hint && { hint }) }];
      if (previous.some((m) => m.key === key)) {
        out.push({
          key: `${key}_previous`,
          label: single ? capitalised(word) : `${label} ${word}`,
          type: unit,
        });
      }
      if (changes.some((m) => m.key === key)) {
        out.push({
          key: `${key}_change`,
          label: single ? "Verschil" : `Verschil ${label.toLowerCase()}`,
          type: "percent",
          change: true,
          good: good ?? "up",
        });
      }
      return out;
    }),
  ];

  const groups = new Map<string, Totals<R> & { names?: R }>();
  for (const row of def.include ?? []) groups.set(keyOf(row as R), { names: row as R });
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, { ...groups.get(key), [row.win]: row });
  }
  const line = (group: Totals<R>, names: TableRow): TableRow => {
    const out: TableRow = { ...names };
    for (const metric of def.metrics) out[metric.key] = metric.value(group.current);
    for (const metric of previous) out[`${metric.key}_previous`] = metric.value(group.comparison);
    for (const metric of changes) {
      out[`${metric.key}_change`] = change(metric.value(group.current), metric.value(group.comparison));
    }
    return out;
  };
  const rank = def.rankBy === undefined ? def.metrics[0].key : def.rankBy;
  // equal figures in the order of every dimension, not the query's row order, so equal answers look the same;
  // numbers in names in their numeric order ("2" before "10")
  const byDimensions = (a: TableRow, b: TableRow) => {
    for (const d of def.dimensions) {
      const order = String(a[d.key] ?? "").localeCompare(String(b[d.key] ?? ""), "nl", { numeric: true });
      if (order !== 0) return order;
    }
    return 0;
  };
  const namesOf = (first: string) =>
    Object.fromEntries(def.dimensions.map((d, i) => [d.key, i === 0 ? first : null]));
  const search = def.top && filters.table.search?.toLocaleLowerCase("nl");
  const entries = [...groups.values()]
    .map((group) => {
      const any = (group.current ?? group.comparison ?? group.names) as R;
      return {
        group,
        row: line(
          group,
          Object.fromEntries([...def.dimensions, ...(def.carried ?? [])].map((d) => [d.key, d.value(any)])),
        ),
      };
    })
    .filter(
      ({ row }) =>
        !search ||
        def.dimensions.some((d) =>
          String(row[d.key] ?? "")
            .toLocaleLowerCase("nl")
            .includes(search),
        ),
    )
    .sort(
      (a, b) =>
        (rank === null ? 0 : Number(b.row[rank] ?? -Infinity) - Number(a.row[rank] ?? -Infinity)) ||
        byDimensions(a.row, b.row),
    );
  const table: Table = {
    key: def.key,
    label: def.label,
    columns,
    rows: entries.map((entry) => entry.row),
    totals: line(totals, namesOf("Totaal")),
  };
  if (!def.top) return table;
  const cutAt = filters.table.all ? entries.length : def.top;
  const rest = entries.slice(cutAt);
  return {
    ...table,
    rows: table.rows.slice(0, cutAt),
    searchable: true,
    cut: {
      shown: Math.min(cutAt, entries.length),
      total: entries.length,
      rest:
        rest.length === 0
          ? null
          : line(
              {
                current: combined(rest.flatMap(({ group }) => group.current ?? [])),
                comparison: combined(rest.flatMap(({ group }) => group.comparison ?? [])),
              },
              namesOf(`Overige (${rest.length})`),
            ),
    },
  };
}

/**
 * Raw rows summed into one, for the "rest" row of a cut table: every figure a sum of the rows' (a row
 * without it makes it null, so a figure that does not add up, like reach, stays empty).
 */
function combined<R extends Windowed>(rows: R[]): R | undefined {
  if (rows.length === 0) return undefined;
  const out = { ...rows[0] } as Record<string, unknown>;
  for (const [field, value] of Object.entries(rows[0])) {
    if (typeof value !== "number" && value !== null) continue;
    out[field] = rows.some((row) => (row as Record<string, unknown>)[field] === null)
      ? null
      : rows.reduce((total, row) => total + Number((row as Record<string, unknown>)[field]), 0);
  }
  return out as R;
}

const metricsOf = <R>(def: BreakdownTable<R>, keys: string[] = []) =>
  def.metrics.filter((metric) => keys.includes(metric.key));

/**
 * The per-site table (`by_site`): the chosen site or every active one, facts or not, then closed ones with
 * facts. Over several sites each row leads into the same report for its site (a closed one's too, when `sites`
 * names it).
 */
export function siteTable<R extends Windowed & { site_id: number; site_name: string }>(
  filters: ReportFilters,
  def: Pick<BreakdownTable<R>, "metrics" | "previous" | "changes" | "comparisonLabel"> & {
    key?: string;
    label?: string;
  },
  rows: R[],
  totals: Totals<R>,
  sites: (Partial<R> & { site_code?: string })[],
): Table {
  const codes = new Map(sites.map((site) => [site.site_id, site.site_code]));
  const drill = filters.sites.length !== 1;
  return breakdownTable(
    filters,
    {
      key: "by_site",
      label: "Per vestiging",
      dimensions: [
        {
          key: "site",
          label: "Vestiging",
          value: (row) => row.site_name,
          ...(drill && { link: { filters: { site: "site_code" } } }),
        },
      ],
      carried: drill ? [{ key: "site_code", value: (row) => codes.get(row.site_id) ?? null }] : [],
      include: sites,
      ...def,
    },
    rows,
    (row) => String(row.site_id),
    totals,
  );
}
