import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { logger } from "../logging/logger.ts";
import { RateLimiter, type RateLimitOptions } from "./rate-limit.ts";

// Guessing credentials costs time, but a bad client must not lock out the people behind the same address
// (an office behind one NAT). So the failing credential is throttled, not the address:
// - every API key or bearer token the server turns down (401) uses up one failure of its (address,
//   credential) pair; with none left, that same credential is answered 429 before it is looked at again;
// - every such failure also uses up one of the address's allowance; with none left, a credential from that
//   address is still checked, and a valid one passes, but a failing one is answered 429 instead of 401, so a
//   client trying new credentials one after another is slowed down all the same.
// Successful requests cost nothing, and a request without credentials is no guess.

/** 20 failures at once, then one per 10 seconds: a person with an expired session never gets near it. */
export const CREDENTIAL_FAILURES: RateLimitOptions = { burst: 20, perSecond: 0.1, maxClients: 50_000 };

/** A short, stable name for a credential in logs and limiter keys, which does not give the credential away. */
export const credentialFingerprint = (credential: string) =>
  createHash("sha256").update(credential).digest("hex").slice(0, 12);

/** The bearer token or X-API-Key of a request, as the authenticating middlewares will read it. */
function presentedCredential(c: Context): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return bearer ?? (c.req.header("x-api-key")?.trim() || c.req.header("authorization") || null);
}

export function throttleCredentialFailures(options: {
  clientOf: (c: Context) => string;
  limit?: RateLimitOptions;
  now?: () => number;
}): MiddlewareHandler {
  const limit = options.limit ?? CREDENTIAL_FAILURES;
  const perCredential = new RateLimiter(limit);
  const perAddress = new RateLimiter(limit);
  const now = options.now ?? Date.now;

  const refuse = (c: Context, limiter: RateLimiter, key: string) => {
    const seconds = Math.max(1, limiter.retryAfterSeconds(key, now()));
    const message = `Te veel mislukte pogingen met een ongeldige sleutel of sessie; probeer het over ${seconds} seconden opnieuw.`;
    return c.json({ error: { code: "too_many_failures", message } }, 429, {
      "Retry-After": String(seconds),
    });
  };

  /** Takes one failure; logs once when it uses up the last of the allowance. */
  const fail = (limiter: RateLimiter, key: string, fields: Record<string, string>) => {
    if (limiter.take(key, now()) && !limiter.allows(key, now()))
      logger.warn("credential failures throttled", fields);
  };

  return async (c, next) => {
    const credential = presentedCredential(c);
    if (!credential) return next();
    const client = options.clientOf(c);
    const fingerprint = credentialFingerprint(credential);
    const pair = `${client} ${fingerprint}`;
    if (!perCredential.allows(pair, now())) return refuse(c, perCredential, pair);
    await next();
    if (c.res.status !== 401) return;
    const addressExhausted = !perAddress.allows(client, now());
    fail(perCredential, pair, { client, credential: fingerprint, scope: "credential" });
    fail(perAddress, client, { client, credential: fingerprint, scope: "address" });
    if (addressExhausted) c.res = refuse(c, perAddress, client);
  };
}
