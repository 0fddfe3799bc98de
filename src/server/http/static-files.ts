import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";

/**
 * Serves the built SPA. Hashed assets are cached for a year; any other path WITHOUT a file extension gets
 * index.html so the router can take it; a missing file with an extension is a real 404.
 */
export function mountSpa(app: Hono, distDir: string): void {
  const indexFile = join(distDir, "index.html");
  app.use(
    "/assets/*",
    serveStatic({
      root: distDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("*", serveStatic({ root: distDir }));
  app.get("*", (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path) || !existsSync(indexFile)) return c.notFound();
    c.header("Cache-Control", "no-cache");
    return c.html(readFileSync(indexFile, "utf8"));
  });
}
