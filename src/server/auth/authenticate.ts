import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import type { AppEnv } from "./app-env.ts";
import { findAllowedUser, type Identity, type Role } from "./users.ts";
import { InvalidTokenError, type TokenVerifier } from "./verify-token.ts";

export interface AuthDeps {
  db: Database;
  verifyToken: TokenVerifier;
  resolveIdentity: (token: string, claims: Awaited<ReturnType<TokenVerifier>>) => Promise<Identity>;
  allowedDomains: string[];
}

/** 401 without a valid token; 403 ("Geen toegang") for a valid token of someone not on the list. */
export function authenticate(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError(401, "unauthenticated", "Log in om verder te gaan.");
    const token = match[1];
    let claims: Awaited<ReturnType<TokenVerifier>>;
    try {
      claims = await deps.verifyToken(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw new ApiError(401, "invalid_token", "Je sessie is verlopen of ongeldig. Log opnieuw in.");
      }
      throw error;
    }
    const identity = await deps.resolveIdentity(token, claims);
    const user = await findAllowedUser(deps.db, identity, deps.allowedDomains);
    if (!user) {
      throw new ApiError(
        403,
        "no_access",
        "Geen toegang: je account staat niet op de lijst van Wasbord-gebruikers.",
      );
    }
    c.set("user", user);
    c.set("identity", identity);
    await next();
  };
}

export function requireRole(role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get("user").role !== role) {
      throw new ApiError(403, "forbidden", "Alleen een beheerder mag dit doen.");
    }
    await next();
  };
}
