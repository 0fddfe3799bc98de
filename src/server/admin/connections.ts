import { Hono } from "hono";
import { type AdminApiKey, apiKeyCreateSchema, type CreatedApiKey } from "../../shared/admin/connections.ts";
import { adminChange } from "../audit/change.ts";
import { notFound } from "../audit/change-errors.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { idParam, parseBody } from "../http/request.ts";
import { createApiKey, revokeApiKey } from "../ingest/api-keys.ts";
import { dataFreshness } from "./freshness.ts";

// Key handling (secrets, hashes, revocation) belongs to src/server/ingest/api-keys.ts; this module adds the
// people's side: site names, who created a key, the audit log.

const SELECT_KEY = `SELECT k.id, k.name, k.prefix, k.scope, k.site_id AS "siteId", s.name AS "siteName",
  k.created_by AS "createdBy", k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt",
  k.revoked_at AS "revokedAt"
  FROM api_keys k LEFT JOIN sites s ON s.id = k.site_id`;

const findKey = async (db: Queryable, id: number) =>
  (await db.query<AdminApiKey>(`${SELECT_KEY} WHERE k.id = $1`, [id]))[0];

export const listKeys = (db: Queryable) =>
  db.query<AdminApiKey>(`${SELECT_KEY} ORDER BY k.revoked_at NULLS FIRST, k.created_at DESC`);

export function connectionsRouter(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get("/api-keys", async (c) => c.json(await listKeys(db)));

  router.post("/api-keys", async (c) => {
    const input = await parseBody(c, apiKeyCreateSchema);
    const actor = c.get("user").email;
    const created = await adminChange(db, actor, async (tx, audit): Promise<CreatedApiKey> => {
      if (input.siteId !== null) {
        const [site] = await tx.query("SELECT id FROM sites WHERE id = $1", [input.siteId]);
        if (!site) {
          throw new ApiError(422, "validation_failed", "De invoer is ongeldig.", [
            { path: "siteId", message: "Deze vestiging bestaat niet (meer)." },
          ]);
        }
      }
      const { secret, id } = await createApiKey(tx, { ...input, createdBy: actor });
      const key = (await findKey(tx, id)) as AdminApiKey;
      // The secret never enters the audit log: only its recognisable prefix does, as part of the key.
      await audit({ action: "created", entity: "apiKey", entityId: id, before: null, after: key });
      return { ...key, secret };
    });
    return c.json(created, 201);
  });

  router.post("/api-keys/:id{[0-9]+}/revoke", async (c) => {
    const id = idParam(c);
    const key = await adminChange(db, c.get("user").email, async (tx, audit) => {
      const before = await findKey(tx, id);
      if (!before) throw notFound("apiKey");
      if (!(await revokeApiKey(tx, id))) {
        throw new ApiError(409, "already_revoked", "Deze API-sleutel was al ingetrokken.");
      }
      const after = (await findKey(tx, id)) as AdminApiKey;
      await audit({ action: "revoked", entity: "apiKey", entityId: id, before, after });
      return after;
    });
    return c.json(key);
  });

  router.get("/freshness", async (c) => c.json(await dataFreshness(db)));
  return router;
}
