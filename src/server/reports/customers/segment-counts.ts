import { serverClock } from "../../clock.ts";
import type { Database, Queryable } from "../../db/database.ts";
import { leftToRefresher, serialised } from "../../warehouse/derived-sync.ts";
import type { ReportFilters } from "../filters.ts";
import { ReportSql } from "../sql.ts";
import {
  firstVisitClass,
  isKept,
  iso,
  KEPT_PERIODS,
  type KeptPeriod,
  presetFilters,
  type Split,
  splitFor,
} from "./segment-periods.ts";
import { type MigrationRow, migrationFilters, migrationFrom, migrationSql, visitCounts } from "./segments.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// Flow's segment migration without grouping the windows' visits per customer on every request. The tables
// of migration 100 keep, per preset period that ends at or near today and per scope (all sites, each site),
// each customer's visits in the complete days of both windows (segment_counts), and those counts summed per
// class of customer (segment_histogram: a few thousand rows). A request reads the histogram of its scope,
// takes off the few customers with a visit in a window's last, unfinished day (today; for "Dit jaar" also
// the same day last year, up to the same time) and adds them back with those visits, read from
// customer_visits. It classifies with the same SQL as the query over all visits (segments.ts
// migrationFrom), so the rows are the same either way.
//
// Upkeep (syncSegmentCounts): when a period's windows moved (the day rolled over) its counts are worked out
// again; otherwise only the customers with a newly arrived read before a split (a late one) are, since a
// read from today on only touches the unfinished days, which requests read themselves.

/**
 * Flow's migration rows for a request, and whether they came from the kept counts: they do when those were
 * counted for the request's windows (a kept period, all sites or one, the customers numbered as now), else
 * (no row) they are grouped over all visits (migrationSql).
 */
export async function readMigration(db: Queryable, filters: ReportFilters) {
  if (isKept(filters.preset) && filters.sites.length <= 1) {
    const kept = keptMigrationSql(filters);
    const rows = await db.query<MigrationRow>(kept.text, kept.params);
    if (rows.length > 0) return { rows, kept: true };
  }
  const all = migrationSql(filters);
  return { rows: await db.query<MigrationRow>(all.text, all.params), kept: false };
}

/**
 * Whether the kept counts are of the request's windows, with the customers numbered as in customer_visits:
 * a condition in the very query that reads them, so that a rebuild committed in between cannot slip by.
 */
const KEPT_FOR_REQUEST = `EXISTS (SELECT 1 FROM segment_periods p, segment_counts_sync s, customer_visits_sync v
    WHERE p.period = $period AND p.comparison_start = $comparison_start::TIMESTAMPTZ
      AND p.comparison_split = $comparison_split::TIMESTAMPTZ AND p.current_start = $current_start::TIMESTAMPTZ
      AND p.current_split = $current_split::TIMESTAMPTZ AND s.visits_rebuilds = v.rebuilds)`;

/**
 * The migration from segment_histogram of the request's scope. The customers with a visit in a window's
 * last day (from its split to its end) are few: each is taken off as the histogram has it and added with
 * those visits. When every window ends at a midnight there are none, and the histogram is read alone.
 */
export function keptMigrationSql(filters: ReportFilters) {
  const split = splitFor(filters);
  const sql = new ReportSql(migrationFilters(filters));
  const { current, comparison } = sql.filters;
  Object.assign(sql.params, { period: filters.preset, scope: filters.sites[0]?.id ?? 0, ...iso(split) });
  const histogram = `SELECT first_visit_at, previous_visits, current_visits, plates FROM segment_histogram
    WHERE period = $period AND site_id = $scope`;
  const unfinished =
    split.current_split.getTime() < current.end.getTime() ||
    (comparison !== null && split.comparison_split.getTime() < comparison.end.getTime());
  if (!unfinished) {
    sql.params.comparison_end = comparison?.end.toISOString() ?? null;
    const text = migrationFrom(sql, histogram, { weighted: true, having: KEPT_FOR_REQUEST });
    return { text, params: sql.params };
  }
  const lastDays = sql.facts("customer_visits", "visit_at", {
    select: () => "customer_id, first_visit_at",
    where: (name) => `visit_at >= $${name}_split::TIMESTAMPTZ`,
  });
  const perCustomer = `${histogram}
  UNION ALL
  SELECT ${firstVisitClass("first_visit_at", (column) => `$${column}::TIMESTAMPTZ`)}, previous_visits, current_visits, -1
  FROM last_days_kept WHERE previous_visits IS NOT NULL
  UNION ALL
  SELECT coalesce(last_first_visit_at, first_visit_at), coalesce(previous_visits, 0) + last_previous_visits,
    coalesce(current_visits, 0) + last_current_visits, 1
  FROM last_days_kept`;
  // The last days' customers with their kept counts, if any. The counts are looked up with IN: a join let
  // DuckDB hash the scope's counts (all its customers) to probe them with the few.
  const lastDaysKept = `last_days AS MATERIALIZED (
  ${visitCounts(lastDays)}
), last_days_kept AS MATERIALIZED (
  SELECT l.customer_id, k.first_visit_at, k.previous_visits, k.current_visits,
    l.first_visit_at AS last_first_visit_at, l.previous_visits AS last_previous_visits,
    l.current_visits AS last_current_visits
  FROM last_days l LEFT JOIN (
    SELECT customer_id, first_visit_at, previous_visits, current_visits FROM segment_counts
    WHERE period = $period AND site_id = $scope AND customer_id IN (SELECT customer_id FROM last_days)
  ) k USING (customer_id)
), `;
  const text = migrationFrom(sql, perCustomer, {
    weighted: true,
    with: lastDaysKept,
    having: KEPT_FOR_REQUEST,
  });
  return { text, params: sql.params };
}

/**
 * The rows of segment_counts of `period` for its windows (the parameters of a Split) from the visits in
 * `visits` (customer_visits, or some customers' visits of it): per customer over all sites (site_id 0) and
 * per site.
 */
const countsSql = (visits: string) =>
  visitCounts(
    `SELECT 'comparison' AS win, customer_id, site_id, first_visit_at FROM ${visits}
    WHERE visit_at >= $comparison_start::TIMESTAMPTZ AND visit_at < $comparison_split::TIMESTAMPTZ
    UNION ALL
    SELECT 'current' AS win, customer_id, site_id, first_visit_at FROM ${visits}
    WHERE visit_at >= $current_start::TIMESTAMPTZ AND visit_at < $current_split::TIMESTAMPTZ`,
    "$period AS period, coalesce(site_id, 0) AS site_id, customer_id",
    "GROUPING SETS ((customer_id), (customer_id, site_id))",
  );

interface SyncState {
  reads: number;
  visits_rebuilds: number;
  visits_reads: number;
  rebuilds: number;
}

/**
 * Brings the counts up to date after the customers' visits (visits-sync.ts). Its bookkeeping is the visits'
 * own: the reads customer_visits had taken in when the counts were last brought up to date. Reads are
 * counted, not numbered, so after an erasure some reads from that count on were seen before: their
 * customers are worked out again, which changes nothing.
 */
// the clock requests read their periods by (fixed under API tests), so the kept windows are theirs
const now = serverClock();

export async function syncSegmentCounts(db: Queryable): Promise<void> {
  await syncCustomerVisits(db);
  await serialised(
    db,
    "segment_counts_sync",
    (database) => {
      // A period's counts are worked out again in the refresher's round, not in a request: the request
      // groups all visits until then.
      const rebuild = !leftToRefresher(database);
      return database.transaction((tx) => syncIn(tx, now(), rebuild));
    },
    { reads: "plate_reads" },
  );
}

async function syncIn(tx: Queryable, now: Date, rebuild = true): Promise<void> {
  const [state] = await tx.query<SyncState>(
    `SELECT s.reads, s.visits_rebuilds, v.reads AS visits_reads, v.rebuilds
    FROM segment_counts_sync s, customer_visits_sync v`,
  );
  // instants come back as ISO strings (database.ts), as iso() writes them
  const stored = new Map(
    (await tx.query<Record<string, string>>("FROM segment_periods")).map((row) => [row.period, row]),
  );
  // customers are numbered anew by a rebuild of the visits, which also starts their bookkeeping from 0
  const renumbered = state.rebuilds !== state.visits_rebuilds || state.reads === 0;
  const moved: [KeptPeriod, Split][] = [];
  const same: [KeptPeriod, Split][] = [];
  for (const period of KEPT_PERIODS) {
    const split = splitFor(presetFilters(period, now));
    const old = stored.get(period);
    const unchanged = old && Object.entries(iso(split)).every(([key, value]) => old[key] === value);
    (unchanged && !renumbered ? same : moved).push([period, split]);
  }
  // Nothing to do is found without writing: a write would make every derived table look again.
  const arrived = state.reads !== state.visits_reads;
  if (!rebuild && renumbered) return;
  const rebuilt = rebuild ? moved : [];
  if (rebuilt.length === 0 && !arrived) return;
  for (const [period, split] of rebuilt) {
    await tx.run("DELETE FROM segment_counts WHERE period = $period", { period });
    await tx.run(`INSERT INTO segment_counts BY NAME (${countsSql("customer_visits")} ORDER BY site_id)`, {
      period,
      ...iso(split),
    });
    await tx.run("DELETE FROM segment_histogram WHERE period = $period", { period });
    await tx.run(
      `INSERT OR REPLACE INTO segment_periods BY NAME (SELECT $period AS period,
        $comparison_start::TIMESTAMPTZ AS comparison_start, $comparison_split::TIMESTAMPTZ AS comparison_split,
        $current_start::TIMESTAMPTZ AS current_start, $current_split::TIMESTAMPTZ AS current_split)`,
      { period, ...iso(split) },
    );
    await addToHistogram(tx, "segment_counts", "period = $period", 1, { period });
  }
  if (same.length > 0 && arrived) await recount(tx, state.reads, same);
  await tx.run(
    "UPDATE segment_counts_sync SET reads = $reads, visits_rebuilds = $rebuilds, synced_at = now()",
    { reads: state.visits_reads, rebuilds: state.rebuilds },
  );
}

/**
 * Works the counts of `periods` out again for the customers with a read from the `from`th on that lies
 * before a split: a late read can add, merge or split visits there, or move the customer's first visit.
 */
async function recount(tx: Queryable, from: number, periods: [KeptPeriod, Split][]): Promise<void> {
  const latest = Math.max(...periods.map(([, split]) => split.current_split.getTime()));
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE segment_touched AS
      SELECT id FROM customers WHERE plate IN (
        SELECT plate FROM plate_reads
        WHERE rowid >= $from AND direction = 'in' AND plate IS NOT NULL AND read_at < $latest::TIMESTAMPTZ)`,
    { from, latest: new Date(latest).toISOString() },
  );
  const [touched] = await tx.query<{ customers: number }>(
    "SELECT count(*) AS customers FROM segment_touched",
  );
  if (touched.customers > 0) {
    // Each table read once for all periods: their rows of these customers, and these customers' visits.
    const names = Object.fromEntries(periods.map(([period], i) => [`period_${i}`, period]));
    const rows = `period IN (${Object.keys(names)
      .map((name) => `$${name}`)
      .join(", ")}) AND customer_id IN (SELECT id FROM segment_touched)`;
    const earliest = Math.min(...periods.map(([, split]) => split.comparison_start.getTime()));
    await tx.run(
      `CREATE OR REPLACE TEMP TABLE segment_visits AS SELECT customer_id, site_id, visit_at, first_visit_at
      FROM customer_visits WHERE visit_at >= $earliest::TIMESTAMPTZ AND customer_id IN (SELECT id FROM segment_touched)`,
      { earliest: new Date(earliest).toISOString() },
    );
    await addToHistogram(tx, "segment_counts", rows, -1, names);
    await tx.run(`DELETE FROM segment_counts WHERE ${rows}`, names);
    await tx.run("CREATE OR REPLACE TEMP TABLE segment_recounted AS FROM segment_counts LIMIT 0");
    for (const [period, split] of periods) {
      await tx.run(`INSERT INTO segment_recounted BY NAME (${countsSql("segment_visits")})`, {
        period,
        ...iso(split),
      });
    }
    await addToHistogram(tx, "segment_recounted", "true", 1);
    await tx.run("INSERT INTO segment_counts FROM segment_recounted");
    for (const table of ["segment_visits", "segment_recounted"]) await tx.run(`DROP TABLE ${table}`);
  }
  await tx.run("DROP TABLE segment_touched");
}

/**
 * Adds the rows of `counts` (segment_counts, or rows in its columns) matching `where` to segment_histogram
 * (`sign` -1: takes them off); classes left without customers go.
 */
async function addToHistogram(
  tx: Queryable,
  counts: string,
  where: string,
  sign: 1 | -1,
  params?: Record<string, string>,
) {
  await tx.run(
    `INSERT INTO segment_histogram BY NAME (
      SELECT c.period, c.site_id, ${firstVisitClass("c.first_visit_at", (column) => `p.${column}`)} AS first_visit_at,
        c.previous_visits, c.current_visits, ${sign} * count(*) AS plates
      FROM (SELECT * FROM ${counts} WHERE ${where}) c JOIN segment_periods p USING (period) GROUP BY ALL
    ) ON CONFLICT DO UPDATE SET plates = plates + EXCLUDED.plates`,
    params,
  );
  await tx.run("DELETE FROM segment_histogram WHERE plates = 0");
}

/**
 * A plate's erasure (erase-plate.ts): its customer's counts go, as a rebuild would give, and the bookkeeping
 * loses the deleted reads as the visits' does. Inside the erasure's transaction, before the customer goes.
 */
export async function eraseFromSegmentCounts(tx: Queryable, plate: string, reads: number): Promise<void> {
  const customer = "customer_id IN (SELECT id FROM customers WHERE plate = $plate)";
  await addToHistogram(tx, "segment_counts", customer, -1, { plate });
  await tx.run(`DELETE FROM segment_counts WHERE ${customer}`, { plate });
  await tx.run("UPDATE segment_counts_sync SET reads = greatest(reads - $reads, 0)", { reads });
}

/** For tests: a sync as if it ran at `now` (`rebuild` false: as a request while the refresher runs). */
export const syncSegmentCountsAt = (db: Database, now: Date, rebuild = true) =>
  db.transaction((tx) => syncIn(tx, now, rebuild));
