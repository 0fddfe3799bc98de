import { existsSync } from "node:fs";
import { totalmem } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";
import { isProxyEntry } from "./http/client-address.ts";
import { LOG_LEVELS, type LogFormat, type LogLevel } from "./logging/logger.ts";

/** A configuration value that does not parse: start-up stops with a message naming the variable. */
export class ConfigError extends Error {}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => ["true", "1", "yes"].includes(v));
const port = z.coerce.number().int().min(0).max(65535);
const list = z.string().transform((v) =>
  v
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean),
);
const url = z.url({ protocol: /^https?$/ });
const smtpUrl = z.url({ protocol: /^smtps?$/, error: "expected smtp://user:password@host:587 or smtps://…" });

// Every environment variable the server reads, with its default. Documented in .env.example.
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(3000),
  PUBLIC_URL: url.optional(),
  DATABASE_PATH: z.string().min(1).default("data/wasbord.duckdb"),
  MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(MB|GB)$/i, "expected a size like 1536MB or 1.5GB")
    .transform((v) => Math.round(Number.parseFloat(v) * (/gb$/i.test(v) ? 1024 : 1)))
    .pipe(z.number().min(128, "expected at least 128MB"))
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  TRUSTED_PROXIES: list
    .pipe(z.array(z.string().refine(isProxyEntry, "expected IP addresses or CIDR ranges like 10.0.0.0/8")))
    .default([]),
  SEED_DEMO: bool.default(false),
  SEED_SCALE: z.coerce.number().positive().max(100).default(1),
  DEMO_LIVE: bool.default(true),
  DEV_IDP: bool.default(false),
  DEV_IDP_ALLOW_IN_PRODUCTION: bool.default(false),
  IDP_PORT: port.default(3001),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default("wasbord-web"),
  OIDC_AUDIENCE: z.string().min(1).default("wasbord-api"),
  OIDC_RESPONSE_TYPE: z.enum(["token", "id_token token"]).optional(),
  OIDC_SCOPE: z.string().min(1).default("openid profile email phone"),
  ADMIN_EMAILS: list.default([]),
  AUTH_ALLOWED_DOMAINS: list.default([]),
  API_BASE_URL: z.string().default(""),
  CDN_BASE_URL: z.string().default(""),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  TRACKING_ORIGINS: list
    .pipe(
      z.array(
        z
          .string()
          .regex(/^https?:\/\/[a-z0-9.-]+(:(\d{1,5}|\*))?$/, "expected origins like https://www.example.nl"),
      ),
    )
    .optional(),
  PLATE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(395),
  PLATE_PSEUDONYM_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "expected 64 hexadecimal characters (32 random bytes)")
    .optional(),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: z.string().min(3).default("Wasbord <wasbord@localhost>"),
  DEMO_SMTP_PORT: port.default(0),
});

/**
 * How mail leaves the server: through `SMTP_URL` (production), to the SMTP server inside the app whose
 * messages a beheerder reads under Instellingen → Postvak (development and test without SMTP_URL; port 0 =
 * any free port), or not at all (production without SMTP_URL).
 */
export interface MailConfig {
  from: string;
  transport: { kind: "smtp"; url: string } | { kind: "inbox"; port: number } | { kind: "off" };
}

export interface Config {
  env: "production" | "development" | "test";
  host: string;
  port: number;
  /** The origin people open, used for the sign-in redirect. */
  publicUrl: string;
  databasePath: string;
  /** How much memory the database engine may hold (MB); it spills to disk beyond that. */
  memoryLimitMb: number;
  /**
   * Scheduled exports of the whole database (and the snapshots taken before migrations) in `dir`; the
   * newest `keep` of each kind are kept. intervalHours 0 turns the schedule off.
   */
  backup: { dir: string; intervalHours: number; keep: number };
  /**
   * Addresses of the reverse proxies in front of the server: only their X-Forwarded-For is believed when
   * telling clients apart for rate limits. Empty: the peer address is the client.
   */
  trustedProxies: string[];
  seedDemo: boolean;
  /** Size of the demo chain: 1 = four sites with ~500 washes a day each. */
  seedScale: number;
  /** In demo mode (`--demo`) only: keep the demo chain washing through the public interfaces. */
  demoLive: boolean;
  /** Start the bundled identity provider (only when no external issuer is configured). */
  devIdp: { port: number } | null;
  oidc: { issuer: string; clientId: string; audience: string; responseType: string; scope: string };
  adminEmails: string[];
  allowedDomains: string[];
  apiBaseUrl: string;
  cdnBaseUrl: string;
  /** How long a stopping server waits for requests in flight before it cuts them off. */
  shutdownGraceMs: number;
  /** Where GET /metrics (Prometheus) is served; null: not at all. */
  metrics: { host: string; port: number } | null;
  /** JSON lines by default, readable lines in development. */
  log: { level: LogLevel; format: LogFormat };
  /** Websites allowed to send tracking events; in development any localhost port. */
  trackingOrigins: string[];
  /** Plates: days after a plate's last read or sale before its history is pseudonymised (null: never). */
  plateRetentionDays: number | null;
  /** The HMAC key of the plate pseudonyms (hex); null: one is made and kept in the database. */
  platePseudonymKey: string | null;
  mail: MailConfig;
}

/** Reads `.env` from the working directory when there is one (Node's own parser); the environment wins over it. */
export function loadEnvFile(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/**
 * The engine's memory by default: a quarter of the machine's, at most 1,5 GB. DuckDB would take 80 % of it
 * for its buffers; at 10× the demo chain the server then grew to 8 GB, while with 1,5 GB the reports answer as
 * fast (the file's pages stay in the operating system's cache, which gives them back when others need them).
 */
export const defaultMemoryLimitMb = () => Math.max(256, Math.min(1536, Math.floor(totalmem() / 4 / 2 ** 20)));

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const useDevIdp = !e.OIDC_ISSUER && e.DEV_IDP;
  if (useDevIdp && e.NODE_ENV === "production" && !e.DEV_IDP_ALLOW_IN_PRODUCTION) {
    throw new ConfigError(
      "DEV_IDP=true refuses to run in production mode: set NODE_ENV=development, or DEV_IDP_ALLOW_IN_PRODUCTION=true to allow it explicitly",
    );
  }
  if (!e.OIDC_ISSUER && !useDevIdp) {
    throw new ConfigError("OIDC_ISSUER is required (or DEV_IDP=true for the bundled development provider)");
  }
  if (useDevIdp && e.OIDC_RESPONSE_TYPE === "token") {
    throw new ConfigError(
      'OIDC_RESPONSE_TYPE=token is not supported by the bundled provider; use "id_token token"',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    databasePath: e.DATABASE_PATH,
    memoryLimitMb: e.MEMORY_LIMIT ?? defaultMemoryLimitMb(),
    backup: {
      dir: e.BACKUP_DIR ?? join(dirname(e.DATABASE_PATH), "backups"),
      intervalHours: e.DATABASE_PATH === ":memory:" ? 0 : e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
    },
    trustedProxies: e.TRUSTED_PROXIES,
    seedDemo: e.SEED_DEMO,
    seedScale: e.SEED_SCALE,
    demoLive: e.DEMO_LIVE,
    devIdp: useDevIdp ? { port: e.IDP_PORT } : null,
    oidc: {
      issuer: (e.OIDC_ISSUER ?? `http://localhost:${e.IDP_PORT}`).replace(/\/$/, ""),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      // The spec's default is the plain token flow; the bundled provider only does the id_token variant.
      responseType: e.OIDC_RESPONSE_TYPE ?? (useDevIdp ? "id_token token" : "token"),
      scope: e.OIDC_SCOPE,
    },
    adminEmails: e.ADMIN_EMAILS,
    allowedDomains: e.AUTH_ALLOWED_DOMAINS,
    apiBaseUrl: e.API_BASE_URL,
    cdnBaseUrl: e.CDN_BASE_URL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (e.NODE_ENV === "development" ? "pretty" : "json") },
    trackingOrigins:
      e.TRACKING_ORIGINS ??
      (e.NODE_ENV === "development" ? ["http://localhost:*", "http://127.0.0.1:*"] : []),
    plateRetentionDays: e.PLATE_RETENTION_DAYS === 0 ? null : e.PLATE_RETENTION_DAYS,
    platePseudonymKey: e.PLATE_PSEUDONYM_KEY ?? null,
    mail: {
      from: e.MAIL_FROM,
      transport: e.SMTP_URL
        ? { kind: "smtp", url: e.SMTP_URL }
        : e.NODE_ENV === "production"
          ? { kind: "off" }
          : { kind: "inbox", port: e.DEMO_SMTP_PORT },
    },
  };
}
