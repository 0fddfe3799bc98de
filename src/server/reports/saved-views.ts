import { Hono } from "hono";
import { catalogueEntry } from "../../shared/reports/catalogue.ts";
import {
  type SavedView,
  type SavedViewInput,
  savedViewInputSchema,
} from "../../shared/reports/saved-views.ts";
import { columnsParamTable, parseColumnsValue } from "../../shared/reports/table-columns.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { serverClock } from "../clock.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { idParam, parseBody } from "../http/request.ts";
import { parseReportFilters } from "./filters.ts";

// Saved views, mounted at /api/saved-views: each signed-in person lists, saves and deletes their own views
// of a report; another person's view does not exist for them (404). A view's query string is checked the
// way the report endpoint checks it, so a saved view always opens; its errors name `query.<field>`. Its
// column choices (`cols.<table>`) are the screen's: checked here against the report's tables.

const invalid = (path: string, message: string) =>
  new ApiError(422, "validation_failed", "De invoer is ongeldig.", [{ path, message }]);

interface ViewRow {
  id: number;
  report: string;
  name: string;
  query: string;
  created_at: string;
}

const toView = (row: ViewRow): SavedView => ({
  id: row.id,
  report: row.report,
  name: row.name,
  query: row.query,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The query string of a view: each key once, and filters the report accepts with values it accepts. */
async function checkQuery(db: Queryable, input: SavedViewInput, now: Date): Promise<string> {
  const entry = catalogueEntry(input.report);
  if (!entry) throw invalid("report", "Dit rapport bestaat niet.");
  const params = new URLSearchParams(input.query.replace(/^\?/, ""));
  const query: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in query) throw invalid(`query.${key}`, "Dit filter staat er twee keer in.");
    if (key === "rows") throw invalid(`query.${key}`, "Een weergave bewaart geen export.");
    const table = columnsParamTable(key);
    if (table === null) query[key] = value;
    else if (!(entry.tables as readonly string[]).includes(table) || !parseColumnsValue(value))
      throw invalid(`query.${key}`, "Deze kolomkeuze past niet bij dit rapport.");
  }
  try {
    await parseReportFilters(query, db, now, entry);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.fields) throw error;
    throw new ApiError(
      422,
      "validation_failed",
      "De invoer is ongeldig.",
      error.fields.map((field) => ({ ...field, path: `query.${field.path}` })),
    );
  }
  return params.toString();
}

export function createSavedViewsRouter(deps: { db: Database; now?: () => Date }): Hono<AppEnv> {
  const { db } = deps;
  const now = deps.now ?? serverClock();
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => {
    const report = c.req.query("report") ?? null;
    const rows = await db.query<ViewRow>(
      `SELECT id, report, name, query, created_at FROM saved_views
       WHERE user_id = $user AND ($report::VARCHAR IS NULL OR report = $report::VARCHAR)
       ORDER BY lower(name), id`,
      { user: c.get("user").id, report },
    );
    return c.json(rows.map(toView));
  });

  router.post("/", async (c) => {
    const input = await parseBody(c, savedViewInputSchema);
    const query = await checkQuery(db, input, now());
    const user = c.get("user").id;
    const taken = await db.query(
      "SELECT 1 FROM saved_views WHERE user_id = $1 AND report = $2 AND name = $3",
      [user, input.report, input.name],
    );
    if (taken.length > 0) throw invalid("name", "Je hebt al een weergave met deze naam bij dit rapport.");
    const [row] = await db.query<ViewRow>(
      `INSERT INTO saved_views (user_id, report, name, query) VALUES ($1, $2, $3, $4)
       RETURNING id, report, name, query, created_at`,
      [user, input.report, input.name, query],
    );
    return c.json(toView(row), 201);
  });

  router.delete("/:id{[0-9]+}", async (c) => {
    const deleted = await db.query("DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING id", [
      idParam(c),
      c.get("user").id,
    ]);
    if (deleted.length === 0) throw new ApiError(404, "not_found", "Deze weergave bestaat niet (meer).");
    return c.body(null, 204);
  });

  return router;
}
