import { Hono } from "hono";
import {
  monthSchema,
  targetBatchSchema,
  targetValuesSchema,
  targetYearQuerySchema,
} from "../../shared/admin/targets.ts";
import { adminChange } from "../audit/change.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { requireRole } from "../auth/authenticate.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
import { idParam, parseBody } from "../http/request.ts";
import { saveTargets, targetYear } from "./targets-store.ts";

/**
 * Targets per site and month (Instellingen › Doelen), mounted at /api/targets: everyone signed in reads
 * (the dashboard and Prognose show them), beheerders set and clear. Changes go through adminChange: one at a
 * time, in a transaction with their audit entries.
 */
export function createTargetsRouter(deps: { db: Database }): Hono<AppEnv> {
  const { db } = deps;
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => {
    const query = targetYearQuerySchema.safeParse(c.req.query());
    if (!query.success) throw validationError(query.error);
    return c.json(await targetYear(db, query.data.year));
  });

  router.put("/", requireRole("beheerder"), async (c) => {
    const { targets } = await parseBody(c, targetBatchSchema);
    const email = c.get("user").email;
    const result = await adminChange(db, email, (tx, audit) =>
      saveTargets(tx, audit, email, targets, (index) => `targets[${index}].`),
    );
    return c.json(result);
  });

  router.put("/:id{[0-9]+}/:month", requireRole("beheerder"), async (c) => {
    const siteId = idParam(c);
    const month = monthSchema.safeParse(c.req.param("month"));
    if (!month.success) throw validationError(month.error, "month");
    const values = await parseBody(c, targetValuesSchema);
    const email = c.get("user").email;
    const result = await adminChange(db, email, (tx, audit) =>
      saveTargets(tx, audit, email, [{ siteId, month: month.data, ...values }], () => ""),
    );
    return c.json(result);
  });

  return router;
}
