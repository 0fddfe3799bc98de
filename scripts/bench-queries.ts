import type { Queryable } from "../src/server/db/database.ts";
import { localTimeSql, type TimeWindow } from "../src/server/reports/buckets.ts";
import { endOfDay, localDate, startOfDay } from "../src/server/reports/time-zone.ts";

// Representative analytical queries for `npm run bench`, written the way the report modules query: a time
// window on the fact's own timestamp (so zonemaps skip the rest), Europe/Amsterdam buckets through the
// reports' bucketing helper, raw counts out. The report endpoints are measured over HTTP as well; these
// stay as a fixed yardstick for the data model, including reports that have no endpoint yet.

export interface BenchQuery {
  key: string;
  label: string;
  /** Whole local days in the window, ending with the day of the newest data. */
  days: number;
  sql: (window: TimeWindow) => string;
}

const RANGE = (column: string) => `${column} >= $1::TIMESTAMPTZ AND ${column} < $2::TIMESTAMPTZ`;

export const BENCH_QUERIES: BenchQuery[] = [
  {
    key: "washes-revenue-per-day-site",
    label: "Wasbeurten en omzet per dag per vestiging (30 dagen)",
    days: 30,
    // washes: sales at a site (online sales are no visit); revenue: what was paid, incl. VAT.
    sql: (w) => `SELECT site_id, date_trunc('day', ${localTimeSql("occurred_at", [w])}) AS day,
        count(*) FILTER (WHERE sales_channel = 'site') AS washes, sum(total_cents) AS revenue_cents
      FROM transactions WHERE ${RANGE("occurred_at")}
      GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "unique-plates-per-week",
    label: "Unieke kentekens per ISO-week (365 dagen)",
    days: 365,
    sql: (
      w,
    ) => `SELECT date_trunc('week', ${localTimeSql("read_at", [w])}) AS week, count(DISTINCT plate) AS plates
      FROM plate_reads WHERE plate IS NOT NULL AND ${RANGE("read_at")}
      GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "new-vs-returning-per-month",
    label: "Nieuwe en terugkerende klanten per maand (365 dagen)",
    days: 365,
    // new: the plate's first read ever falls in the month; returning: it was read before the month.
    // A first read before the window is before every month in it, so its local time is never needed.
    sql: (w) => `WITH first_seen AS (
        SELECT plate, min(read_at) AS first_at FROM plate_reads WHERE plate IS NOT NULL GROUP BY plate
      ), visits AS (
        SELECT DISTINCT date_trunc('month', ${localTimeSql("read_at", [w])}) AS month, plate
        FROM plate_reads WHERE plate IS NOT NULL AND ${RANGE("read_at")}
      )
      SELECT month, count(*) FILTER (WHERE is_new) AS new_plates, count(*) FILTER (WHERE NOT is_new) AS returning_plates
      FROM (
        SELECT month, first_at >= $1::TIMESTAMPTZ AND ${localTimeSql("first_at", [w])} >= month AS is_new
        FROM visits JOIN first_seen USING (plate)
      ) GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "programme-mix-per-month",
    label: "Programmamix per maand (365 dagen)",
    days: 365,
    sql: (w) => `SELECT date_trunc('month', ${localTimeSql("l.occurred_at", [w])}) AS month, i.code,
        sum(l.quantity) AS quantity, sum(l.amount_cents) AS revenue_cents
      FROM transaction_lines l JOIN items i ON i.id = l.item_id
      WHERE i.kind = 'programma' AND ${RANGE("l.occurred_at")}
      GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "anpr-read-rate-per-camera",
    label: "Leesgraad en betrouwbaarheid per camera per uur (30 dagen)",
    days: 30,
    sql: (w) => `SELECT camera, hour(${localTimeSql("read_at", [w])}) AS hour, count(*) AS reads,
        count(*) FILTER (WHERE plate IS NULL) AS no_reads, avg(confidence) AS confidence
      FROM plate_reads WHERE ${RANGE("read_at")}
      GROUP BY ALL ORDER BY ALL`,
  },
];

/** The last `days` whole local days up to the day of the newest transaction (the demo's "today"). */
export async function windowOf(db: Queryable, days: number): Promise<TimeWindow> {
  const [row] = await db.query<{ last: string }>("SELECT max(occurred_at) AS last FROM transactions");
  const to = localDate(new Date(row.last));
  const from = localDate(new Date(startOfDay(to).getTime() - (days - 1) * 86_400_000 + 12 * 3_600_000));
  return { from, to, start: startOfDay(from), end: endOfDay(to) };
}
