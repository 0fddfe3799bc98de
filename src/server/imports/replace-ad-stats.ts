import type { AdStatRow } from "../../shared/ad-stats.ts";
import type { ImportPeriod } from "../../shared/imports.ts";
import type { Database, Queryable } from "../db/database.ts";
import { adStatColumns } from "../ingest/ad-stats.ts";
import { serialized } from "../ingest/serialize.ts";
import { unnestRelation } from "../ingest/unnest.ts";

// An export covers whole days of one account: importing it replaces what is stored for that platform,
// account and those days, so a corrected or re-downloaded file never doubles the figures, and objects that
// are gone from the new file (a renamed ad) are gone from the database too. storeAdStats (the API's upsert)
// cannot do this: it keeps rows missing from a batch, and runs its own transaction, where the delete and
// the insert must share one.

/** Per account, the first and last day of its rows. */
export function periodsOf(rows: AdStatRow[]): Omit<ImportPeriod, "existingRows">[] {
  const byAccount = new Map<string, { from: string; to: string }>();
  for (const row of rows) {
    const period = byAccount.get(row.account);
    if (!period) byAccount.set(row.account, { from: row.date, to: row.date });
    else {
      if (row.date < period.from) period.from = row.date;
      if (row.date > period.to) period.to = row.date;
    }
  }
  return [...byAccount].map(([account, period]) => ({ account, ...period })).sort(byAccountName);
}

const byAccountName = (a: { account: string }, b: { account: string }) => a.account.localeCompare(b.account);

const SCOPE = "platform = $1 AND account = $2 AND stat_date BETWEEN $3::DATE AND $4::DATE";

/** The periods with the number of rows stored for each now. */
export async function withExistingRows(
  db: Queryable,
  platform: string,
  periods: Omit<ImportPeriod, "existingRows">[],
): Promise<ImportPeriod[]> {
  const counted: ImportPeriod[] = [];
  for (const period of periods) {
    const [{ rows }] = await db.query<{ rows: number }>(
      `SELECT count(*) AS rows FROM ad_stats_daily WHERE ${SCOPE}`,
      [platform, period.account, period.from, period.to],
    );
    counted.push({ ...period, existingRows: rows });
  }
  return counted;
}

export interface Replaced {
  periods: ImportPeriod[];
  inserted: number;
  replaced: number;
}

/**
 * Deletes the stored rows of the rows' platform, accounts and periods and inserts the rows, in one
 * transaction; `alsoInTransaction` (the audit entry) runs inside it.
 */
export function replaceAdStats(
  db: Database,
  rows: AdStatRow[],
  alsoInTransaction: (tx: Queryable, replaced: Replaced) => Promise<void>,
): Promise<Replaced> {
  const platform = rows[0].platform;
  return serialized(db, "ad_stats_daily", () =>
    db.transaction(async (tx, connection) => {
      const periods = await withExistingRows(tx, platform, periodsOf(rows));
      for (const period of periods) {
        await tx.run(`DELETE FROM ad_stats_daily WHERE ${SCOPE}`, [
          platform,
          period.account,
          period.from,
          period.to,
        ]);
      }
      const relation = unnestRelation(adStatColumns(rows));
      await connection.run(
        `INSERT INTO ad_stats_daily BY NAME SELECT *, now() AS updated_at FROM ${relation.sql}`,
        relation.values,
        relation.types,
      );
      const replaced = {
        periods,
        inserted: rows.length,
        replaced: periods.reduce((sum, period) => sum + period.existingRows, 0),
      };
      await alsoInTransaction(tx, replaced);
      return replaced;
    }),
  );
}
