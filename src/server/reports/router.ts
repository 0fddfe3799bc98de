import { Hono } from "hono";
import type { ReportsIndex } from "../../shared/reports/envelope.ts";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";
import { runReport } from "./define-report.ts";
import { parseReportFilters } from "./filters.ts";
import { DERIVED_SYNCS, REPORT_IDS, REPORTS } from "./registry.ts";
import { siteList } from "./sites.ts";

/**
 * `GET /api/reports`: the report ids and the sites the filter bar offers.
 * `GET /api/reports/<id>?period&from&to&compare&granularity&site&<dimension>…`: the report's envelope,
 * after the derived tables it reads were brought up to date.
 * Both roles may read every report; the user API in front of this already checked the token and the user.
 */
export function createReportsRouter(deps: { db: Database; now?: () => Date }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const now = deps.now ?? testClock() ?? (() => new Date());
  // Reports bring their derived tables up to date before reading them anyway; starting at once means the
  // first person to open the dashboard after a restart (or a large import) does not wait for a rebuild.
  Promise.all(DERIVED_SYNCS.map((sync) => sync(deps.db))).catch((error) =>
    console.error("Bijwerken van de rapporttabellen mislukte:", error),
  );

  router.get("/", async (c) => {
    return c.json({ reports: REPORT_IDS, sites: await siteList(deps.db) } satisfies ReportsIndex);
  });

  router.get("/:id{[a-z0-9][a-z0-9/-]*}", async (c) => {
    const report = REPORTS.get(c.req.param("id"));
    if (!report) throw new ApiError(404, "report_not_found", "Dit rapport bestaat niet.");
    const filters = await parseReportFilters(c.req.query(), deps.db, now(), report.entry);
    const started = performance.now();
    const body = await runReport(report, deps.db, filters);
    c.header("server-timing", `report;dur=${(performance.now() - started).toFixed(1)}`);
    return c.json(body);
  });

  return router;
}

/**
 * API tests start the real server as a separate process and need "today" to be a day of their fixture:
 * under NODE_ENV=test, WASBORD_CLOCK (an ISO instant) fixes the reports' clock. Ignored everywhere else.
 */
function testClock(): (() => Date) | null {
  const fixed = process.env.NODE_ENV === "test" ? process.env.WASBORD_CLOCK : undefined;
  if (!fixed) return null;
  const instant = new Date(fixed);
  if (Number.isNaN(instant.getTime())) throw new Error(`WASBORD_CLOCK is not an instant: ${fixed}`);
  return () => instant;
}
