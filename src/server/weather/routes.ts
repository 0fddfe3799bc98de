import { type Context, Hono } from "hono";
import type { AppEnv } from "../auth/app-env.ts";
import { requireRole } from "../auth/authenticate.ts";
import type { Database } from "../db/database.ts";
import { readImportBody } from "../imports/routes.ts";
import { weatherOverview } from "./overview.ts";
import { commitWeatherImport, parseWeatherImportRequest, previewWeatherImport } from "./weather-import.ts";

/** KNMI daily station data, mounted at /api/imports/weather; beheerders only. */
export function createWeatherImportRouter(deps: { db: Database }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.use("*", requireRole("beheerder"));

  router.get("/", async (c) => c.json(await weatherOverview(deps.db)));

  router.post("/preview", async (c) => c.json(await previewWeatherImport(deps.db, await readRequest(c))));

  router.post("/commit", async (c) =>
    c.json(await commitWeatherImport(deps.db, c.get("user").email, await readRequest(c))),
  );

  return router;
}

const readRequest = async (c: Context<AppEnv>) => parseWeatherImportRequest(await readImportBody(c));
