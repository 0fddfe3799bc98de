import { Hono } from "hono";
import {
  type AdminReportToken,
  type CreatedReportToken,
  reportTokenCreateSchema,
} from "../../shared/admin/report-tokens.ts";
import { adminChange } from "../audit/change.ts";
import { notFound } from "../audit/change-errors.ts";
import type { AppEnv } from "../auth/app-env.ts";
import type { Database } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";
import { idParam, parseBody } from "../http/request.ts";
import { createReportToken, findReportToken, listReportTokens, revokeReportToken } from "./tokens.ts";

/** `/api/admin/report-tokens` (beheerders, behind the admin router): list, issue, revoke; all audited. */
export function reportTokensRouter(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get("/", async (c) => c.json(await listReportTokens(db)));

  router.post("/", async (c) => {
    const input = await parseBody(c, reportTokenCreateSchema);
    const actor = c.get("user").email;
    const created = await adminChange(db, actor, async (tx, audit): Promise<CreatedReportToken> => {
      const token = await createReportToken(tx, input, actor);
      const { secret, ...shown } = token;
      // The secret never enters the audit log: only its recognisable prefix does.
      await audit({
        action: "created",
        entity: "reportToken",
        entityId: token.id,
        before: null,
        after: shown,
      });
      return token;
    });
    return c.json(created, 201);
  });

  router.post("/:id{[0-9]+}/revoke", async (c) => {
    const id = idParam(c);
    const token = await adminChange(db, c.get("user").email, async (tx, audit) => {
      const before = await findReportToken(tx, id);
      if (!before) throw notFound("reportToken");
      if (!(await revokeReportToken(tx, id))) {
        throw new ApiError(409, "already_revoked", "Dit API-token was al ingetrokken.");
      }
      const after = (await findReportToken(tx, id)) as AdminReportToken;
      await audit({ action: "revoked", entity: "reportToken", entityId: id, before, after });
      return after;
    });
    return c.json(token);
  });

  return router;
}
