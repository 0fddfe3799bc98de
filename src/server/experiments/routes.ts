import { Hono } from "hono";
import { experimentCreateSchema } from "../../shared/experiments/definitions.ts";
import { writeAudit } from "../admin/audit.ts";
import { requireRole } from "../auth/authenticate.ts";
import type { Database } from "../db/database.ts";
import { BODY_LIMITS, readJsonBody } from "../http/body.ts";
import { validationError } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";
import {
  changeStatus,
  createExperiment,
  experimentNotFound,
  findExperiment,
  listExperiments,
} from "./definitions.ts";
import { experimentResults } from "./results.ts";

/** Experiment definitions, mounted at /api/experiments: everyone signed in reads, beheerders change. */
export function createExperimentsRouter(deps: { db: Database }): Hono<AppEnv> {
  const { db } = deps;
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => c.json(await listExperiments(db)));

  router.get("/:key", async (c) => {
    const experiment = await findExperiment(db, c.req.param("key"));
    if (!experiment) throw experimentNotFound(c.req.param("key"));
    return c.json(experiment);
  });

  router.get("/:key/results", async (c) => c.json(await experimentResults(db, c.req.param("key"))));

  router.post("/", requireRole("beheerder"), async (c) => {
    const body = await readJsonBody(c, BODY_LIMITS.form);
    const parsed = experimentCreateSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const actor = c.get("user").email;
    const created = await db.transaction(async (tx) => {
      const experiment = await createExperiment(tx, parsed.data);
      await writeAudit(tx, actor, {
        action: "created",
        entity: "experiment",
        entityId: experiment.key,
        before: null,
        after: experiment,
      });
      return experiment;
    });
    return c.json(created, 201);
  });

  for (const [action, to, done] of [
    ["start", "running", "started"],
    ["stop", "stopped", "stopped"],
  ] as const) {
    router.post(`/:key/${action}`, requireRole("beheerder"), async (c) => {
      const key = c.req.param("key");
      const actor = c.get("user").email;
      const changed = await db.transaction(async (tx) => {
        const { before, after } = await changeStatus(tx, key, to);
        await writeAudit(tx, actor, { action: done, entity: "experiment", entityId: key, before, after });
        return after;
      });
      return c.json(changed);
    });
  }

  return router;
}
