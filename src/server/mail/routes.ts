import { Hono } from "hono";
import type { MailStatus } from "../../shared/admin/mail.ts";
import { z } from "../../shared/zod-nl.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { ApiError, validationError } from "../http/errors.ts";
import { idParam } from "../http/request.ts";
import { latestMessages, messageById } from "./inbox.ts";
import type { Mailer } from "./mailer.ts";

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "Minimaal 1.").max(500, "Maximaal 500.").default(100),
});

/**
 * Instellingen › Postvak, mounted at /api/admin/mail behind the beheerder check: `GET /status` how mail
 * leaves the server; `GET /messages` and `GET /messages/:id` what the SMTP server inside the app received.
 */
export function mailRouter(deps: { db: Database; config: Config; mailer: Mailer }): Hono<AppEnv> {
  const { db, config, mailer } = deps;
  const router = new Hono<AppEnv>();

  router.get("/status", (c) => c.json<MailStatus>({ mode: mailer.mode, from: config.mail.from }));
  router.get("/messages", async (c) => {
    const query = listQuerySchema.safeParse(c.req.query());
    if (!query.success) throw validationError(query.error);
    return c.json(await latestMessages(db, query.data.limit));
  });
  router.get("/messages/:id{[0-9]+}", async (c) => {
    const message = await messageById(db, idParam(c));
    if (!message) throw new ApiError(404, "not_found", "Dit bericht bestaat niet (meer).");
    return c.json(message);
  });
  return router;
}
