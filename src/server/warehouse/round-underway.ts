import type { Database } from "../db/database.ts";

// The refresher's round under way (derived-refresher.ts), for the requests that wait for it to put their
// tables in step (read-at-one-moment.ts, derived-sync.ts settled).

/**
 * The refresher's round under way on a database, until it ends: it brings every declaration to one watermark,
 * `reaches` (fact table → rows) once it has counted the facts.
 */
export interface Round {
  done: Promise<void>;
  reaches: Readonly<Record<string, number>> | null;
}
const rounds = new WeakMap<Database, Round>();

/** The refresher's round under way; null between rounds. */
export const roundOf = (db: Database): Round | null => rounds.get(db) ?? null;

/** Notes the refresher's round under way, so that a request can wait for the tables to be in step. */
export function roundUnderway(db: Database, done: Promise<void>): void {
  const round: Round = { done, reaches: null };
  rounds.set(db, round);
  const ended = () => {
    if (rounds.get(db) === round) rounds.delete(db);
  };
  done.then(ended, ended);
}

/** Notes the watermark the round under way brings every declaration to. */
export function roundReaches(db: Database, watermark: Readonly<Record<string, number>>): void {
  const round = rounds.get(db);
  if (round) round.reaches = watermark;
}
