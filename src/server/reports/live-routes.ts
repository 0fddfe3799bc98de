import { Hono } from "hono";
import type { AppEnv } from "../auth/app-env.ts";
import { serverClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { liveAnswer } from "./live.ts";

/** `/api/live`: what every site is doing now (both roles read it; nothing to parse, one answer). */
export function createLiveRouter(deps: { db: Database; now?: () => Date }): Hono<AppEnv> {
  const now = deps.now ?? serverClock();
  const router = new Hono<AppEnv>();
  router.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await liveAnswer(deps.db, now()));
  });
  return router;
}
