import type { Queryable } from "../../db/database.ts";
import { localTimeSql } from "../buckets.ts";
import { endOfDay, localDate, startOfDay } from "../time-zone.ts";

// The upkeep of a table of sums per (local day, site) over a table of rows with site_id and occurred_at
// (programme_visits_daily over programme_visits, membership_washes_daily over membership_washes): every
// (site, day) holding a row deleted, inserted or changed is summed again from the whole source, so the sums
// always equal a sum of the whole table.

export interface SiteDaySums {
  /** The rows summed (site_id, occurred_at and what `sums` reads). */
  source: string;
  /** The table of sums: day, site_id, then the columns of `sums` in its order. */
  target: string;
  /** The SELECT list after `day, site_id` over the source's rows (with `day`), grouped by its keys (GROUP BY ALL). */
  sums: string;
}

/** Sums again every (site, local day) of the rows of `changed` (a table of site_id, occurred_at). */
export async function sumSiteDaysAgain(tx: Queryable, t: SiteDaySums, changed: string): Promise<void> {
  const [range] = await tx.query<{ first: number | null; last: number | null }>(
    `SELECT epoch_ms(min(occurred_at)) AS first, epoch_ms(max(occurred_at)) AS last FROM ${changed}`,
  );
  if (range.first === null || range.last === null) return;
  const from = localDate(new Date(Number(range.first)));
  const to = localDate(new Date(Number(range.last)));
  const window = { from, to, start: startOfDay(from), end: endOfDay(to) };
  const day = `(${localTimeSql("occurred_at", [window])})::DATE`;
  const params = { start: window.start.toISOString(), end: window.end.toISOString() };
  await tx.run(
    `CREATE OR REPLACE TEMP TABLE site_days_again AS SELECT DISTINCT site_id, ${day} AS day FROM ${changed}`,
  );
  await tx.run(
    `DELETE FROM ${t.target} d WHERE EXISTS (SELECT 1 FROM site_days_again c WHERE c.site_id = d.site_id AND c.day = d.day)`,
  );
  await tx.run(
    `INSERT INTO ${t.target}
      SELECT day, site_id, ${t.sums}
      FROM (SELECT *, ${day} AS day FROM ${t.source}
        WHERE occurred_at >= $start::TIMESTAMPTZ AND occurred_at < $end::TIMESTAMPTZ)
      SEMI JOIN site_days_again USING (site_id, day)
      GROUP BY ALL ORDER BY day`,
    params,
  );
  await tx.run("DROP TABLE site_days_again");
}
