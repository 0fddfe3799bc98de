import type { Queryable } from "../../../db/database.ts";
import { type DerivedTables, declareDerived, emptyDerived, syncDerived } from "../../additive-sync.ts";
import { localTimeSql } from "../../buckets.ts";
import { plateSteps } from "./plate-steps.ts";
import { sessionSteps } from "./session-steps.ts";

// Keeps the journey tables (migration 070) up to date with the facts. What arrived since the last call
// decides what is worked out again, each from its whole history, so late and out-of-order facts give what a
// rebuild gives:
// - sessions: every visitor-day with a new session (an earlier non-direct session changes what a later
//   Direct session inherits);
// - plates: those with new reads or sales, and those whose sales link to a new or re-attributed claim or
//   conversion; their redemptions and their acquisition are replaced.
// A rebuild is the same code with "everything is new" (all counts 0).

const JOURNEY: DerivedTables = {
  state: "journey_sync",
  facts: {
    sessions: "web_sessions",
    events: "web_events",
    transactions: "transactions",
    reads: "plate_reads",
  },
  tables: [
    "journey_sessions",
    "journey_daily",
    "journey_redemptions",
    "journey_customers",
    "journey_landing_daily",
  ],
  add: addToJourney,
};

/** Brings journey_sessions, journey_redemptions and journey_customers up to date with the facts. */
export const syncJourney = (db: Queryable) => syncDerived(db, JOURNEY);

/**
 * Empties the journey in the caller's transaction, to be worked out again from the facts by the next sync.
 * An erased plate sits in it in several derived forms (redemptions, acquired customers, their daily sums);
 * a rebuild from facts that no longer hold the plate is what they must become, and until then nothing
 * keeps it.
 */
export const forgetJourney = (tx: Queryable) => emptyDerived(tx, JOURNEY);

async function addToJourney(tx: Queryable, from: Record<string, number>): Promise<void> {
  const [span] = await tx.query<{ first: string | null; last: string | null }>(
    `SELECT least((SELECT min(started_at) FROM web_sessions), (SELECT min(occurred_at) FROM transactions))::VARCHAR AS first,
       greatest((SELECT max(started_at) FROM web_sessions), (SELECT max(occurred_at) FROM transactions))::VARCHAR AS last`,
  );
  if (span.first === null || span.last === null) return;
  const start = new Date(span.first);
  const end = new Date(new Date(span.last).getTime() + 86_400_000);
  const localDate = (column: string) => `${localTimeSql(column, [{ start, end }])}::DATE`;
  // The sessions a round works out again (of a visitor-day with a new session, or of a day with a new session
  // or event) began at most a local day (25 hours) before the earliest new session or session with a new
  // event: a bound on started_at that spares the other columns of older sessions, and lets the scan of
  // web_sessions (ingested in time order) skip the older row groups.
  const [since] = await tx.query<{ at: string | null }>(
    `SELECT (min(started_at) - INTERVAL 2 DAY)::VARCHAR AS at FROM web_sessions
      WHERE rowid >= $sessions OR id IN (SELECT session_id FROM web_events WHERE rowid >= $events)`,
    { sessions: from.sessions, events: from.events },
  );
  // No new session and no new event of a known session (the usual round while only cameras and tills send):
  // no visitor-day and no date is worked out again, so a bound past every session spares those steps their
  // scans of journey_sessions (~150 ms CPU a round at 1×).
  const steps = [
    ...sessionSteps(localDate, `TIMESTAMPTZ '${since.at ?? span.last}'`),
    ...plateSteps(localDate, from.transactions === 0),
  ];
  for (const step of steps) await tx.run(step, stepParams(step, from));
  for (const table of TEMP_TABLES) await tx.run(`DROP TABLE IF EXISTS ${table}`);
}

const TEMP_TABLES = [
  "journey_days",
  "journey_events",
  "journey_dates",
  "journey_touched",
  "journey_sales",
  "journey_plates",
  "journey_redeeming",
  "journey_history",
  "journey_credited",
  "journey_credited_dates",
];

/** DuckDB refuses named parameters a statement does not use: pass each step only its own. */
function stepParams(sql: string, from: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(from).filter(([name]) => new RegExp(`\\$${name}\\b`).test(sql)));
}

/** The customer journey; an erased plate empties it, to be worked out again without the plate. */
export const JOURNEY_DECLARED = declareDerived(JOURNEY, syncJourney, {
  name: "de klantreis: advertentie, sessie, voucher, eerste wasbeurt",
  plateColumns: { journey_redemptions: ["plate"], journey_customers: ["plate"] },
  erase: (tx) => forgetJourney(tx),
});
