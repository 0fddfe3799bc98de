import type { PrivacyStatus } from "../../shared/admin/privacy.ts";
import type { Database } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import { loadPseudonymKey } from "./pseudonym.ts";
import { pseudonymiseExpired } from "./pseudonymise.ts";

// The retention of plates, run by the server itself: a minute after start-up (not in the way of the first
// requests) and every six hours after that, so a plate is pseudonymised at most six hours after its
// retention ended. Runs never overlap; each is recorded in privacy_runs for the Privacy screen.

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 6 * 3_600_000;

export interface PrivacySettings {
  retentionDays: number | null;
  keyHex: string | null;
  now: () => Date;
  /** Run by the timer; off under a fixed test clock, which never reaches a next run (tests call runNow). */
  scheduled: boolean;
}

export interface Housekeeping {
  /** Runs the retention now (after a run in progress) and answers with the new status. */
  runNow: () => Promise<PrivacyStatus>;
  status: () => Promise<PrivacyStatus>;
}

export function startHousekeeping(db: Database, settings: PrivacySettings): Housekeeping {
  let chain: Promise<unknown> = Promise.resolve();
  const status = async (): Promise<PrivacyStatus> => {
    const [lastRun] = await db.query<NonNullable<PrivacyStatus["lastRun"]>>(
      `SELECT ran_at AS "ranAt", plates, reads, transactions FROM privacy_runs ORDER BY ran_at DESC, rowid DESC LIMIT 1`,
    );
    const [total] = await db.query<PrivacyStatus["total"]>(
      `SELECT coalesce(sum(plates), 0)::INTEGER AS plates, coalesce(sum(reads), 0)::INTEGER AS reads,
         coalesce(sum(transactions), 0)::INTEGER AS transactions FROM privacy_runs`,
    );
    return { retentionDays: settings.retentionDays, lastRun: lastRun ?? null, total };
  };
  const run = async () => {
    const now = settings.now();
    const counts =
      settings.retentionDays === null
        ? { plates: 0, reads: 0, transactions: 0 }
        : await pseudonymiseExpired(db, {
            retentionDays: settings.retentionDays,
            now,
            key: await loadPseudonymKey(db, settings.keyHex),
          });
    await db.run("INSERT INTO privacy_runs VALUES ($1::TIMESTAMPTZ, $2, $3, $4, $5)", [
      now.toISOString(),
      settings.retentionDays,
      counts.plates,
      counts.reads,
      counts.transactions,
    ]);
  };
  const queued = () => {
    const next = chain.catch(() => {}).then(run);
    chain = next;
    return next;
  };
  // A closed database (its process stopping, or a test that ended) has nothing left to pseudonymise.
  const scheduled = () =>
    db.isClosed || queued().catch((error) => logger.error("expired plates not pseudonymised", { error }));
  if (settings.scheduled) {
    setTimeout(scheduled, FIRST_RUN_MS).unref();
    setInterval(scheduled, EVERY_MS).unref();
  }
  return {
    runNow: async () => {
      await queued();
      return status();
    },
    status,
  };
}
