import type { Database } from "../db/database.ts";
import { repeat } from "../lifecycle/repeat.ts";
import { logger } from "../logging/logger.ts";
import { type DeliveryChannels, deliverDue } from "./deliver.ts";
import { evaluateAlerts } from "./evaluate.ts";

const MINUTE_MS = 60_000;

/** Evaluates the rules and sends what is due, at `clock()`; one run at a time (a slow run skips a tick). */
export function alertRunner(db: Database, clock: () => Date, channels: DeliveryChannels) {
  let running: Promise<void> | null = null;
  return (): Promise<void> => {
    running ??= (async () => {
      try {
        const now = clock();
        await evaluateAlerts(db, now);
        await deliverDue(db, now, channels);
      } catch (error) {
        logger.error("alert run failed", { error });
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/** Runs the alerts every minute while the server runs; returns the function that stops that (lifecycle/repeat.ts). */
export const scheduleAlerts = (run: () => Promise<void>) => repeat("alert run", run, MINUTE_MS);
