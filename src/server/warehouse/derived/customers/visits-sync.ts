import type { Database, Queryable } from "../../../db/database.ts";
import { localTimeSql } from "../../buckets.ts";
import { aheadOfWatermark, countOf, serialised } from "../../derived-sync.ts";
import { localDate } from "../../time-zone.ts";
import { refreshVisitsDaily } from "./visits-daily.ts";

// Keeps `customers` and `customer_visits` (migrations 040 and 075), and the daily sums of the visits
// (086, visits-daily.ts), up to date with plate_reads and transactions.
// Called before every KLANTEN report: when nothing arrived since the last call it costs two counts; when
// something did, only the customers whose plates arrived are worked out again, from their whole history,
// and only the visits that changed are rewritten (so the table stays in time order for the zonemaps).
// Ingestion, imports and the demo generator need no hook: whatever appended the facts, the next report
// catches up. The facts are append-only, so rows with a rowid at or above the synced count are the new ones.

const MINUTE_US = 60_000_000;
const DAY_US = 24 * 60 * MINUTE_US;

/**
 * visit: a plate's arrival at a site, read by an entrance camera (direction 'in'). A read starts a new visit
 * unless the same plate was read at the same site at most 30 minutes before it (so a car waiting in the
 * queue, read twice, is one visit).
 */
const VISIT_GAP_US = 30 * MINUTE_US;
/**
 * purchased: a sale at the site (not online) with the visit's plate, from 5 minutes before the arrival
 * (camera and till clocks differ) to 30 minutes after it.
 */
const SALE_BEFORE_US = 5 * MINUTE_US;
const SALE_AFTER_US = 30 * MINUTE_US;

/** Above this many new rows, and this share of all, a rebuild is cheaper than working out customers one by one. */
const REBUILD_ROWS = 100_000;
const REBUILD_SHARE = 0.2;

interface SyncState {
  reads: number;
  transactions: number;
}

/**
 * Brings the customer tables up to date; concurrent calls on one database wait for one another. Its own
 * catch-up (per customer, not additive like additive-sync.ts's) on the same bookkeeping (derived-sync.ts).
 */
export const syncCustomerVisits = (db: Queryable): Promise<void> =>
  serialised(db, "customer_visits_sync", sync, { reads: "plate_reads", transactions: "transactions" });

// The counts are taken before the facts are read: facts committed in between are worked out now and again
// at the next sync, which changes nothing (a customer is always worked out from its whole history).
async function sync(db: Database): Promise<void> {
  // The usual answer, "nothing new", from the tables' row counts, which DuckDB keeps without a scan.
  const [quick] = await db.query<{ unchanged: boolean; daily_missing: boolean }>(
    `SELECT reads = (SELECT count(*) FROM plate_reads) AND transactions = (SELECT count(*) FROM transactions)
      AS unchanged,
      -- visits from before migration 086, which added the daily sums
      NOT EXISTS (FROM customer_visits_daily) AND EXISTS (FROM customer_visits) AS daily_missing
    FROM customer_visits_sync`,
  );
  if (quick.daily_missing) await db.transaction((tx) => refreshVisitsDaily(tx, null));
  if (quick.unchanged) return;
  const { state, reads, sales } = await db.transaction(async (tx) => ({
    state: (await tx.query<SyncState>("SELECT reads, transactions FROM customer_visits_sync"))[0],
    reads: await countOf(tx, "plate_reads"),
    sales: await countOf(tx, "transactions"),
  }));
  if (reads.rows === state.reads && sales.rows === state.transactions) return;
  if (aheadOfWatermark(reads.rows, state.reads) || aheadOfWatermark(sales.rows, state.transactions)) return;
  const synced = (tx: Queryable) =>
    tx.run("UPDATE customer_visits_sync SET reads = $1, transactions = $2, synced_at = now()", [
      reads.rows,
      sales.rows,
    ]);

  // Reads erased by src/server/privacy/erase-plate.ts (which takes them off the state) leave gaps in the
  // rowids; the rows from the state on then include some already taken in, and working their customers
  // out again changes nothing. Sales are never deleted.
  const contiguous = sales.rows === sales.next;
  const grown = reads.rows >= state.reads && sales.rows >= state.transactions;
  const added = reads.rows - state.reads + sales.rows - state.transactions;
  if (contiguous && grown && added <= Math.max(REBUILD_ROWS, REBUILD_SHARE * (reads.rows + sales.rows))) {
    await db.transaction(async (tx) => {
      await catchUp(tx, state);
      await synced(tx);
    });
    return;
  }
  // Customers are committed before the visits are worked out: inside one transaction the planner would
  // see an empty customers table and join it the slow way. Until the visits are in, the state says
  // "nothing synced", so an interrupted rebuild is simply done again.
  await db.transaction(async (tx) => {
    await tx.run("DELETE FROM customer_visits");
    await tx.run("DELETE FROM customers");
    await tx.run("UPDATE customer_visits_sync SET reads = 0, transactions = 0, rebuilds = rebuilds + 1");
    await tx.run(newCustomers(ENTRANCE_READS, "customers"));
  });
  await db.transaction(async (tx) => {
    const [span] = await tx.query<{ first: number | null; last: number | null }>(
      "SELECT min(epoch_us(read_at)) AS first, max(epoch_us(read_at)) AS last FROM plate_reads",
    );
    if (span.first !== null && span.last !== null) {
      const { text, params } = visitsSql("customers", span.first, span.last + DAY_US);
      await tx.run(`INSERT INTO customer_visits ${text} ORDER BY visit_at`, params);
      await tx.run(firstVisitsFrom("customer_visits"));
    }
    await refreshVisitsDaily(tx, null);
    await synced(tx);
  });
}

/**
 * The customers whose plates arrived since the last sync: their visits from the earliest new fact on are
 * worked out again (reads 30 minutes before it decide whether a read starts a visit), continuing from what
 * customer_visits already knows of the time before it. Only rows that changed are deleted and inserted.
 */
async function catchUp(tx: Queryable, state: SyncState): Promise<void> {
  const synced = { reads_synced: state.reads, sales_synced: state.transactions };
  // The plates that arrived, each with its first new entrance read (null: none), in a table of their own: its
  // exact size lets the joins with customers below hash the few new plates instead of every customer (a
  // `plate IN (…)` over the facts hashed all 370 000 customers at 1×, ~100 ms a round, x10 at 10×).
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE sync_plates AS
      SELECT plate, min(read_at) FILTER (WHERE direction = 'in') AS read_at FROM (
        SELECT plate, read_at, direction FROM plate_reads WHERE rowid >= $reads_synced AND plate IS NOT NULL
        UNION ALL SELECT plate, NULL, NULL FROM transactions
          WHERE rowid >= $sales_synced AND plate IS NOT NULL AND sales_channel = 'site')
      GROUP BY plate`,
    synced,
  );
  await tx.run(
    "CREATE OR REPLACE TEMP TABLE sync_customers AS SELECT id, plate FROM customers SEMI JOIN sync_plates USING (plate)",
  );
  const [known] = await tx.query<{ last: number }>("SELECT coalesce(max(id), 0) AS last FROM customers");
  await tx.run(
    newCustomers("(SELECT plate, read_at FROM sync_plates WHERE read_at IS NOT NULL)", "sync_customers"),
  );
  await tx.run("INSERT INTO sync_customers SELECT id, plate FROM customers WHERE id > $last", known);
  // A sale can mark a visit up to 30 minutes before it as purchased.
  const [span] = await tx.query<{ from: number | null; last: number }>(
    `SELECT least(
        (SELECT min(epoch_us(read_at)) FROM plate_reads
          WHERE rowid >= $reads_synced AND plate IS NOT NULL AND direction = 'in'),
        (SELECT min(epoch_us(occurred_at)) - ${SALE_AFTER_US} FROM transactions
          WHERE rowid >= $sales_synced AND plate IS NOT NULL AND sales_channel = 'site')) AS from,
      (SELECT max(epoch_us(read_at)) FROM plate_reads WHERE rowid >= $reads_synced) AS last`,
    synced,
  );
  if (span.from !== null) {
    const region = visitsSql("sync_customers", span.from, Math.max(span.last, span.from) + DAY_US);
    await tx.run(`CREATE OR REPLACE TEMP TABLE sync_visits AS ${region.text}`, region.params);
    // Every column but the locals, which follow from the instants.
    const same = `f.customer_id = v.customer_id AND f.site_id = v.site_id AND f.visit_at = v.visit_at
      AND f.first_visit_at = v.first_visit_at AND f.first_site_id = v.first_site_id
      AND f.previous_visit_at IS NOT DISTINCT FROM v.previous_visit_at
      AND f.previous_site_visit_at IS NOT DISTINCT FROM v.previous_site_visit_at AND f.purchased = v.purchased
      AND f.year_visit_number = v.year_visit_number AND f.site_year_visit_number = v.site_year_visit_number
      AND f.year_sites = v.year_sites AND f.year_purchases = v.year_purchases
      AND f.site_year_purchases = v.site_year_purchases`;
    await tx.run(
      `DELETE FROM customer_visits v
        WHERE v.visit_at >= $region_start::TIMESTAMPTZ AND v.customer_id IN (SELECT id FROM sync_customers)
          AND NOT EXISTS (SELECT 1 FROM sync_visits f WHERE ${same})`,
      { region_start: region.params.region_start },
    );
    await tx.run(
      `INSERT INTO customer_visits
        SELECT * FROM sync_visits f
        WHERE NOT EXISTS (SELECT 1 FROM customer_visits v WHERE v.visit_at >= $region_start::TIMESTAMPTZ AND ${same})
        ORDER BY visit_at`,
      { region_start: region.params.region_start },
    );
    await tx.run(firstVisitsFrom("sync_visits"));
    // every visit deleted or inserted above is from region_start on
    await refreshVisitsDaily(tx, region.params.region_start);
    await tx.run("DROP TABLE sync_visits");
  }
  await tx.run("DROP TABLE sync_customers");
  await tx.run("DROP TABLE sync_plates");
}

/** Every entrance read with a plate, as (plate, read_at): the reads a customer is made from. */
const ENTRANCE_READS =
  "(SELECT plate, read_at FROM plate_reads WHERE plate IS NOT NULL AND direction = 'in')";

/**
 * The plates of `reads` (plate, read_at of entrance reads) that `known` (a table with a plate column that
 * holds every customer among them) does not hold, as new customers numbered on from the last one, in order
 * of first sight.
 */
const newCustomers = (
  reads: string,
  known: "customers" | "sync_customers",
) => `INSERT INTO customers (id, plate)
  SELECT (SELECT coalesce(max(id), 0) FROM customers) + row_number() OVER (ORDER BY min(read_at), plate)::INTEGER,
    plate
  FROM ${reads} ANTI JOIN ${known} USING (plate)
  GROUP BY plate`;

/**
 * Puts each customer's first visit, as its visits in `visits` have it, on the customer where it changed.
 * Every visit of a customer carries the same first visit. A customer without a visit in `visits` keeps its
 * own: its first read ever is always a visit, so a read that moves the first visit back is one of them.
 */
const firstVisitsFrom = (visits: "customer_visits" | "sync_visits") => `UPDATE customers
  SET first_visit_at = f.first_visit_at, first_visit_local = f.first_visit_local
  FROM (
    SELECT customer_id, any_value(first_visit_at) AS first_visit_at, any_value(first_visit_local) AS first_visit_local
    FROM ${visits} GROUP BY customer_id
  ) f
  WHERE customers.id = f.customer_id AND customers.first_visit_at IS DISTINCT FROM f.first_visit_at`;

/**
 * The visits from `start` (epoch microseconds) on of the customers in `customers` (a table of id and
 * plate), in the columns of customer_visits, continuing the history customer_visits holds before `start`.
 * `end` bounds the facts, for the clock changes the local times need. Times are compared as epoch
 * microseconds: TIMESTAMPTZ arithmetic goes through ICU and is far slower.
 */
function visitsSql(customers: "customers" | "sync_customers", start: number, end: number) {
  const iso = (us: number) => new Date(us / 1000).toISOString();
  const params = {
    region_start: iso(start),
    reads_from: iso(start - VISIT_GAP_US),
    sales_from: iso(start - SALE_BEFORE_US),
    // the local 1 January of start's year: the numbers of that year's visits before start go on
    year_start: `${localDate(new Date(start / 1000)).slice(0, 4)}-01-01`,
  };
  const local = (t: string) =>
    localTimeSql(`make_timestamptz(${t})`, [{ start: new Date(start / 1000), end: new Date(end / 1000) }]);
  // The year's counts of a visit (migration 087) go on from those of the year's visits before start, which
  // only start's own year has: their highest, as the counts only grow in time order.
  const yearSoFar = (counts: Record<string, string>) =>
    Object.entries(counts)
      .map(([as, column]) => `max(${column}) FILTER (WHERE visit_local >= $year_start::TIMESTAMP) AS ${as}`)
      .join(", ");
  const before = (count: string) =>
    `CASE WHEN year(v.local) = year($year_start::DATE) THEN coalesce(${count}, 0) ELSE 0 END`;
  const text = `
  WITH before AS (
    SELECT * FROM customer_visits
    WHERE visit_at < $region_start::TIMESTAMPTZ AND customer_id IN (SELECT id FROM ${customers})
  ), history AS (
    SELECT customer_id, max(visit_at) AS last_at, arg_max(visit_local, visit_at) AS last_local,
      any_value(first_visit_at) AS first_visit_at, any_value(first_visit_local) AS first_visit_local,
      any_value(first_site_id) AS first_site_id,
      ${yearSoFar({ year_visits: "year_visit_number", year_sites: "year_sites", year_purchases: "year_purchases" })}
    FROM before GROUP BY customer_id
  ), site_history AS (
    SELECT customer_id, site_id, max(visit_at) AS last_at, arg_max(visit_local, visit_at) AS last_local,
      ${yearSoFar({ year_visits: "site_year_visit_number", year_purchases: "site_year_purchases" })}
    FROM before GROUP BY customer_id, site_id
  ), reads AS (
    SELECT c.id AS customer_id, r.site_id, epoch_us(r.read_at) AS t
    FROM plate_reads r JOIN ${customers} c ON c.plate = r.plate
    WHERE r.read_at >= $reads_from::TIMESTAMPTZ AND r.direction = 'in'
  ), arrivals AS (
    SELECT customer_id, site_id, t FROM (
      SELECT *, lag(t) OVER (PARTITION BY customer_id, site_id ORDER BY t) AS previous_read FROM reads
    ) WHERE t >= epoch_us($region_start::TIMESTAMPTZ)
      AND (previous_read IS NULL OR t - previous_read > ${VISIT_GAP_US})
  ), sales AS (
    SELECT c.id AS customer_id, s.site_id, epoch_us(s.occurred_at) AS t
    FROM transactions s JOIN ${customers} c ON c.plate = s.plate
    WHERE s.occurred_at >= $sales_from::TIMESTAMPTZ AND s.sales_channel = 'site'
  ), visits AS (
    -- the first sale from 5 minutes before the arrival on; purchased when it is within 30 minutes after
    SELECT a.customer_id, a.site_id, a.t, ${local("a.t")} AS local,
      coalesce(s.t <= a.t + ${SALE_AFTER_US}, false) AS purchased
    FROM arrivals a ASOF LEFT JOIN sales s
      ON a.customer_id = s.customer_id AND a.site_id = s.site_id AND s.t >= a.t - ${SALE_BEFORE_US}
  ), numbered AS (
    SELECT v.customer_id, v.site_id, make_timestamptz(v.t) AS visit_at, v.local AS visit_local,
      coalesce(h.first_visit_at, make_timestamptz(first_value(v.t) OVER earlier)) AS first_visit_at,
      coalesce(h.first_visit_local, first_value(v.local) OVER earlier) AS first_visit_local,
      coalesce(h.first_site_id, first_value(v.site_id) OVER earlier) AS first_site_id,
      coalesce(make_timestamptz(lag(v.t) OVER earlier), h.last_at) AS previous_visit_at,
      coalesce(lag(v.local) OVER earlier, h.last_local) AS previous_visit_local,
      coalesce(make_timestamptz(lag(v.t) OVER earlier_here), s.last_at) AS previous_site_visit_at,
      coalesce(lag(v.local) OVER earlier_here, s.last_local) AS previous_site_visit_local,
      v.purchased,
      row_number() OVER this_year + ${before("h.year_visits")} AS year_visit_number,
      row_number() OVER this_year_here + ${before("s.year_visits")} AS site_year_visit_number,
      ${before("h.year_sites")} AS sites_before,
      count_if(v.purchased) OVER this_year + ${before("h.year_purchases")} AS year_purchases,
      count_if(v.purchased) OVER this_year_here + ${before("s.year_purchases")} AS site_year_purchases,
      v.t, year(v.local) AS year
    FROM visits v LEFT JOIN history h USING (customer_id) LEFT JOIN site_history s USING (customer_id, site_id)
    WINDOW earlier AS (PARTITION BY v.customer_id ORDER BY v.t, v.site_id),
      earlier_here AS (PARTITION BY v.customer_id, v.site_id ORDER BY v.t),
      this_year AS (PARTITION BY v.customer_id, year(v.local) ORDER BY v.t, v.site_id),
      this_year_here AS (PARTITION BY v.customer_id, v.site_id, year(v.local) ORDER BY v.t)
  )
  -- a site's first visit of the year adds a site to the year's
  SELECT * EXCLUDE (sites_before, year_purchases, site_year_purchases, t, year),
    sites_before + count_if(site_year_visit_number = 1) OVER (PARTITION BY customer_id, year ORDER BY t, site_id)
      AS year_sites,
    year_purchases, site_year_purchases
  FROM numbered`;
  return { text, params };
}
