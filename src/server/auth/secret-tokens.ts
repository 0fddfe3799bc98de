import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "../http/errors.ts";

// Secrets handed to machines (ingest API keys, report tokens). The secret is shown once, at creation; the
// database keeps its SHA-256 (a fast hash is enough: the secret is 192 random bits, not a password) and a
// short prefix that lets people recognise it in lists and logs. The tag in front tells the kinds apart.

const PREFIX_LENGTH = 10;

export const sha256 = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new secret `<tag>_` + 32 characters, with what is stored of it. */
export function newSecret(tag: string): { secret: string; prefix: string; hash: string } {
  const secret = `${tag}_${randomBytes(24).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), hash: sha256(secret) };
}

/** Whether `value` is shaped like a secret with this tag (not whether it exists). */
export const hasSecretShape = (tag: string, value: string) =>
  new RegExp(`^${tag}_[A-Za-z0-9_-]{32}$`).test(value);

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearerToken = (authorization: string | undefined) =>
  authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

/** Report tokens (src/server/report-tokens) start `wbr_`, ingest keys `wb_`: each side knows the other's. */
export const REPORT_TOKEN_TAG = "wbr";

export const reportTokenOnly = () =>
  new ApiError(
    403,
    "report_token_only",
    "Dit is een API-token voor rapporten: het geeft alleen leestoegang tot GET /api/reports/….",
  );
