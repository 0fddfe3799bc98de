import { type Context, Hono } from "hono";
import type { ReportEnvelope, ReportsIndex, Table } from "../../shared/reports/envelope.ts";
import { tableCsvFile } from "../../shared/reports/table-csv.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { serverClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { reportDuration } from "../metrics/metrics.ts";
import { runReport } from "./define-report.ts";
import { programmeList } from "./dimension-values.ts";
import { reportWorkbook } from "./exports/workbook.ts";
import { parseReportFilters } from "./filters.ts";
import { protectReport } from "./protect-envelope.ts";
import { REPORT_IDS, REPORTS } from "./registry.ts";
import { siteList } from "./sites.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The table a CSV holds: `table=<key>`, or the report's first table. */
function chosenTable(envelope: ReportEnvelope, key: string | undefined): Table {
  const table = key ? envelope.tables.find((t) => t.key === key) : envelope.tables[0];
  if (table) return table;
  const keys = envelope.tables.map((t) => t.key).join(", ");
  throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [
    {
      path: "table",
      message: keys ? `Onbekende tabel; kies uit: ${keys}.` : "Dit rapport heeft geen tabellen voor een CSV.",
    },
  ]);
}

function attachment(c: Context, fileName: string, type: string, body: string | Buffer): Response {
  c.header("content-type", type);
  c.header("content-disposition", `attachment; filename="${fileName}"`);
  return c.body(typeof body === "string" ? body : new Uint8Array(body));
}

/**
 * `GET /api/reports`: the report ids, and the sites and programmes the filter bar offers.
 * `GET /api/reports/<id>?period&from&to&compare&granularity&site&<dimension>…`: the report's envelope,
 * after the derived tables it reads were brought up to date (or recently were: sync-policy.ts).
 * `GET /api/reports/<id>.xlsx?…`: the same envelope as an Excel workbook (exports/workbook.ts);
 * `GET /api/reports/<id>.csv?…&table=<key>`: one table (default the first) as the screen's CSV button
 * makes it. Files hold every row of a table (`rows=all`). Also reachable with a report token (BI tools).
 * Both roles may read every report; the user API in front of this already checked the token and the user.
 * Personal cells (plates) leave masked for an analist, whole and audited for a beheerder (protectReport).
 */
export function createReportsRouter(deps: { db: Database; now?: () => Date }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const now = deps.now ?? serverClock();
  router.get("/", async (c) => {
    const [sites, programmes] = await Promise.all([siteList(deps.db), programmeList(deps.db)]);
    return c.json({ reports: REPORT_IDS, sites, programmes } satisfies ReportsIndex);
  });

  router.get("/:id{[a-z0-9][a-z0-9/-]*(?:\\.(?:csv|xlsx))?}", async (c) => {
    const [id, format = "json"] = c.req.param("id").split(".");
    const report = REPORTS.get(id);
    if (!report) throw new ApiError(404, "report_not_found", "Dit rapport bestaat niet.");
    // `table` picks the CSV's table; it is no filter.
    const { table: tableKey, ...asked } = c.req.query();
    if (tableKey !== undefined && format !== "csv") asked.table = tableKey;
    // A file holds whole tables (as the screen's CSV button does), not the top rows the screen shows.
    const query = format === "json" ? asked : { rows: "all", ...asked };
    const filters = await parseReportFilters(query, deps.db, now(), report.entry);
    const started = performance.now();
    const body = await runReport(report, deps.db, filters);
    const ms = performance.now() - started;
    reportDuration.observe({ report: id }, ms / 1000);
    c.header("server-timing", `report;dur=${ms.toFixed(1)}`);
    const envelope = await protectReport(deps.db, c.get("user"), body, query);
    if (format === "json") return c.json(envelope);
    const file = `${id.replaceAll("/", "-")}-${envelope.period.from}-${envelope.period.to}`;
    if (format === "xlsx") {
      return attachment(c, `${file}.xlsx`, XLSX_TYPE, await reportWorkbook(envelope, report.entry.title));
    }
    const table = chosenTable(envelope, tableKey);
    return attachment(c, `${file}-${table.key}.csv`, "text/csv; charset=utf-8", tableCsvFile(table));
  });

  return router;
}
