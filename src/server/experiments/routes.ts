import { Hono } from "hono";
import {
  experimentCreateSchema,
  experimentStartSchema,
  experimentStopSchema,
  experimentWeightsSchema,
} from "../../shared/experiments/definitions.ts";
import { experimentReportQuerySchema } from "../../shared/experiments/report.ts";
import { adminChange } from "../audit/change.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { requireRole } from "../auth/authenticate.ts";
import type { Database } from "../db/database.ts";
import { validationError } from "../http/errors.ts";
import { parseBody } from "../http/request.ts";
import {
  changeWeights,
  createExperiment,
  experimentNotFound,
  findExperiment,
  listExperiments,
  startExperiment,
  stopExperiment,
} from "./definitions.ts";
import { experimentsReport } from "./report.ts";

/**
 * Experiment definitions, mounted at /api/experiments: everyone signed in reads, beheerders change. Changes
 * go through adminChange (one at a time, in a transaction with their audit entry), so two people creating
 * or starting the same experiment at once get a 409 for the second, never a failed write.
 */
export function createExperimentsRouter(deps: { db: Database }): Hono<AppEnv> {
  const { db } = deps;
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => c.json(await listExperiments(db)));

  router.get("/:key", async (c) => {
    const experiment = await findExperiment(db, c.req.param("key"));
    if (!experiment) throw experimentNotFound(c.req.param("key"));
    return c.json(experiment);
  });

  router.post("/", requireRole("beheerder"), async (c) => {
    const input = await parseBody(c, experimentCreateSchema);
    const created = await adminChange(db, c.get("user").email, (tx, audit) =>
      createExperiment(tx, audit, input),
    );
    return c.json(created, 201);
  });

  router.post("/:key/start", requireRole("beheerder"), async (c) => {
    const { version } = await parseBody(c, experimentStartSchema);
    return c.json(
      await adminChange(db, c.get("user").email, (tx, audit) =>
        startExperiment(tx, audit, c.req.param("key"), version),
      ),
    );
  });

  router.post("/:key/weights", requireRole("beheerder"), async (c) => {
    const input = await parseBody(c, experimentWeightsSchema);
    return c.json(
      await adminChange(db, c.get("user").email, (tx, audit) =>
        changeWeights(tx, audit, c.req.param("key"), input),
      ),
    );
  });

  router.post("/:key/stop", requireRole("beheerder"), async (c) => {
    const input = await parseBody(c, experimentStopSchema);
    return c.json(
      await adminChange(db, c.get("user").email, (tx, audit) =>
        stopExperiment(tx, audit, c.req.param("key"), input),
      ),
    );
  });

  return router;
}

/** `GET /api/reports/experiments?experiment&phase&prior`: the experiments report (both roles). */
export function createExperimentsReportRouter(deps: { db: Database }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.get("/", async (c) => {
    const query = experimentReportQuerySchema.safeParse(c.req.query());
    if (!query.success) throw validationError(query.error);
    const started = performance.now();
    const body = await experimentsReport(deps.db, query.data);
    c.header("server-timing", `report;dur=${(performance.now() - started).toFixed(1)}`);
    return c.json(body);
  });
  return router;
}
