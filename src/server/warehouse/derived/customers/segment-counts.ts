import { serverClock } from "../../../clock.ts";
import type { Database, Queryable } from "../../../db/database.ts";
import { leftToRefresher, serialised } from "../../derived-sync.ts";
import {
  firstVisitClass,
  iso,
  KEPT_PERIODS,
  type KeptPeriod,
  keptSplit,
  type Split,
} from "./segment-periods.ts";
import { syncCustomerVisits } from "./visits-sync.ts";

// Flow's kept segment counts (migration 100): per preset period that ends at or near today and per scope
// (all sites, each site), each customer's visits in the complete days of both windows (segment_counts), and
// those counts summed per class of customer (segment_histogram). Flow reads them
// (reports/customers/segment-counts.ts).
//
// Upkeep (syncSegmentCounts): when a period's windows moved (the day rolled over) its counts are worked out
// again; otherwise only the customers with a newly arrived read before a split (a late one) are, since a
// read from today on only touches the unfinished days, which requests read themselves.

/**
 * Per customer (or per `group`, whose columns `keys` selects) of `visits` (tagged `win`): its first visit
 * and its visits in the comparison and in the period.
 */
export const visitCounts = (
  visits: string,
  keys = "customer_id",
  group = keys,
) => `SELECT ${keys}, any_value(first_visit_at) AS first_visit_at,
    count(*) FILTER (WHERE win = 'comparison') AS previous_visits,
    count(*) FILTER (WHERE win = 'current') AS current_visits
  FROM (${visits}) GROUP BY ${group}`;

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
  // Customers are numbered anew by a rebuild of the visits; a reset of these tables leaves no periods. Not
  // "no reads taken in": on a database without plate reads that stays so, and every round rebuilt the counts.
  const renumbered = state.rebuilds !== state.visits_rebuilds || stored.size === 0;
  const moved: [KeptPeriod, Split][] = [];
  const same: [KeptPeriod, Split][] = [];
  for (const period of KEPT_PERIODS) {
    const split = keptSplit(period, now);
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
