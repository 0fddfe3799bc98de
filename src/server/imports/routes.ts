import { type Context, Hono } from "hono";
import { MAX_IMPORT_BYTES } from "../../shared/imports.ts";
import type { AppEnv } from "../auth/app-env.ts";
import { requireRole } from "../auth/authenticate.ts";
import type { Database } from "../db/database.ts";
import { bodyTooLarge, readJsonBody } from "../http/body.ts";
import { commitImport, parseImportRequest, previewImport } from "./ad-import.ts";

/** Base64 makes 4 characters of 3 bytes; the rest of the JSON body is small. */
const MAX_BODY_BYTES = Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 64 * 1024;

/** CSV exports of the ad platforms, mounted at /api/imports; beheerders only. */
export function createImportsRouter(deps: { db: Database }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.use("*", requireRole("beheerder"));

  router.post("/preview", async (c) => c.json(await previewImport(deps.db, await readRequest(c))));

  router.post("/commit", async (c) =>
    c.json(await commitImport(deps.db, c.get("user").email, await readRequest(c))),
  );

  return router;
}

const readRequest = async (c: Context<AppEnv>) => parseImportRequest(await readImportBody(c));

/** The JSON body of an import (a file in base64), refused past the file size limit. */
export function readImportBody(c: Context<AppEnv>): Promise<unknown> {
  return readJsonBody(c, MAX_BODY_BYTES, () =>
    bodyTooLarge(MAX_BODY_BYTES, "Het bestand is groter dan 10 MB."),
  );
}
