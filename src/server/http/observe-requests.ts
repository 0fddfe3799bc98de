import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { logger, withLogFields } from "../logging/logger.ts";
import { httpDuration, httpRequests, rateLimited } from "../metrics/metrics.ts";

/** Who made the call, when the authentication middleware got that far: a person or an API key. */
type CallerEnv = { Variables: { user?: { id: number }; apiKey?: { id: number } } };

// A request id from the proxy in front is kept when it looks like one; anything else is replaced.
const INCOMING_ID = /^[\w.-]{8,64}$/;

/**
 * The access log and the request metrics: one line per request with its id (also sent back as X-Request-Id), method, route pattern,
 * status, duration and the user or API key id. The route pattern (`/api/reports/:id`), never the path or
 * query, is logged, so no plate, voucher code or token in a URL reaches the log.
 */
export function observeRequests(): MiddlewareHandler<CallerEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.header("X-Request-Id", requestId);
    await withLogFields({ requestId }, next);
    const route = routeOf(c);
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    httpRequests.inc({ method: c.req.method, route, status: String(status) });
    httpDuration.observe({ route }, seconds);
    if (status === 429) rateLimited.inc({ route });
    // Health checks come every few seconds from the proxy or the supervisor: only worth a line when debugging,
    // or a warning when not ready (their own reason is logged where it is found out). A website's tracking
    // events come by the thousand a second in a burst: an accepted one is counted, not logged.
    const probe = route === "/healthz" || route === "/readyz";
    const routine = probe || (route === "/api/collect" && status < 300);
    const level = status >= 500 ? (probe ? "warn" : "error") : routine ? "debug" : "info";
    logger.log(level, "request", {
      requestId,
      method: c.req.method,
      route,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      userId: c.get("user")?.id,
      apiKeyId: c.get("apiKey")?.id,
    });
  };
}

/** The matched route pattern with its parameter patterns left out: `/api/reports/:id{[a-z…]*}` → `/api/reports/:id`. */
export function routeOf(c: Context): string {
  return routePath(c).replace(/\{[^}]*\}/g, "");
}
