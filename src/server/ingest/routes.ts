import { Hono } from "hono";
import {
  adStatIngestRowSchema,
  type IngestResult,
  plateReadRowSchema,
  transactionRowSchema,
} from "../../shared/ingest.ts";
import { MAX_MEMBERSHIP_BATCH_ROWS, membershipEventSchema } from "../../shared/membership-events.ts";
import { weatherForecastRowSchema } from "../../shared/weather.ts";
import type { z } from "../../shared/zod-nl.ts";
import type { Database } from "../db/database.ts";
import { isStorageFull } from "../db/engine-errors.ts";
import { ApiError, errorResponse } from "../http/errors.ts";
import { routeOf } from "../http/observe-requests.ts";
import { logger } from "../logging/logger.ts";
import { ingestRows } from "../metrics/metrics.ts";
import { storeAdStats } from "./ad-stats.ts";
import { type ApiKeyEnv, requireApiKey } from "./api-keys.ts";
import { type RawRow, readBatch } from "./body.ts";
import { storeMembershipEvents } from "./memberships.ts";
import { storePlateReads } from "./plate-reads.ts";
import { storeTransactions } from "./transactions.ts";
import { type Numbered, validateRows } from "./validate.ts";
import { storeForecasts } from "./weather-forecasts.ts";

/** How long a sender waits before it offers a batch refused for a full disk again. */
const STORAGE_FULL_RETRY_SECONDS = 300;

/**
 * Machine ingestion, mounted at /api/ingest. Each endpoint takes a JSON array or NDJSON batch, authenticated
 * by an API key; the whole batch is validated before anything is stored, stored in one transaction, and
 * answered with `{ accepted, duplicates }` only after that transaction has committed.
 */
export function createIngestRouter(deps: { db: Database }): Hono<ApiKeyEnv> {
  const { db } = deps;
  const router = new Hono<ApiKeyEnv>();

  // Mounted standalone (tests) as well as inside the app, so it answers its own errors in the one shape.
  router.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (db.invalidated) {
      // A fatal database error: the process restarts (main.ts); the batch was not committed.
      c.header("Retry-After", "5");
      return errorResponse(
        c,
        new ApiError(503, "database_unavailable", "De database is niet beschikbaar; er is niets opgeslagen."),
      );
    }
    if (isStorageFull(error)) {
      // The transaction was rolled back: the sender keeps the batch and tries again later.
      logger.error("ingest refused: no room to store", { route: routeOf(c), error });
      c.header("Retry-After", String(STORAGE_FULL_RETRY_SECONDS));
      return errorResponse(
        c,
        new ApiError(
          503,
          "storage_full",
          "De opslag van de server is vol; er is niets opgeslagen. Probeer het later opnieuw.",
        ),
      );
    }
    logger.error("ingest failed", { method: c.req.method, route: routeOf(c), error });
    return errorResponse(
      c,
      new ApiError(500, "internal", "Er ging iets mis bij het opslaan; er is niets opgeslagen."),
    );
  });

  router.post("/plate-reads", requireApiKey(db, "plate-reads"), async (c) => {
    const rows = validated("plate-reads", await readBatch(c), plateReadRowSchema);
    return c.json(counted("plate-reads", await storePlateReads(db, rows, c.get("apiKey").siteId)));
  });

  router.post("/transactions", requireApiKey(db, "transactions"), async (c) => {
    const rows = validated("transactions", await readBatch(c), transactionRowSchema);
    return c.json(counted("transactions", await storeTransactions(db, rows, c.get("apiKey").siteId)));
  });

  router.post("/ad-stats", requireApiKey(db, "ad-stats"), async (c) => {
    const rows = validated("ad-stats", await readBatch(c), adStatIngestRowSchema);
    const stored = await storeAdStats(
      db,
      rows.map((row) => row.value),
    );
    return c.json(
      counted("ad-stats", { accepted: stored.inserted + stored.updated, duplicates: stored.duplicates }),
    );
  });

  router.post("/memberships", requireApiKey(db, "memberships"), async (c) => {
    const batch = await readBatch(c, MAX_MEMBERSHIP_BATCH_ROWS);
    const rows = validated("memberships", batch, membershipEventSchema);
    return c.json(counted("memberships", await storeMembershipEvents(db, rows, c.get("apiKey").siteId)));
  });

  router.post("/weather", requireApiKey(db, "weather"), async (c) => {
    const rows = validated("weather", await readBatch(c), weatherForecastRowSchema);
    return c.json(counted("weather", await storeForecasts(db, rows, c.get("apiKey").siteId)));
  });

  return router;
}

/** Validates a batch, counting its rows as refused when one of them is invalid (then none is stored). */
function validated<S extends z.ZodType>(endpoint: string, raw: RawRow[], schema: S): Numbered<z.output<S>>[] {
  try {
    return validateRows(raw, schema);
  } catch (error) {
    ingestRows.inc({ endpoint, outcome: "refused" }, raw.length);
    throw error;
  }
}

function counted<T extends IngestResult>(endpoint: string, result: T): T {
  ingestRows.inc({ endpoint, outcome: "accepted" }, result.accepted);
  ingestRows.inc({ endpoint, outcome: "duplicate" }, result.duplicates);
  return result;
}
