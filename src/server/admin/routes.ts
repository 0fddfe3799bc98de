import { Hono } from "hono";
import { z } from "../../shared/zod-nl.ts";
import { alertsRouter } from "../alerts/routes.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { requireRole } from "../auth/authenticate.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailRouter } from "../mail/routes.ts";
import { privacyRouter } from "../privacy/routes.ts";
import { reportTokensRouter } from "../report-tokens/routes.ts";
import { weeklyMailRouter } from "../weekly-mail/routes.ts";
import { latestAudit } from "./audit.ts";
import { connectionsRouter } from "./connections.ts";
import { itemsRouter } from "./items.ts";
import { adminOverview } from "./overview.ts";
import { promotionsRouter } from "./promotions.ts";
import { sitesRouter } from "./sites.ts";
import { usersRouter } from "./users.ts";

export const auditQuerySchema = z.object({
  entity: z.string().max(32).optional(),
  entityId: z.string().max(32).optional(),
  limit: z.coerce.number().int().min(1, "Minimaal 1.").max(500, "Maximaal 500.").default(50),
});

/** The 'Instellingen' API, mounted at /api/admin: beheerders only, for reading as well as for changing. */
export function createAdminRouter(deps: {
  db: Database;
  config: Config;
  mailer: Mailer;
  runAlerts?: () => Promise<void>;
}): Hono<AppEnv> {
  const { db } = deps;
  const router = new Hono<AppEnv>();
  router.use("*", requireRole("beheerder"));

  router.get("/overview", async (c) => c.json(await adminOverview(db)));
  router.get("/audit-log", async (c) => {
    const query = auditQuerySchema.safeParse(c.req.query());
    if (!query.success) throw validationError(query.error);
    return c.json(await latestAudit(db, query.data));
  });
  // For the promotion form's affiliate choice; affiliates themselves are managed by the data import.
  router.get("/affiliates", async (c) =>
    c.json(await db.query("SELECT id, name, active FROM affiliates ORDER BY active DESC, name")),
  );
  router.route("/users", usersRouter(db));
  router.route("/items", itemsRouter(db));
  router.route("/promotions", promotionsRouter(db));
  router.route("/sites", sitesRouter(db));
  router.route("/connections", connectionsRouter(db));
  router.route("/privacy", privacyRouter(deps));
  router.route("/mail", mailRouter(deps));
  router.route("/weekly-mail", weeklyMailRouter(deps));
  router.route("/alerts", alertsRouter(db, deps.runAlerts));
  router.route("/report-tokens", reportTokensRouter(db));
  return router;
}
