import type { MiddlewareHandler } from "hono";
import type { ApiKeyScope } from "../../shared/admin/connections.ts";
import {
  bearerToken,
  hasSecretShape,
  newSecret,
  REPORT_TOKEN_TAG,
  reportTokenOnly,
  sha256,
} from "../auth/secret-tokens.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError, errorResponse } from "../http/errors.ts";

// API keys of devices and integrations (secrets and hashes: src/server/auth/secret-tokens.ts).

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  /** Limits the key to rows of this site; null for every site. */
  siteId: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface NewApiKey {
  name: string;
  scope: ApiKeyScope;
  siteId?: number | null;
  createdBy?: string | null;
}

export type ApiKeyEnv = { Variables: { apiKey: ApiKey } };

const TAG = "wb";
// Writing last_used_at on every batch would add an UPDATE to each of them; to the minute is precise enough.
const LAST_USED_RESOLUTION_MS = 60_000;

const SELECT_KEY = `SELECT id, name, prefix, scope, site_id AS "siteId", created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt" FROM api_keys`;

/** Creates a key; the returned `secret` (`wb_` + 32 characters) is not stored and cannot be shown again. */
export async function createApiKey(db: Queryable, input: NewApiKey): Promise<ApiKey & { secret: string }> {
  const { secret, prefix, hash } = newSecret(TAG);
  const [key] = await db.query<ApiKey>(
    `INSERT INTO api_keys (name, prefix, secret_sha256, scope, site_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, name, prefix, scope, site_id AS "siteId", created_at AS "createdAt",
       last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`,
    [input.name, prefix, hash, input.scope, input.siteId ?? null, input.createdBy ?? null],
  );
  return { ...key, secret };
}

/** Revokes a key for good; false when there is no such key or it was revoked already. */
export async function revokeApiKey(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    "UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id",
    [id],
  );
  return rows.length > 0;
}

function presentedSecret(authorization: string | undefined, apiKeyHeader: string | undefined): string | null {
  return bearerToken(authorization) ?? apiKeyHeader?.trim() ?? null;
}

const unauthorized = (message: string) => new ApiError(401, "unauthorized", message);

// Per database, when each key's last_used_at was last written.
const lastWritten = new WeakMap<Database, Map<number, number>>();

async function authenticate(db: Database, secret: string | null, scope: ApiKeyScope): Promise<ApiKey> {
  if (!secret) throw unauthorized("Geef een API-sleutel mee: Authorization: Bearer <sleutel> of X-API-Key.");
  if (hasSecretShape(REPORT_TOKEN_TAG, secret)) throw reportTokenOnly();
  if (!hasSecretShape(TAG, secret)) throw unauthorized("Deze API-sleutel is ongeldig.");
  const [key] = await db.query<ApiKey>(`${SELECT_KEY} WHERE secret_sha256 = $1`, [sha256(secret)]);
  if (!key) throw unauthorized("Deze API-sleutel is ongeldig.");
  if (key.revokedAt) throw unauthorized("Deze API-sleutel is ingetrokken.");
  if (key.scope !== "all" && key.scope !== scope) {
    throw new ApiError(403, "forbidden", `Deze API-sleutel is alleen geldig voor ${key.scope}.`);
  }
  return key;
}

/** Best effort: a failed write (say, a concurrent revoke of the same row) must not fail the batch. */
async function touch(db: Database, keyId: number): Promise<void> {
  const written = lastWritten.get(db) ?? new Map<number, number>();
  lastWritten.set(db, written);
  const now = Date.now();
  if (now - (written.get(keyId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  written.set(keyId, now);
  await db.run("UPDATE api_keys SET last_used_at = now() WHERE id = $1", [keyId]).catch(() => {
    written.delete(keyId);
  });
}

/**
 * Accepts a request that carries a valid, unrevoked key (`Authorization: Bearer <key>` or `X-API-Key`)
 * allowed for `scope`, and puts the key in the context as `apiKey`.
 */
export function requireApiKey(
  db: Database,
  scope: Exclude<ApiKeyScope, "all">,
): MiddlewareHandler<ApiKeyEnv> {
  return async (c, next) => {
    let key: ApiKey;
    try {
      key = await authenticate(
        db,
        presentedSecret(c.req.header("authorization"), c.req.header("x-api-key")),
        scope,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) c.header("WWW-Authenticate", 'Bearer realm="wasbord-ingest"');
      return errorResponse(c, error);
    }
    await touch(db, key.id);
    c.set("apiKey", key);
    await next();
  };
}
