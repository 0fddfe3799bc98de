import { Hono } from "hono";
import { plateEraseSchema, plateLookupSchema } from "../../shared/admin/privacy.ts";
import { writeAudit } from "../audit/audit.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { fixedClock, serverClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { parseBody } from "../http/request.ts";
import { erasePlate } from "./erase-plate.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { plateRecord } from "./plate-record.ts";
import { loadPseudonymKey, pseudonymOf } from "./pseudonym.ts";

/**
 * Instellingen › Privacy, mounted at /api/admin/privacy behind the beheerder check:
 * `GET /` the retention setting and its last run; `POST /retention/run` runs it now;
 * `POST /lookup {plate}` everything stored about a plate; `POST /erase {plate, confirm}` erases it.
 * The plate travels in the body, not the URL, so that it stays out of access logs.
 */
export function privacyRouter(deps: { db: Database; config: Config }): Hono<AppEnv> {
  const { db, config } = deps;
  const housekeeping = startHousekeeping(db, {
    retentionDays: config.plateRetentionDays,
    keyHex: config.platePseudonymKey,
    now: serverClock(),
    scheduled: !fixedClock(),
  });
  const key = () => loadPseudonymKey(db, config.platePseudonymKey);
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => c.json(await housekeeping.status()));
  router.post("/retention/run", async (c) => c.json(await housekeeping.runNow()));

  router.post("/lookup", async (c) => {
    const { plate } = await parseBody(c, plateLookupSchema);
    const record = await plateRecord(db, plate);
    // Named by its pseudonym: the log keeps who looked, not the plate (which may be erased later).
    await writeAudit(db, c.get("user").email, {
      action: "viewed-plates",
      entity: "plate",
      entityId: await pseudonymOf(db, await key(), plate),
      before: null,
      after: { reads: record.reads.length, transactions: record.transactions.length },
    });
    return c.json(record);
  });

  router.post("/erase", async (c) => {
    const { plate } = await parseBody(c, plateEraseSchema);
    return c.json(await erasePlate(db, { plate, actorEmail: c.get("user").email, key: await key() }));
  });

  return router;
}
