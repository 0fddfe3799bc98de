import type { Server } from "node:http";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { alertRunner, scheduleAlerts } from "./alerts/schedule.ts";
import { createApp } from "./app.ts";
import { discover } from "./auth/oidc-discovery.ts";
import { bootstrapAdmins } from "./auth/users.ts";
import { createTokenVerifier, remoteKeys } from "./auth/verify-token.ts";
import { serverClock } from "./clock.ts";
import { ConfigError, loadConfig, loadEnvFile } from "./config.ts";
import { scheduleBackups } from "./db/backup.ts";
import { startCheckpointer } from "./db/checkpointer.ts";
import type { Database } from "./db/database.ts";
import { openMigratedDatabase } from "./db/open-database.ts";
import { generateDemoData, isDatabaseEmpty } from "./demo/index.ts";
import { startLiveDemo } from "./demo/live/index.ts";
import { type ShutdownTask, shutDown } from "./lifecycle/shutdown.ts";
import { configureLogger, logger } from "./logging/logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { startMetricsServer } from "./metrics/endpoint.ts";
import { prepareStart } from "./start-up.ts";
import { scheduleSubscriptionMail } from "./subscriptions/send.ts";
import { DERIVED_TABLES } from "./warehouse/derived/declarations.ts";
import { startDerivedRefresher } from "./warehouse/derived-refresher.ts";
import { scheduleWeeklyMail } from "./weekly-mail/send.ts";

/**
 * `npm start` passes --demo: the bundled login, demo accounts and demo data, unless the environment says
 * otherwise. NODE_ENV=production in the environment switches every demo part off, so a production host
 * configured through the environment never runs the bundled login or the demo chain, whatever the script.
 */
const DEMO_DEFAULTS = {
  NODE_ENV: "development",
  DEV_IDP: "true",
  SEED_DEMO: "true",
  ADMIN_EMAILS: "demo@wasbord.nl",
  // The live demo's visitors browse the demo website; the development default (any localhost) stays allowed.
  TRACKING_ORIGINS: "https://www.wasbord.nl,http://localhost:*,http://127.0.0.1:*",
  // The live demo stands on this machine as the proxy of its many visitors (X-Forwarded-For per visitor).
  TRUSTED_PROXIES: "127.0.0.1,::1",
};
const DEMO_ANALYST = "analist@wasbord.nl";
const DEMO_SEED = 42;

/** Fills an empty database with the demo chain before the server listens, printing progress. */
async function seedDemo(db: Database, scale: number): Promise<void> {
  logger.info(`Lege database: demodata genereren (schaal ${scale}) …`);
  let lastLine = 0;
  const summary = await generateDemoData(db, {
    seed: DEMO_SEED,
    scale,
    today: new Date(),
    onProgress: (message) => {
      // Progress arrives per simulated day; a line every two seconds is enough to show it is alive.
      if (Date.now() - lastLine < 2000) return;
      lastLine = Date.now();
      logger.info(`  ${message}`);
    },
  });
  const counts = Object.entries(summary.rows).map(([table, n]) => `${table} ${n.toLocaleString("nl-NL")}`);
  logger.info(`Demodata klaar in ${(summary.durationMs / 1000).toFixed(1)} s: ${counts.join(", ")}`);
}

/** How long requests in flight get after a fatal database error: they cannot succeed anyway. */
const FATAL_GRACE_MS = 1_000;
/** The exit code after a fatal database error, told apart from a start that failed (1). */
const EXIT_DATABASE_INVALID = 70;

async function main(): Promise<void> {
  loadEnvFile();
  const demo = process.argv.includes("--demo") && process.env.NODE_ENV !== "production";
  const config = loadConfig(demo ? { ...DEMO_DEFAULTS, ...process.env } : process.env);

  configureLogger(config.log);

  const db = await openMigratedDatabase(config.databasePath, {
    log: (line) => logger.info(line),
    snapshotDir: config.backup.dir,
    memoryLimitMb: config.memoryLimitMb,
  });
  // A test seam (tests/api/fatal-restart.test.ts), never honoured in production.
  const faultSql = config.env === "production" ? undefined : process.env.WASBORD_FAULT_FATAL_SQL;
  if (faultSql) db.failFatallyOn(faultSql);
  await bootstrapAdmins(db, config.adminEmails);
  if (demo) {
    await db.run("INSERT INTO app_users (email, role) VALUES ($1, 'analist') ON CONFLICT DO NOTHING", [
      DEMO_ANALYST,
    ]);
  }
  if (config.seedDemo && (await isDatabaseEmpty(db))) await seedDemo(db, config.seedScale);
  const stopBackups = scheduleBackups(db, config.backup);
  const mailer = await createMailer(config.mail, { db });
  const runAlerts = alertRunner(db, serverClock(), { mailer, appUrl: config.publicUrl });
  const stopAlerts = scheduleAlerts(runAlerts);
  // With mail off there is nothing to send (production without SMTP_URL).
  const stopWeeklyMail =
    mailer.mode === "off"
      ? async () => {}
      : scheduleWeeklyMail({ db, mailer, publicUrl: config.publicUrl }, serverClock());
  const stopSubscriptionMail =
    mailer.mode === "off"
      ? async () => {}
      : scheduleSubscriptionMail({ db, mailer, publicUrl: config.publicUrl }, serverClock());

  // Loaded only when used: production with a real provider does not load oidc-provider at all.
  const devIdp = config.devIdp ? await import("../idp/dev-provider.ts") : null;
  // In development the app is opened at localhost as often as at 127.0.0.1: both may sign in.
  const appUris = (uris: string[]) =>
    devIdp && config.env !== "production" ? devIdp.withLoopbackAliases(uris) : uris;
  const idp =
    config.devIdp && devIdp
      ? await devIdp.startDevIdp({
          port: config.devIdp.port,
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          redirectUris: appUris([`${config.publicUrl}/auth/callback`]),
          postLogoutRedirectUris: appUris([`${config.publicUrl}/`]),
          audience: config.oidc.audience,
          keyFile:
            config.databasePath === ":memory:" ? undefined : join(config.databasePath, "..", "idp-keys.json"),
        })
      : null;

  const provider = await discover(config.oidc.issuer);
  const verifyToken = createTokenVerifier({
    issuer: provider.issuer,
    audience: config.oidc.audience,
    keys: remoteKeys(provider.jwks_uri),
  });
  const flushes: ShutdownTask[] = [];
  // Next to ingestion: report tables follow the facts in the background, checkpoints happen between writes.
  const refresher = startDerivedRefresher(db, { declarations: DERIVED_TABLES });
  const app = createApp({
    config,
    db,
    provider,
    verifyToken,
    mailer,
    runAlerts,
    notReady: prepareStart(db, refresher),
    onShutdown: (task) => flushes.push(task),
    distDir: join(import.meta.dirname, "../../dist"),
  });

  const checkpointer = await startCheckpointer(db);

  const metricsServer = config.metrics
    ? await startMetricsServer({ ...config.metrics, databasePath: config.databasePath })
    : null;
  // Stopped first at shutdown, before the server closes under its requests ("fetch failed" on Ctrl-C).
  const liveDemo = new AbortController();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    logger.info(`Wasbord draait op ${config.publicUrl}`);
    if (idp) logger.info(`Inloggen (ontwikkel-login op ${idp.issuer}): demo@wasbord.nl / demo`);
    if (demo && config.demoLive) {
      startLiveDemo({
        db,
        url: `http://127.0.0.1:${config.port}`,
        seed: DEMO_SEED,
        scale: config.seedScale,
        signal: liveDemo.signal,
      }).catch((error) => {
        if (!liveDemo.signal.aborted) logger.error("live demo did not start", { error });
      });
    }
  });

  // Node closes a keep-alive connection after 5 s idle, which races a client or reverse proxy sending its
  // next request on it: that request fails ("other side closed", a 502 behind nginx). Busy, the bench's
  // senders hit it at 10x. Outlast the proxies' idle upstream connections (nginx: 60 s) instead; shutdown
  // closes idle connections itself.
  (server as Server).keepAliveTimeout = 65_000;
  (server as Server).headersTimeout = 66_000;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    liveDemo.abort();
    const schedulesStopped = Promise.all([
      stopBackups(),
      stopAlerts(),
      stopWeeklyMail(),
      stopSubscriptionMail(),
    ]).then(() => {});
    await shutDown({
      servers: [server as Server, ...(metricsServer ? [metricsServer] : [])],
      graceMs: config.shutdownGraceMs,
      tasks: [
        // a backup, alert or mail run in flight still needs the mailer and the database
        () => schedulesStopped,
        ...flushes,
        () => mailer.close(),
        async () => idp?.close(),
        () => refresher.stop(),
        () => checkpointer.stop(),
        () => db.close(),
      ],
    });
    process.exit(0);
  };
  // After a fatal error DuckDB answers every statement with "database has been invalidated": only a new
  // process opens the file again (replaying its log). The app answers 503 from now on; the process stops
  // taking connections, gives the requests in flight a moment and exits non-zero, for the supervisor
  // (systemd Restart=always) to start it again. Everything acknowledged was committed before it was.
  db.onFatal((error) => {
    logger.error("Database ongeldig na een fatale fout; het proces stopt zodat de supervisor het herstart", {
      error,
    });
    if (stopping) return;
    stopping = true;
    liveDemo.abort();
    void shutDown({
      servers: [server as Server, ...(metricsServer ? [metricsServer] : [])],
      graceMs: FATAL_GRACE_MS,
      tasks: [async () => idp?.close()],
    }).finally(() => process.exit(EXIT_DATABASE_INVALID));
  });
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
