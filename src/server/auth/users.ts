import type { JWTPayload } from "jose";
import type { Database } from "../db/database.ts";

export type Role = "beheerder" | "analist";

export interface AppUser {
  id: number;
  email: string;
  name: string | null;
  role: Role;
}

/** Who the token belongs to, as far as the identity provider vouches for it. */
export interface Identity {
  email: string | null;
  emailVerified: boolean;
  nickname: string | null;
}

export function identityFromClaims(claims: Record<string, unknown>): Identity {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : null;
  const nickname = typeof claims.nickname === "string" ? claims.nickname : null;
  return { email, emailVerified: claims.email_verified === true, nickname };
}

/**
 * Resolves the identity behind an access token: from its own claims when it carries an e-mail, else from
 * the provider's userinfo endpoint, cached until the token expires.
 */
export function createIdentityResolver(userinfoEndpoint: string | undefined) {
  const cache = new Map<string, { identity: Identity; expiresAt: number }>();
  return async (token: string, claims: JWTPayload): Promise<Identity> => {
    if (typeof claims.email === "string") return identityFromClaims(claims);
    const cached = cache.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.identity;
    if (!userinfoEndpoint) return { email: null, emailVerified: false, nickname: null };
    const response = await fetch(userinfoEndpoint, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) return { email: null, emailVerified: false, nickname: null };
    const identity = identityFromClaims((await response.json()) as Record<string, unknown>);
    for (const [key, entry] of cache) if (entry.expiresAt <= Date.now()) cache.delete(key);
    cache.set(token, { identity, expiresAt: (claims.exp ?? 0) * 1000 });
    return identity;
  };
}

/**
 * The allow-list: an active user of the application, or — when the verified e-mail's domain is allowed —
 * a new analist. Anyone else is not let in.
 */
export async function findAllowedUser(
  db: Database,
  identity: Identity,
  allowedDomains: string[],
): Promise<AppUser | null> {
  if (!identity.email || !identity.emailVerified) return null;
  const [existing] = await db.query<AppUser & { active: boolean }>(
    "SELECT id, email, name, role, active FROM app_users WHERE email = $1",
    [identity.email],
  );
  if (existing) return existing.active ? toUser(existing) : null;
  const domain = identity.email.split("@")[1];
  if (!allowedDomains.includes(domain)) return null;
  const [created] = await db.query<AppUser>(
    `INSERT INTO app_users (email, name, role) VALUES ($1, $2, 'analist')
     ON CONFLICT (email) DO UPDATE SET email = excluded.email
     RETURNING id, email, name, role`,
    [identity.email, identity.nickname],
  );
  return toUser(created);
}

/** `ADMIN_EMAILS` makes sure these people exist as beheerder on a fresh database. */
export async function bootstrapAdmins(db: Database, emails: string[]): Promise<void> {
  for (const email of emails) {
    await db.run(
      "INSERT INTO app_users (email, role) VALUES ($1, 'beheerder') ON CONFLICT (email) DO NOTHING",
      [email],
    );
  }
}

export async function recordSignIn(db: Database, user: AppUser, nickname: string | null): Promise<void> {
  await db.run("UPDATE app_users SET last_sign_in_at = now(), name = coalesce(name, $2) WHERE id = $1", [
    user.id,
    nickname,
  ]);
}

const toUser = (row: AppUser): AppUser => ({ id: row.id, email: row.email, name: row.name, role: row.role });
