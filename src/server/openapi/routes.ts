import { Hono } from "hono";
import { logger } from "../logging/logger.ts";
import { buildOpenApiDocument, type RouteEntry } from "./document.ts";
import { renderReferencePage } from "./reference-page.ts";

/**
 * GET /openapi.json and GET /docs (mounted under /api): the document built from the app's own routes, once,
 * at the first request — by then every router is mounted.
 */
export function createApiDocsRouter(routes: () => readonly RouteEntry[], serverUrl: string): Hono {
  let built: { json: object; html: string } | null = null;
  const docs = () => {
    if (built) return built;
    const { document, undocumented } = buildOpenApiDocument(routes(), serverUrl);
    if (undocumented.length > 0)
      logger.warn("routes missing from the API document", { routes: undocumented });
    built = { json: document, html: renderReferencePage(document) };
    return built;
  };

  const router = new Hono();
  router.get("/openapi.json", (c) => c.json(docs().json));
  router.get("/docs", (c) => c.html(docs().html));
  return router;
}
