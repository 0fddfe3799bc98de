import type { AppUser, Identity } from "./users.ts";

/** Hono context variables set by the middleware: the signed-in, allowed user. */
export interface AppEnv {
  Variables: { user: AppUser; identity: Identity };
}
