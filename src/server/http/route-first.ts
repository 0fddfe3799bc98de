import type { MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { ApiError } from "./errors.ts";

// A state-changing request to an API path that has no endpoint is answered 404, before the XSRF check and
// sign-in: otherwise a POST to a mistyped path answered 403 "xsrf_mismatch" (or 401), which sends whoever
// reads it looking for a token problem instead of the typo. Safe methods need no such check: the XSRF check
// lets them through, and the API's last route answers 404 for them.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface Route {
  method: string;
  path: string;
}

/** `routes` are the app's routes, read at the first request, when every router is mounted. */
export function routeFirst(routes: () => readonly Route[]): MiddlewareHandler {
  let endpoints: TrieRouter<true> | undefined;
  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    if (!SAFE_METHODS.has(method)) {
      endpoints ??= endpointRouter(routes());
      if (endpoints.match(method, c.req.path)[0].length === 0) {
        throw new ApiError(404, "not_found", "Dit adres bestaat niet in de API.");
      }
    }
    await next();
  };
}

/** Every route that answers one method; middleware and catch-alls (`use`, `all`) register as "ALL". */
function endpointRouter(routes: readonly Route[]): TrieRouter<true> {
  const router = new TrieRouter<true>();
  for (const route of routes) if (route.method !== "ALL") router.add(route.method, route.path, true);
  return router;
}
