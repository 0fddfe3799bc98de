import type { Queryable } from "../src/server/db/database.ts";

// Representative analytical queries for `npm run bench`, written the way the report modules query: local
// Europe/Amsterdam buckets, a time window on the fact's own timestamp (so zonemaps prune), raw counts out.
// Reports that exist as endpoints are measured over HTTP as well; these stay as the fixed yardstick for
// the data model itself.

export interface BenchQuery {
  key: string;
  label: string;
  /** Window length in days, ending at the newest data. */
  days: number;
  sql: string;
}

const local = (column: string) => `timezone('Europe/Amsterdam', ${column})`;

export const BENCH_QUERIES: BenchQuery[] = [
  {
    key: "washes-revenue-per-day-site",
    label: "Wasbeurten en omzet per dag per vestiging (30 dagen)",
    days: 30,
    // washes: sales at a site (online sales are not a visit); revenue: what was paid, incl. VAT.
    sql: `SELECT site_id, ${local("occurred_at")}::DATE AS day,
        count(*) FILTER (WHERE sales_channel = 'site') AS washes, sum(total_cents) AS revenue_cents
      FROM transactions WHERE occurred_at >= $1::TIMESTAMPTZ AND occurred_at < $2::TIMESTAMPTZ
      GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "unique-plates-per-week",
    label: "Unieke kentekens per ISO-week (365 dagen)",
    days: 365,
    sql: `SELECT date_trunc('week', ${local("read_at")})::DATE AS week, count(DISTINCT plate) AS plates
      FROM plate_reads WHERE plate IS NOT NULL AND read_at >= $1::TIMESTAMPTZ AND read_at < $2::TIMESTAMPTZ
      GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "new-vs-returning-per-month",
    label: "Nieuwe en terugkerende klanten per maand (365 dagen)",
    days: 365,
    // new: the plate's first read ever falls in the month; returning: seen in an earlier month.
    sql: `WITH first_seen AS (
        SELECT plate, min(read_at) AS first_at FROM plate_reads WHERE plate IS NOT NULL GROUP BY plate
      ), visits AS (
        SELECT DISTINCT date_trunc('month', ${local("read_at")}) AS month, plate
        FROM plate_reads WHERE plate IS NOT NULL AND read_at >= $1::TIMESTAMPTZ AND read_at < $2::TIMESTAMPTZ
      )
      SELECT month::DATE AS month,
        count(*) FILTER (WHERE date_trunc('month', ${local("first_at")}) = month) AS new_plates,
        count(*) FILTER (WHERE date_trunc('month', ${local("first_at")}) < month) AS returning_plates
      FROM visits JOIN first_seen USING (plate) GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "programme-mix-per-month",
    label: "Programmamix per maand (365 dagen)",
    days: 365,
    sql: `SELECT date_trunc('month', ${local("l.occurred_at")})::DATE AS month, i.code,
        sum(l.quantity) AS quantity, sum(l.amount_cents) AS revenue_cents
      FROM transaction_lines l JOIN items i ON i.id = l.item_id
      WHERE i.kind = 'programma' AND l.occurred_at >= $1::TIMESTAMPTZ AND l.occurred_at < $2::TIMESTAMPTZ
      GROUP BY ALL ORDER BY ALL`,
  },
  {
    key: "anpr-read-rate-per-camera",
    label: "Leesgraad en betrouwbaarheid per camera per uur (30 dagen)",
    days: 30,
    sql: `SELECT camera, hour(${local("read_at")}) AS hour, count(*) AS reads,
        count(*) FILTER (WHERE plate IS NULL) AS no_reads, avg(confidence) AS confidence
      FROM plate_reads WHERE read_at >= $1::TIMESTAMPTZ AND read_at < $2::TIMESTAMPTZ
      GROUP BY ALL ORDER BY ALL`,
  },
];

/** The window of a query: `days` days up to the newest transaction (demo data ends at its own "today"). */
export async function windowOf(db: Queryable, days: number): Promise<[string, string]> {
  const [row] = await db.query<{ last: string }>("SELECT max(occurred_at) AS last FROM transactions");
  const end = new Date(row.last);
  return [
    new Date(end.getTime() - days * 86_400_000).toISOString(),
    new Date(end.getTime() + 1).toISOString(),
  ];
}
