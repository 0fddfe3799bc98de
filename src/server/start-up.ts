import { serverClock } from "./clock.ts";
import type { Database } from "./db/database.ts";
import { prepareTodayForecasts } from "./forecast/today.ts";
import { logger } from "./logging/logger.ts";
import type { DerivedRefresher } from "./warehouse/derived-refresher.ts";

// What a start finishes before it says it is ready for traffic (/readyz), so that the first people in do not
// wait for it: the report tables built (the refresher's first round), the log of that build and of a demo's
// seeding written into the database file, and today's forecasts fitted from the built tables.

/**
 * Starts the preparation; returns why the server is not ready yet, or null once it is. A step that fails is
 * logged and passed: it costs the first request time, not the server its traffic.
 */
export function prepareStart(db: Database, refresher: DerivedRefresher): () => string | null {
  let checkpointed = false;
  let forecastsFitted = false;
  refresher.firstRound
    .then(async () => {
      // A commit waits for a checkpoint under way: the tens of MB a start writes (64 MB for the demo at 0,05),
      // checkpointed a moment later by the checkpointer, held a person's first save for seconds on a busy
      // machine. A write still open makes DuckDB refuse; the checkpointer then takes it.
      await db.checkpoint().catch((error) => logger.debug("no checkpoint at the start", { error }));
      checkpointed = true;
      await prepareTodayForecasts(db, serverClock()());
    })
    .catch((error) => logger.error("today's forecasts not fitted at the start", { error }))
    .finally(() => {
      forecastsFitted = true;
    });
  return () => {
    if (!refresher.built()) return "report tables not built yet";
    if (!checkpointed) return "the start's writes not checkpointed yet";
    if (!forecastsFitted) return "today's forecasts not fitted yet";
    return null;
  };
}
