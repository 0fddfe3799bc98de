import { Hono } from "hono";
import { logger } from "../logging/logger.ts";
import type { RouteEntry } from "./document.ts";

/**
 * GET /openapi.json and GET /docs (mounted under /api): the document built from the app's own routes, once,
 * at the first request — by then every router is mounted. Its modules are loaded then too: turning every
 * endpoint's zod schemas into JSON Schema cost each start about a tenth of a second for a page few open.
 */
export function createApiDocsRouter(routes: () => readonly RouteEntry[], serverUrl: string): Hono {
  let built: Promise<{ json: object; html: string }> | null = null;
  const build = async () => {
    const [{ buildOpenApiDocument }, { renderReferencePage }] = await Promise.all([
      import("./document.ts"),
      import("./reference-page.ts"),
    ]);
    const { document, undocumented } = buildOpenApiDocument(routes(), serverUrl);
    if (undocumented.length > 0)
      logger.warn("routes missing from the API document", { routes: undocumented });
    return { json: document, html: renderReferencePage(document) };
  };
  const docs = () => {
    if (!built) {
      built = build();
      // A failed build is tried again at the next request.
      built.catch(() => {
        built = null;
      });
    }
    return built;
  };

  const router = new Hono();
  router.get("/openapi.json", async (c) => c.json((await docs()).json));
  router.get("/docs", async (c) => c.html((await docs()).html));
  return router;
}
