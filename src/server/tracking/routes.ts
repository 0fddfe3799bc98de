import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { type Context, Hono } from "hono";
import { type CollectPayload, collectPayloadSchema } from "../../shared/collect.ts";
import type { Database } from "../db/database.ts";
import { BODY_LIMITS, bodyTooLarge, readBodyText } from "../http/body.ts";
import { clientAddressOf } from "../http/client-address.ts";
import { ApiError, errorResponse, type FieldError, zodFields } from "../http/errors.ts";
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitOptions } from "../http/rate-limit.ts";
import { isBot } from "./bots.ts";
import { allowedOrigins } from "./origins.ts";
import { SessionTracker } from "./sessions.ts";
import { CollectStore } from "./store.ts";
import { saltsFromDatabase, visitorIds } from "./visitor-id.ts";

// Public website tracking: GET /t.js (the script other sites embed) and POST /api/collect (its events).
// Neither uses a person's token; /api/collect admits only the configured website origins.

export interface TrackingDeps {
  db: Database;
  config: { trackingOrigins: string[]; trustedProxies: string[] };
  /** Server clock; tests move it. */
  now?: () => number;
  rateLimit?: RateLimitOptions;
  /** Registers work to finish before the process exits. */
  onShutdown?: (task: () => Promise<void>) => void;
}

/** One event is a few hundred bytes; anything much larger is not from the tracker. */
const MAINTENANCE_MS = 60_000;

const script = readFileSync(new URL("./tracker.js", import.meta.url));
const scriptGzip = gzipSync(script, { level: 9 });
const scriptEtag = `"${createHash("sha256").update(script).digest("base64url").slice(0, 16)}"`;

export function createTrackingRouter(deps: TrackingDeps): Hono {
  const now = deps.now ?? Date.now;
  const origins = allowedOrigins(deps.config.trackingOrigins);
  const limiter = new RateLimiter(deps.rateLimit ?? DEFAULT_RATE_LIMIT);
  const clientOf = clientAddressOf(deps.config.trustedProxies);
  const tracker = new SessionTracker({ ownHosts: origins.hosts });
  const store = new CollectStore(deps.db, tracker, now);
  const salts = saltsFromDatabase(deps.db);
  deps.onShutdown?.(() => store.drain());
  setInterval(() => {
    store.maintain();
    // Expires the salts on time on a quiet day too; a failure is retried by the next round or event.
    salts(now()).catch(() => {});
  }, MAINTENANCE_MS).unref();

  const router = new Hono();

  router.get("/t.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    // Embedded by other sites: readable from anywhere, and cached a day (the URL carries no version).
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    c.header("Cache-Control", "public, max-age=86400, stale-while-revalidate=604800");
    c.header("ETag", scriptEtag);
    c.header("Vary", "Accept-Encoding");
    if (c.req.header("if-none-match") === scriptEtag) return c.body(null, 304);
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      c.header("Content-Encoding", "gzip");
      return c.body(new Uint8Array(scriptGzip));
    }
    return c.body(new Uint8Array(script));
  });

  router.options("/api/collect", (c) => {
    const origin = c.req.header("origin");
    if (!origins.allows(origin)) return refuseOrigin(c);
    allowCors(c, origin as string);
    c.header("Access-Control-Allow-Methods", "POST");
    c.header("Access-Control-Allow-Headers", "Content-Type");
    c.header("Access-Control-Max-Age", "86400");
    return c.body(null, 204);
  });

  router.post("/api/collect", async (c) => {
    const origin = c.req.header("origin");
    if (!origins.allows(origin)) {
      store.count("origin_refused", now());
      return refuseOrigin(c);
    }
    allowCors(c, origin as string);

    const userAgent = c.req.header("user-agent") ?? "";
    if (isBot(userAgent)) {
      store.count("bot", now());
      return c.body(null, 204);
    }

    // One allowance per address: a rotating User-Agent or a made-up X-Forwarded-For is the same client.
    const ip = clientOf(c);
    if (!limiter.take(ip, now())) {
      store.count("rate_limited", now());
      c.header("Retry-After", String(limiter.retryAfterSeconds(ip, now())));
      return problem(c, 429, "rate_limited", "Te veel gebeurtenissen; probeer het later opnieuw.");
    }

    const parsed = await readEvent(c);
    if ("error" in parsed) {
      store.count("malformed", now());
      return parsed.error;
    }
    if (new URL(parsed.event.url).origin !== origin) {
      store.count("malformed", now());
      return problem(c, 400, "malformed", "De url hoort niet bij de website die het verstuurt (Origin).", [
        { path: "url", message: `Verwacht een adres op ${origin}.` },
      ]);
    }

    await store.ready();
    const ids = visitorIds(await salts(now()), parsed.event.site, ip, userAgent);
    const at = now();
    if (tracker.record(parsed.event, ids, at)) {
      store.count("stored", at);
      await store.flush();
    }
    return c.body(null, 202);
  });

  return router;
}

type Parsed = { event: CollectPayload } | { error: Response };

async function readEvent(c: Context): Promise<Parsed> {
  let text: string;
  try {
    text = await readBodyText(c, BODY_LIMITS.collect, () =>
      bodyTooLarge(BODY_LIMITS.collect, "Een gebeurtenis mag hoogstens 16 kB zijn."),
    );
  } catch (error) {
    if (error instanceof ApiError) return { error: errorResponse(c, error) };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: problem(c, 400, "malformed", "De gebeurtenis is geen geldige JSON.") };
  }
  const result = collectPayloadSchema.safeParse(json);
  if (!result.success) {
    return {
      error: problem(c, 400, "malformed", "De gebeurtenis is ongeldig.", zodFields(result.error)),
    };
  }
  return { event: result.data };
}

function allowCors(c: Context, origin: string): void {
  c.header("Access-Control-Allow-Origin", origin);
  c.header("Vary", "Origin");
  // sendBeacon's text/plain POST is a no-cors request: without this the browser blocks the answer and
  // reports an error on the website's console.
  c.header("Cross-Origin-Resource-Policy", "cross-origin");
}

function refuseOrigin(c: Context): Response {
  return problem(c, 403, "origin_not_allowed", "Deze website mag geen gebeurtenissen naar Wasbord sturen.");
}

/** Answered here rather than thrown, so that the CORS headers set above stay on the response. */
const problem = (c: Context, status: 400 | 403 | 429, code: string, message: string, fields?: FieldError[]) =>
  errorResponse(c, new ApiError(status, code, message, fields));
