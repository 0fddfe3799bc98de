import type { DuckDBValue } from "@duckdb/node-api";
import type { Queryable } from "../../../db/database.ts";

// Each member's washes in the year before one instant and events up to it, kept in membership_wash_sums and
// membership_event_sums (migration 122) with the member washes (member-washes.ts): Abonnementen › Leden weighs
// them at the end of its period, and grouping every member wash of a year and every event at each request
// took most of its time. The instant (sums_at) is the hour the newest member wash began in: a request at any
// instant reads the sums of the members whose washes and events are the same at its instant and works out
// only the others again (reports/memberships/members-sql.ts), which near now are the few with a wash or an
// event since that hour, or a wash or decline just a year, 90 or 30 days before it; from the washes and
// events kept here and the few outside them, never going through all of a year's.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The sums' look-backs from `at`: the year, 90 and 30 days, as ISO instants (washSumsSql's parameters). */
export function washWindows(at: Date): Record<"at" | "t30" | "t90" | "t365", string> {
  const back = (days: number) => new Date(at.getTime() - days * DAY_MS).toISOString();
  return { at: at.toISOString(), t30: back(30), t90: back(90), t365: back(365) };
}

/**
 * Per member of `washes` (rows of member_id, occurred_at): its washes in the year before $at (how many, in
 * the last 90 and 30 days, the last, all of them in order) and the median of the days between consecutive
 * ones in that year.
 */
export const washSumsSql = (washes: string) => `SELECT member_id, count(*) AS washes,
    count(*) FILTER (WHERE occurred_at > $t90::TIMESTAMPTZ) AS washes_90,
    count(*) FILTER (WHERE occurred_at > $t30::TIMESTAMPTZ) AS washes_30,
    max(occurred_at) AS last_wash_at, median(gap) AS median_gap, list(occurred_at ORDER BY occurred_at) AS wash_times
  FROM (
    SELECT member_id, occurred_at,
      (epoch(occurred_at) - epoch(lag(occurred_at) OVER (PARTITION BY member_id ORDER BY occurred_at))) / 86400 AS gap
    FROM (${washes})
    WHERE occurred_at <= $at::TIMESTAMPTZ AND occurred_at > $t365::TIMESTAMPTZ
  )
  GROUP BY member_id`;

/**
 * Per member of `events` (rows of member_id, occurred_at, type): its last decline and charge up to $at, its
 * declines in the 90 days before, whether it ever paused, and those events (instant and type, in pairs).
 */
export const eventSumsSql = (events: string) => `SELECT member_id,
    max(occurred_at) FILTER (WHERE type = 'decline') AS declined_at,
    max(occurred_at) FILTER (WHERE type = 'charge') AS charged_at,
    count(*) FILTER (WHERE type = 'decline' AND occurred_at > $t90::TIMESTAMPTZ) AS declines_90,
    count(*) FILTER (WHERE type = 'pause') > 0 AS paused_before,
    list(occurred_at ORDER BY occurred_at, type) AS event_times, list(type ORDER BY occurred_at, type) AS event_types
  FROM (${events}) WHERE type IN ('decline', 'charge', 'pause') AND occurred_at <= $at::TIMESTAMPTZ
  GROUP BY member_id`;

/** The instant the kept sums are for; null before any member wash. */
export async function sumsInstant(db: Queryable): Promise<Date | null> {
  const [{ sums_at }] = await db.query<{ sums_at: string | null }>(
    "SELECT sums_at FROM membership_washes_sync",
  );
  return sums_at === null ? null : new Date(sums_at);
}

/**
 * Brings the sums up to date in the member washes' transaction, after their rows changed: `changed` says
 * whose (a subquery of member ids and its parameters), "all", or null for none. The events are those the
 * member washes took in (rowid below `eventsTo`). When the newest wash began in another hour than the sums
 * are for, all are worked out anew for that hour (about once an hour while washes arrive); otherwise only
 * the changed members.
 */
export async function keepWashSums(
  tx: Queryable,
  changed: { members: string; params: Record<string, DuckDBValue> } | "all" | null,
  eventsTo: number,
): Promise<void> {
  const [{ newest, sums_at }] = await tx.query<{ newest: string | null; sums_at: string | null }>(
    "SELECT (SELECT max(occurred_at) FROM membership_washes) AS newest, sums_at FROM membership_washes_sync",
  );
  const at = newest === null ? null : new Date(Math.floor(Date.parse(newest) / HOUR_MS) * HOUR_MS);
  const moved = at?.getTime() !== (sums_at === null ? undefined : Date.parse(sums_at));

  const keep = async (whose: string | null, params: Record<string, DuckDBValue>) => {
    for (const table of ["membership_wash_sums", "membership_event_sums"]) {
      await tx.run(
        `DELETE FROM ${table}${whose ? ` WHERE member_id IN (${whose})` : ""}`,
        whose ? params : {},
      );
    }
    if (!at) return;
    const windows = { ...params, ...washWindows(at) };
    await tx.run(
      `INSERT INTO membership_wash_sums BY NAME (${washSumsSql(
        `SELECT member_id, occurred_at FROM membership_washes${whose ? ` WHERE member_id IN (${whose})` : ""}`,
      )})`,
      windows,
    );
    await tx.run(
      `INSERT INTO membership_event_sums BY NAME (${eventSumsSql(
        `SELECT member_id, occurred_at, type FROM membership_events
        WHERE rowid < $events_to${whose ? ` AND member_id IN (${whose})` : ""}`,
      )})`,
      { ...params, at: windows.at, t90: windows.t90, events_to: eventsTo },
    );
  };
  if (moved || changed === "all") {
    await keep(null, {});
    if (moved)
      await tx.run("UPDATE membership_washes_sync SET sums_at = $at::TIMESTAMPTZ", {
        at: at?.toISOString() ?? null,
      });
  } else if (changed) await keep(changed.members, changed.params);
}
