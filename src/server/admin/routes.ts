import { Hono } from "hono";
import { z } from "../../shared/zod-nl.ts";
import { latestAudit } from "../audit/audit.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
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

/**
 * The 'Instellingen' API of the admin's own entities, mounted at /api/admin beside the features' admin
 * routers (app.ts), behind the beheerder-only guard that covers them all.
 */
export function createAdminRouter(deps: { db: Database }): Hono<AppEnv> {
  const { db } = deps;
  const router = new Hono<AppEnv>();

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
  return router;
}
