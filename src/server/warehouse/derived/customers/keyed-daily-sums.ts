import type { Queryable } from "../../../db/database.ts";
import { localDate } from "../../time-zone.ts";

// The upkeep of a table of daily sums over customer_visits keyed by (day, site_id, …more keys), whose rows
// are each visit's own 0/1 flags summed (cohorts-daily.ts, visit-gaps.ts): a day's sums change only where
// customer_visits' rows of that day change, and a plate's visits' flags are theirs alone. Rows whose sums
// are all 0 are not kept, so the table equals a rebuild after any change.

export interface KeyedDailySums {
  table: string;
  /** The keys after day and site_id. */
  keys: string[];
  sums: string[];
  /**
   * SQL: one row per flagged (part of a) visit of customer_visits matching `where`, with day, site_id,
   * the keys and 0/1 sums.
   */
  rows: (where: string) => string;
}

const sumsSql = (t: KeyedDailySums, where: string) => {
  const keys = ["day", "site_id", ...t.keys].join(", ");
  return `SELECT ${keys}, ${t.sums.map((c) => `sum(${c}) AS ${c}`).join(", ")}
  FROM (${t.rows(where)})
  GROUP BY ${keys}`;
};

/** Works the sums out again for the local days from the one `since` falls in, or for all days (refreshVisitsDaily). */
export async function refreshKeyedDaily(
  tx: Queryable,
  t: KeyedDailySums,
  since: string | null,
): Promise<void> {
  // in day order, so the table stays in time order and a period's scan skips the rest
  const order = ["day", "site_id", ...t.keys].join(", ");
  if (since === null) {
    await tx.run(`DELETE FROM ${t.table}`);
    await tx.run(`INSERT INTO ${t.table} BY NAME (${sumsSql(t, "true")} ORDER BY ${order})`);
    return;
  }
  const params = { day: localDate(new Date(since)) };
  await tx.run(`DELETE FROM ${t.table} WHERE day >= $day::DATE`, params);
  await tx.run(
    `INSERT INTO ${t.table} BY NAME (${sumsSql(t, "visit_local >= $day::DATE::TIMESTAMP")} ORDER BY ${order})`,
    params,
  );
}

/** Takes a plate's visits out of the sums, before they are deleted (eraseFromVisitsDaily). Rows left empty go. */
export async function eraseFromKeyedDaily(tx: Queryable, t: KeyedDailySums, plate: string): Promise<void> {
  const keys = ["day", "site_id", ...t.keys].map((k) => `d.${k} = e.${k}`).join(" AND ");
  await tx.run(
    `UPDATE ${t.table} d SET ${t.sums.map((c) => `${c} = d.${c} - e.${c}`).join(", ")}
      FROM (${sumsSql(t, "customer_id IN (SELECT id FROM customers WHERE plate = $plate)")}) e
      WHERE ${keys}`,
    { plate },
  );
  await tx.run(`DELETE FROM ${t.table} WHERE ${t.sums.map((c) => `${c} = 0`).join(" AND ")}`);
}
