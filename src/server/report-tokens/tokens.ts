import type { AdminReportToken, ReportTokenCreate } from "../../shared/admin/report-tokens.ts";
import { writeAudit } from "../audit/audit.ts";
import { hasSecretShape, newSecret, REPORT_TOKEN_TAG, sha256 } from "../auth/secret-tokens.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ApiError } from "../http/errors.ts";

// Read-only report tokens: issued by a beheerder, used by a BI tool. Secrets and hashes as for ingest keys
// (src/server/auth/secret-tokens.ts); what a token may reach is decided in access.ts.

const SELECT_TOKEN = `SELECT id, name, prefix, scope, created_by AS "createdBy", created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt" FROM report_tokens`;

export const findReportToken = async (db: Queryable, id: number) =>
  (await db.query<AdminReportToken>(`${SELECT_TOKEN} WHERE id = $1`, [id]))[0];

export const listReportTokens = (db: Queryable) =>
  db.query<AdminReportToken>(`${SELECT_TOKEN} ORDER BY revoked_at NULLS FIRST, created_at DESC, id DESC`);

/** Issues a token; the returned `secret` (`wbr_` + 32 characters) is not stored and cannot be shown again. */
export async function createReportToken(
  db: Queryable,
  input: Required<ReportTokenCreate>,
  createdBy: string,
): Promise<AdminReportToken & { secret: string }> {
  const { secret, prefix, hash } = newSecret(REPORT_TOKEN_TAG);
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO report_tokens (name, prefix, secret_sha256, scope, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.name, prefix, hash, input.scope, createdBy],
  );
  return { ...((await findReportToken(db, id)) as AdminReportToken), secret };
}

/** Revokes a token for good; false when it was revoked already. */
export async function revokeReportToken(db: Queryable, id: number): Promise<boolean> {
  const [{ Count: changed }] = await db.query<{ Count: number }>(
    "UPDATE report_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL",
    [id],
  );
  return Number(changed) > 0;
}

const unauthorized = (message: string) => new ApiError(401, "invalid_token", message);

/** The token behind a presented secret: 401 when unknown or revoked. */
export async function authenticateReportToken(db: Queryable, secret: string): Promise<AdminReportToken> {
  if (!hasSecretShape(REPORT_TOKEN_TAG, secret)) throw unauthorized("Dit API-token is ongeldig.");
  const [token] = await db.query<AdminReportToken>(`${SELECT_TOKEN} WHERE secret_sha256 = $1`, [
    sha256(secret),
  ]);
  if (!token) throw unauthorized("Dit API-token is ongeldig.");
  if (token.revokedAt) throw unauthorized("Dit API-token is ingetrokken.");
  return token;
}

/**
 * Notes a use: `last_used_at` to the minute, and an audit entry at most once an hour per token (a BI
 * refresh sends a request per report; one entry per request would bury the log).
 */
export async function recordReportTokenUse(db: Database, token: AdminReportToken, path: string) {
  await db.transaction(async (tx) => {
    await tx.run(
      `UPDATE report_tokens SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - INTERVAL 1 MINUTE)`,
      [token.id],
    );
    const [{ Count: due }] = await tx.query<{ Count: number }>(
      `UPDATE report_tokens SET use_audited_at = now()
       WHERE id = $1 AND (use_audited_at IS NULL OR use_audited_at < now() - INTERVAL 1 HOUR)`,
      [token.id],
    );
    if (Number(due) === 0) return;
    await writeAudit(tx, tokenActor(token), {
      action: "used",
      entity: "reportToken",
      entityId: token.id,
      before: null,
      after: { name: token.name, path },
    });
  });
}

/** How a token appears as the actor in the audit log: its name and recognisable prefix. */
export const tokenActor = (token: Pick<AdminReportToken, "name" | "prefix">) =>
  `API-token ${token.prefix}… (${token.name})`;
