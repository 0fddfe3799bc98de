import type { Context, MiddlewareHandler } from "hono";
import { ApiError, errorResponse } from "./errors.ts";
import { RateLimiter, type RateLimitOptions } from "./rate-limit.ts";

// Guessing credentials costs time: every request that presents an API key or bearer token the server turns
// down (401) uses up one of the client's allowance of failures; with none left, the client's next requests
// are answered 429 with Retry-After before any credential is looked at, until the allowance refills.
// Successful requests cost nothing, and a request without credentials is no guess.

/** 20 failures at once, then one per 10 seconds: a person with an expired session never gets near it. */
export const CREDENTIAL_FAILURES: RateLimitOptions = { burst: 20, perSecond: 0.1, maxClients: 50_000 };

export function throttleCredentialFailures(options: {
  clientOf: (c: Context) => string;
  limit?: RateLimitOptions;
  now?: () => number;
}): MiddlewareHandler {
  const failures = new RateLimiter(options.limit ?? CREDENTIAL_FAILURES);
  const now = options.now ?? Date.now;
  return async (c, next) => {
    const client = options.clientOf(c);
    if (!failures.allows(client, now())) {
      const seconds = failures.retryAfterSeconds(client, now());
      c.header("Retry-After", String(seconds));
      return errorResponse(
        c,
        new ApiError(
          429,
          "too_many_failures",
          `Te veel mislukte pogingen met een ongeldige sleutel of sessie; probeer het over ${seconds} seconden opnieuw.`,
        ),
      );
    }
    await next();
    if (c.res.status === 401 && c.req.header("authorization")) failures.take(client, now());
  };
}
