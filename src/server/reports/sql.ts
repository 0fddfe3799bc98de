import type { DuckDBValue } from "@duckdb/node-api";
import { bucketSql, localTimeSql, type TimeWindow } from "../warehouse/buckets.ts";
import type { FactFilter } from "../warehouse/derived/transactions/sales-rollup.ts";
import { siteCondition } from "../warehouse/sites.ts";
import { localDate, startOfDay } from "../warehouse/time-zone.ts";
import type { ReportFilters } from "./filters.ts";

const HOUR_MS = 3_600_000;

export type WindowName = "current" | "comparison";

/** A fact row tagged with the window it belongs to. */
export interface Windowed {
  win: WindowName;
}

/**
 * The SQL fragments a report query is built from, for one request: the facts of the period and of the
 * comparison period (each read with its own time-range filter, so DuckDB skips the row groups outside it),
 * and the local-time bucket of a timestamp. Table and column names are the module's own constants; every
 * value a person sent travels as a named parameter in `params`.
 */
export class ReportSql {
  readonly params: Record<string, DuckDBValue> = {};

  constructor(readonly filters: ReportFilters) {}

  /** The windows this request reads: the period, then the comparison period if there is one. */
  get windows(): [WindowName, TimeWindow][] {
    const { current, comparison } = this.filters;
    return comparison
      ? [
          ["current", current],
          ["comparison", comparison],
        ]
      : [["current", current]];
  }

  /**
   * `SELECT 'current' AS win, * FROM <table> WHERE <time> in the period [AND site] UNION ALL …comparison`.
   * `site`: the table's site column, or null for facts that belong to no site (web, ads). `select` (instead
   * of `*`) and `where` may differ per window: given its name, they can use its parameters (`$current_end`),
   * a constant per window, cheaper than a CASE on `win` per row. `groupBy`: sums each window on its own
   * (`select` then holds the aggregates), so `win` need not be part of a grouping key.
   */
  facts(
    table: string,
    time: string,
    options: {
      site?: string | null;
      where?: string | ((name: WindowName) => string);
      select?: (name: WindowName) => string;
      groupBy?: string;
    } = {},
  ): string {
    const site = options.site === undefined ? "site_id" : options.site;
    return this.windows
      .map(([name, window]) => {
        this.params[`${name}_start`] = window.start.toISOString();
        this.params[`${name}_end`] = window.end.toISOString();
        const conditions = [
          `${time} >= $${name}_start::TIMESTAMPTZ`,
          `${time} < $${name}_end::TIMESTAMPTZ`,
          ...this.siteCondition(site),
          ...(options.where ? [typeof options.where === "string" ? options.where : options.where(name)] : []),
        ];
        return `SELECT '${name}' AS win, ${options.select?.(name) ?? "*"} FROM ${table} WHERE ${conditions.join(" AND ")}${options.groupBy ? ` GROUP BY ${options.groupBy}` : ""}`;
      })
      .join("\n  UNION ALL\n  ");
  }

  /**
   * Hourly sums of both windows, tagged `win`: the whole hours from a rollup table, the unfinished last hour
   * of a window that runs to now from the facts, summed by `raw` (the SQL that fills the rollup). A filter
   * on the site applies to both; `hour_start` is the UTC hour, so `local("hour_start")` buckets it. `time`:
   * the facts' time column (the sales' by default).
   * A programme or payment-method filter narrows to whole sales, which the rollups do not know: then the
   * whole window is summed from the facts (see `salesCondition`).
   */
  rollup(table: string, raw: (where: FactFilter) => string, time = "occurred_at"): string {
    return this.windows
      .map(([name, window]) => {
        const sale = this.salesCondition(name);
        const wholeHours = sale
          ? window.start
          : new Date(Math.floor(window.end.getTime() / HOUR_MS) * HOUR_MS);
        this.params[`${name}_start`] = window.start.toISOString();
        this.params[`${name}_hours_end`] = new Date(
          Math.max(wholeHours.getTime(), window.start.getTime()),
        ).toISOString();
        this.params[`${name}_end`] = window.end.toISOString();
        const site = this.siteCondition("site_id");
        const edge = (alias: string, id: string) =>
          [
            `${alias}.${time} >= $${name}_hours_end::TIMESTAMPTZ`,
            `${alias}.${time} < $${name}_end::TIMESTAMPTZ`,
            ...site.map((condition) => `${alias}.${condition}`),
            ...(sale ? [`${alias}.${id} IN (${sale})`] : []),
          ].join(" AND ");
        const hours = [
          `hour_start >= $${name}_start::TIMESTAMPTZ`,
          `hour_start < $${name}_hours_end::TIMESTAMPTZ`,
          ...site,
        ];
        return `SELECT '${name}' AS win, * FROM ${table} WHERE ${hours.join(" AND ")}
  UNION ALL BY NAME
  SELECT '${name}' AS win, * FROM (${raw({ sales: edge("t", "id"), lines: edge("l", "transaction_id") })})`;
      })
      .join("\n  UNION ALL BY NAME\n  ");
  }

  /**
   * Like `rollup` for a table of local days (its `day` column): the whole days of both windows from `table`,
   * the unfinished last day of a window that runs to now from `facts` (with its time column `time`), tagged
   * `win`; with hourly buckets the whole window comes from `facts`. A filter on the site applies to both, on
   * the column `site` (null: none).
   */
  daily(table: string, facts: string, time = "occurred_at", site: string | null = "site_id"): string {
    return this.windows
      .map(([name, window]) => {
        // The first day not read from `table`: the day `end` falls in (the day after `to` when it is whole).
        const rest = this.filters.granularity === "hour" ? window.from : localDate(window.end);
        this.params[`${name}_from`] = window.from;
        this.params[`${name}_rest_from`] = rest;
        this.params[`${name}_rest_start`] = startOfDay(rest).toISOString();
        this.params[`${name}_end`] = window.end.toISOString();
        const sites = this.siteCondition(site);
        const days = [`day >= $${name}_from::DATE`, `day < $${name}_rest_from::DATE`, ...sites];
        const edge = [
          `${time} >= $${name}_rest_start::TIMESTAMPTZ`,
          `${time} < $${name}_end::TIMESTAMPTZ`,
          ...sites,
        ];
        return `SELECT '${name}' AS win, * FROM ${table} WHERE ${days.join(" AND ")}
  UNION ALL BY NAME
  SELECT '${name}' AS win, * FROM ${facts} WHERE ${edge.join(" AND ")}`;
      })
      .join("\n  UNION ALL BY NAME\n  ");
  }

  /**
   * `rollup` with whole local days from `daily` (the same sums per `day`, migration 096): each window's whole
   * days from `daily`, its unfinished last day's whole hours from `hourly`, its unfinished hour from the facts.
   * Every row has `local_start`: the local start of its day or hour, for `bucket`. Hourly buckets, or a
   * programme or payment-method filter (which the sums do not know), read everything as `rollup` does.
   */
  dailyRollup(daily: string, hourly: string, raw: (where: FactFilter) => string): string {
    const { programme, payment_method: paymentMethod } = this.filters.dimensions;
    if (this.filters.granularity === "hour" || programme || paymentMethod) {
      return `SELECT *, ${this.local("hour_start")} AS local_start FROM (${this.rollup(hourly, raw)})`;
    }
    const site = this.siteCondition("site_id");
    return this.windows
      .map(([name, window]) => {
        // The first day not read from `daily`: the day `end` falls in (the day after `to` when it is whole).
        const rest = localDate(window.end);
        const restStart = startOfDay(rest).getTime();
        const wholeHours = Math.max(Math.floor(window.end.getTime() / HOUR_MS) * HOUR_MS, restStart);
        this.params[`${name}_from`] = window.from;
        this.params[`${name}_rest_from`] = rest;
        this.params[`${name}_rest_start`] = new Date(restStart).toISOString();
        this.params[`${name}_hours_end`] = new Date(wholeHours).toISOString();
        this.params[`${name}_end`] = window.end.toISOString();
        const where = (conditions: string[], alias = "") =>
          [...conditions, ...site].map((condition) => `${alias}${condition}`).join(" AND ");
        const edge = (alias: string) =>
          where(
            [`occurred_at >= $${name}_hours_end::TIMESTAMPTZ`, `occurred_at < $${name}_end::TIMESTAMPTZ`],
            `${alias}.`,
          );
        return `SELECT '${name}' AS win, day::TIMESTAMP AS local_start, * FROM ${daily}
    WHERE ${where([`day >= $${name}_from::DATE`, `day < $${name}_rest_from::DATE`])}
  UNION ALL BY NAME
  SELECT '${name}' AS win, ${this.local("hour_start")} AS local_start, * FROM (
    SELECT * FROM ${hourly}
    WHERE ${where([`hour_start >= $${name}_rest_start::TIMESTAMPTZ`, `hour_start < $${name}_hours_end::TIMESTAMPTZ`])}
    UNION ALL BY NAME
    ${raw({ sales: edge("t"), lines: edge("l") })}
  )`;
      })
      .join("\n  UNION ALL BY NAME\n  ");
  }

  /**
   * The programme and payment-method filters as the ids of the window's sales they keep (a sale "of" a
   * programme: one with a line of it, so the extras sold with it count too); null when neither is set.
   */
  private salesCondition(name: WindowName): string | null {
    const { programme, payment_method: paymentMethod } = this.filters.dimensions;
    if (!programme && !paymentMethod) return null;
    const window = `occurred_at >= $${name}_start::TIMESTAMPTZ AND occurred_at < $${name}_end::TIMESTAMPTZ`;
    if (programme) this.params.programme = programme;
    if (paymentMethod) this.params.payment_method = paymentMethod;
    const withProgramme = `SELECT transaction_id FROM transaction_lines WHERE ${window}
      AND item_id IN (SELECT id FROM items WHERE code = $programme)`;
    if (!paymentMethod) return withProgramme;
    return `SELECT id FROM transactions WHERE ${window} AND payment_method = $payment_method${programme ? ` AND id IN (${withProgramme})` : ""}`;
  }

  /** Like `facts` for tables keyed by a local date (daily ad statistics): whole days of each window. */
  factsByDate(table: string, date: string): string {
    return this.windows
      .map(([name, window]) => {
        this.params[`${name}_from`] = window.from;
        this.params[`${name}_to`] = window.to;
        return `SELECT '${name}' AS win, * FROM ${table} WHERE ${date} BETWEEN $${name}_from::DATE AND $${name}_to::DATE`;
      })
      .join("\n  UNION ALL\n  ");
  }

  /** The local wall-clock time (a plain TIMESTAMP) of a TIMESTAMPTZ column, for buckets, hours, weekdays. */
  local(column: string): string {
    return localTimeSql(
      column,
      this.windows.map(([, w]) => w),
    );
  }

  /** The start of the bucket (the request's granularity) of a local time from `local`. */
  bucket(localTime: string): string {
    return bucketSql(this.filters.granularity, localTime);
  }

  /**
   * Where a bucket (from `bucket`) starts within its row's window: a week or month that began before the
   * period (the week of 28 September in a period from 1 October) starts where the period does. A figure
   * "first in its bucket" or "new in its bucket" compares with this, not with the bucket's calendar start,
   * or facts before the period that the query never reads would decide it.
   */
  bucketStart(bucket: string): string {
    // Hours and days never begin before a window, which starts at local midnight.
    if (this.filters.granularity === "hour" || this.filters.granularity === "day") return bucket;
    const starts = this.windows.map(([name, window]) => {
      this.params[`${name}_local_start`] = `${window.from} 00:00:00`;
      return `WHEN '${name}' THEN $${name}_local_start::TIMESTAMP`;
    });
    return `greatest(${bucket}, CASE win ${starts.join(" ")} END)`;
  }

  /** The condition on a fact's site column for the chosen sites (none: all sites), its values in `params`. */
  siteCondition(column: string | null): string[] {
    return column ? siteCondition(column, this.filters.sites, this.params) : [];
  }
}

/**
 * Rows of a GROUPING SETS query → the rows of each grouping set, named by the query's `grain` column.
 * Every grain asked for is present, empty when the period has no facts.
 */
export function byGrain<R extends { grain: string }, G extends R["grain"]>(
  rows: R[],
  grains: readonly G[],
): Record<G, R[]> {
  const out = Object.fromEntries(grains.map((grain) => [grain, [] as R[]])) as Record<G, R[]>;
  for (const row of rows) out[row.grain as G]?.push(row);
  return out;
}
