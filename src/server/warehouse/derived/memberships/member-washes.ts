import type { Queryable } from "../../../db/database.ts";
import { aheadOfWatermark, countOf, serialised } from "../../derived-sync.ts";
import type { DerivedDeclaration } from "../../derived-tables.ts";
import { type SiteDaySums, sumSiteDaysAgain } from "../site-day-sums.ts";
import { keepWashSums } from "./wash-sums.ts";

// Member washes (REPORT-DEFINITIONS §5), kept in membership_washes (migration 112): a wash (a row of
// programme_visits) whose plate an active membership covered at that moment (membership_plates). Both sides
// change: a sale or its programme line arrives (programme_visits gains or redoes the sale), or a member's
// events arrive (membership_plates redoes the member). Each sync works out again the sales and the members
// that the upstream tables took in since, and anything else (rows deleted from the facts) all of it.
// It follows the upstream tables' own bookkeeping, not the facts': a report request may leave their catch-up
// to the refresher, and a wash can only be a member's once programme_visits and membership_plates hold it.
// The members whose washes or events a sync worked out again get their sums (wash-sums.ts) worked out too,
// and the days of the washes deleted or inserted their daily sums (membership_washes_daily, migration 123).

/** Member washes from programme_visits `v` and membership_plates `p`, narrowed by `where`. */
const memberWashesSql = (where: string) => `SELECT v.transaction_id, p.member_id, p.site_id AS member_site_id,
    v.site_id, v.occurred_at, v.free
  FROM programme_visits v JOIN membership_plates p ON p.plate = v.plate
    AND v.occurred_at >= p.started_at AND v.occurred_at < coalesce(p.ended_at, 'infinity'::TIMESTAMPTZ)
  WHERE ${where}`;

/** membership_washes_daily: the member washes per day, site, site of the membership and free or not. */
const MEMBER_WASH_DAYS: SiteDaySums = {
  source: "membership_washes",
  target: "membership_washes_daily",
  sums: "member_site_id, free, count(*) AS washes",
};

const FACTS = {
  transactions: "transactions",
  lines: "transaction_lines",
  events: "membership_events",
  plates: "membership_event_plates",
} as const;
type Fact = keyof typeof FACTS;
type SyncState = Record<Fact | `${Fact}_next`, number>;

/** How far the upstream tables have taken the facts in; for the sales, rows taken in are also the next rowid. */
async function upstream(tx: Queryable): Promise<SyncState> {
  const [visits] = await tx.query<{ transactions: number; lines: number }>(
    "SELECT transactions, lines FROM programme_visits_sync",
  );
  const [members] = await tx.query<Pick<SyncState, "events" | "events_next" | "plates" | "plates_next">>(
    "SELECT events, events_next, plates, plates_next FROM membership_state_sync",
  );
  return {
    transactions: visits.transactions,
    transactions_next: visits.transactions,
    lines: visits.lines,
    lines_next: visits.lines,
    ...members,
  };
}

export const syncMemberWashes = (db: Queryable) =>
  serialised(
    db,
    "membership_washes_sync",
    (database) =>
      database.transaction(async (tx) => {
        const [state] = await tx.query<SyncState>("SELECT * FROM membership_washes_sync");
        const target = await upstream(tx);
        const facts = Object.keys(FACTS) as Fact[];
        if (
          facts.every(
            (fact) => target[fact] === state[fact] && target[`${fact}_next`] === state[`${fact}_next`],
          )
        )
          // nothing new; the sums are worked out if missing (a database from before migration 122)
          return keepWashSums(tx, null, target.events_next);
        // Under a watermark (watermark.ts) the facts are cut where the read stands: upstream tables a later
        // catch-up brought further hold rows this sync cannot see, so it leaves them to that catch-up's round.
        for (const fact of facts) {
          if (aheadOfWatermark((await countOf(tx, FACTS[fact])).rows, target[fact])) return;
        }
        const appended = facts.every(
          (fact) =>
            target[fact] >= state[fact] &&
            target[fact] - state[fact] === target[`${fact}_next`] - state[`${fact}_next`],
        );
        if (appended) {
          const params = Object.fromEntries(
            facts.flatMap((fact) => [
              [fact, state[`${fact}_next`]],
              [`${fact}_to`, target[`${fact}_next`]],
            ]),
          );
          const sales = `SELECT id FROM transactions WHERE rowid >= $transactions AND rowid < $transactions_to
            UNION SELECT transaction_id FROM transaction_lines WHERE rowid >= $lines AND rowid < $lines_to`;
          const members = `SELECT member_id FROM membership_events WHERE rowid >= $events AND rowid < $events_to
            UNION SELECT member_id FROM membership_event_plates WHERE rowid >= $plates AND rowid < $plates_to`;
          // the members whose washes change: theirs before and after, and those of the sales
          const changed = `SELECT member_id FROM membership_washes WHERE transaction_id IN (${sales})`;
          await tx.run(
            `CREATE OR REPLACE TEMP TABLE wash_sums_changed AS ${changed} UNION ${members}`,
            params,
          );
          const redone = `transaction_id IN (${sales}) OR member_id IN (${members})`;
          // the days of the washes deleted and inserted are summed again
          await tx.run(
            `CREATE OR REPLACE TEMP TABLE member_wash_days AS SELECT site_id, occurred_at FROM membership_washes WHERE ${redone}`,
            params,
          );
          await tx.run(`DELETE FROM membership_washes WHERE ${redone}`, params);
          // the washes worked out again, kept apart once: inserted, and read for their days and members
          await tx.run(
            `CREATE OR REPLACE TEMP TABLE member_washes_fresh AS ${memberWashesSql(
              `v.transaction_id IN (${sales}) OR p.member_id IN (${members})`,
            )}`,
            params,
          );
          await tx.run(
            "INSERT INTO membership_washes BY NAME (SELECT * FROM member_washes_fresh ORDER BY occurred_at)",
          );
          await tx.run("INSERT INTO member_wash_days SELECT site_id, occurred_at FROM member_washes_fresh");
          await sumSiteDaysAgain(tx, MEMBER_WASH_DAYS, "member_wash_days");
          const { transactions, transactions_to, lines, lines_to } = params;
          await tx.run(
            `INSERT INTO wash_sums_changed SELECT member_id FROM member_washes_fresh WHERE transaction_id IN (${sales})`,
            { transactions, transactions_to, lines, lines_to },
          );
          await tx.run("DROP TABLE member_wash_days");
          await tx.run("DROP TABLE member_washes_fresh");
          await keepWashSums(
            tx,
            { members: "SELECT member_id FROM wash_sums_changed", params: {} },
            target.events_next,
          );
        } else {
          await tx.run("DELETE FROM membership_washes");
          await tx.run("DELETE FROM membership_washes_daily");
          await tx.run(
            `INSERT INTO membership_washes BY NAME (${memberWashesSql("true")} ORDER BY v.occurred_at)`,
          );
          await sumSiteDaysAgain(tx, MEMBER_WASH_DAYS, "membership_washes");
          await keepWashSums(tx, "all", target.events_next);
        }
        await tx.run(
          `UPDATE membership_washes_sync SET ${Object.keys(target)
            .map((column) => `${column} = $${column}`)
            .join(", ")}, synced_at = now()`,
          target,
        );
      }),
    FACTS,
  );

/**
 * Member washes and each member's sums of them and of its events (wash-sums.ts), after the programme visits
 * and each membership's course.
 */
export const MEMBER_WASHES_DECLARED: DerivedDeclaration = {
  name: "abonnementen: wassen door leden",
  follows: ["programme_visits", "membership_plates"],
  tables: ["membership_washes", "membership_washes_daily", "membership_wash_sums", "membership_event_sums"],
  bookkeeping: { state: "membership_washes_sync", facts: FACTS },
  plateColumns: {},
  sync: syncMemberWashes,
  reset: async (tx) => {
    await tx.run("DELETE FROM membership_washes");
    await tx.run("DELETE FROM membership_washes_daily");
    await tx.run("DELETE FROM membership_wash_sums");
    await tx.run("DELETE FROM membership_event_sums");
    await tx.run(
      `UPDATE membership_washes_sync SET ${Object.keys(FACTS)
        .flatMap((fact) => [`${fact} = 0`, `${fact}_next = 0`])
        .join(", ")}, sums_at = NULL`,
    );
  },
  // no plate kept here; an erased plate's events and sales go, and the next sync works everything out again
  erase: null,
};
