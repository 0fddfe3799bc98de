import { Hono } from "hono";
import type { ReportsIndex } from "../../shared/reports/envelope.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { serverClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { logger } from "../logging/logger.ts";
import { reportDuration } from "../metrics/metrics.ts";
import { protectReport } from "../privacy/protect-envelope.ts";
import { runReport } from "./define-report.ts";
import { programmeList } from "./dimension-values.ts";
import { parseReportFilters } from "./filters.ts";
import { DERIVED_SYNCS, REPORT_IDS, REPORTS } from "./registry.ts";
import { siteList } from "./sites.ts";

/**
 * `GET /api/reports`: the report ids, and the sites and programmes the filter bar offers.
 * `GET /api/reports/<id>?period&from&to&compare&granularity&site&<dimension>…`: the report's envelope,
 * after the derived tables it reads were brought up to date.
 * Both roles may read every report; the user API in front of this already checked the token and the user.
 * Personal cells (plates) leave masked for an analist, whole and audited for a beheerder (protectReport).
 */
export function createReportsRouter(deps: { db: Database; now?: () => Date }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const now = deps.now ?? serverClock();
  // Reports bring their derived tables up to date before reading them anyway; starting at once means the
  // first person to open the dashboard after a restart (or a large import) does not wait for a rebuild.
  // One after the other: each holds a connection of the pool for its whole rebuild, and all of them at
  // once would leave none for the requests that come in meanwhile.
  (async () => {
    for (const sync of DERIVED_SYNCS) await sync(deps.db);
  })().catch((error) => logger.error("report tables not brought up to date", { error }));

  router.get("/", async (c) => {
    const [sites, programmes] = await Promise.all([siteList(deps.db), programmeList(deps.db)]);
    return c.json({ reports: REPORT_IDS, sites, programmes } satisfies ReportsIndex);
  });

  router.get("/:id{[a-z0-9][a-z0-9/-]*}", async (c) => {
    const report = REPORTS.get(c.req.param("id"));
    if (!report) throw new ApiError(404, "report_not_found", "Dit rapport bestaat niet.");
    const filters = await parseReportFilters(c.req.query(), deps.db, now(), report.entry);
    const started = performance.now();
    const body = await runReport(report, deps.db, filters);
    const ms = performance.now() - started;
    reportDuration.observe({ report: c.req.param("id") }, ms / 1000);
    c.header("server-timing", `report;dur=${ms.toFixed(1)}`);
    return c.json(await protectReport(deps.db, c.get("user"), body, c.req.query()));
  });

  return router;
}
