import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../auth/app-env.ts";
import { bearerToken, hasSecretShape, REPORT_TOKEN_TAG, reportTokenOnly } from "../auth/secret-tokens.ts";
import type { Database } from "../db/database.ts";
import { logger } from "../logging/logger.ts";
import { authenticateReportToken, recordReportTokenUse, tokenActor } from "./tokens.ts";

const REPORTS_PATH = /^\/api\/reports(\/|$)/;

/**
 * In front of the person sign-in of the user API: a request with a report token (`Bearer wbr_…`) is
 * let in only to read reports (GET /api/reports/*), as a reader with an analist's view (plates masked);
 * any other request goes on to `signIn`.
 */
export function orReportToken(db: Database, signIn: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerToken(c.req.header("authorization"));
    if (!secret || !hasSecretShape(REPORT_TOKEN_TAG, secret)) return signIn(c, next);
    if (c.req.method !== "GET" || !REPORTS_PATH.test(c.req.path)) throw reportTokenOnly();
    const token = await authenticateReportToken(db, secret);
    // Best effort: two requests of one refresh at the same moment may collide on the row; the report
    // must not fail because its use was noted by the other one.
    await recordReportTokenUse(db, token, c.req.path).catch((error) =>
      logger.warn("report token use not recorded", { token: token.id, error }),
    );
    c.set("user", { id: 0, email: tokenActor(token), name: token.name, role: "analist" });
    c.set("identity", { email: null, emailVerified: false, nickname: token.name });
    await next();
  };
}
