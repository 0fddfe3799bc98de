import { Hono } from "hono";
import { createAdminRouter } from "./admin/routes.ts";
import { alertsRouter } from "./alerts/routes.ts";
import { createAnnotationsRouter } from "./annotations/routes.ts";
import type { AppEnv } from "./auth/app-env.ts";
import { authenticate, requireRole } from "./auth/authenticate.ts";
import type { ProviderMetadata } from "./auth/oidc-discovery.ts";
import { createIdentityResolver, recordSignIn } from "./auth/users.ts";
import type { TokenVerifier } from "./auth/verify-token.ts";
import { xsrfProtection } from "./auth/xsrf.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { createExperimentsReportRouter, createExperimentsRouter } from "./experiments/routes.ts";
import { clientAddressOf } from "./http/client-address.ts";
import { ApiError, errorResponse } from "./http/errors.ts";
import { throttleCredentialFailures } from "./http/failure-throttle.ts";
import { observeRequests, routeOf } from "./http/observe-requests.ts";
import { routeFirst } from "./http/route-first.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { mountSpa } from "./http/static-files.ts";
import { createImportsRouter } from "./imports/routes.ts";
import { createIngestRouter } from "./ingest/routes.ts";
import { logger } from "./logging/logger.ts";
import { type Mailer, mailOff } from "./mail/mailer.ts";
import { mailRouter } from "./mail/routes.ts";
import { createApiDocsRouter } from "./openapi/routes.ts";
import { privacyRouter } from "./privacy/routes.ts";
import { orReportToken } from "./report-tokens/access.ts";
import { reportTokensRouter } from "./report-tokens/routes.ts";
import { createLiveRouter } from "./reports/live-routes.ts";
import { createReportsRouter } from "./reports/router.ts";
import { createSavedViewsRouter } from "./reports/saved-views.ts";
import { subscriptionOptOutRouter, subscriptionsRouter } from "./subscriptions/routes.ts";
import { createTargetsRouter } from "./targets/routes.ts";
import { createTrackingRouter } from "./tracking/routes.ts";
import { createWeatherImportRouter } from "./weather/routes.ts";
import { unsubscribeRouter, weeklyMailRouter } from "./weekly-mail/routes.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  provider: ProviderMetadata;
  verifyToken: TokenVerifier;
  /** The one way to send mail (src/server/mail); omitted in tests that send none: mail is then off. */
  mailer?: Mailer;
  /** Registers work to finish at shutdown (counters in memory); omitted in tests that never shut down. */
  onShutdown?: (task: () => Promise<void>) => void;
  /** Evaluates the alert rules and sends what is due (src/server/alerts); omitted where alerts do not run. */
  runAlerts?: () => Promise<void>;
  /** Why the server is not ready for traffic yet (/readyz), null once it is; omitted where nothing is prepared. */
  notReady?: () => string | null;
  /** The built SPA; omitted in API-only tests. */
  distDir?: string;
}

export function createApp(appDeps: AppDeps): Hono {
  const deps = { ...appDeps, mailer: appDeps.mailer ?? mailOff() };
  const { config, db, provider } = deps;
  const app = new Hono();
  app.use("*", observeRequests());
  app.use("*", securityHeaders(new URL(provider.issuer).origin, isHttps(config)));
  // After a fatal database error the process is on its way out (main.ts): nothing is healthy any more.
  app.use("*", async (c, next) => {
    if (!db.invalidated) return next();
    c.header("Retry-After", "5");
    if (c.req.path === "/healthz" || c.req.path === "/readyz") {
      return c.json({ status: "unavailable", reason: "database invalidated" }, 503);
    }
    return errorResponse(c, databaseInvalid());
  });
  app.use("/api/*", throttleCredentialFailures({ clientOf: clientAddressOf(config.trustedProxies) }));
  app.use(
    "/api/*",
    routeFirst(() => app.routes),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (db.invalidated) return errorResponse(c, databaseInvalid());
    logger.error("unhandled error", { method: c.req.method, route: routeOf(c), error });
    return errorResponse(
      c,
      new ApiError(500, "internal", "Er ging iets mis op de server. Probeer het opnieuw."),
    );
  });

  // Liveness: the process answers. No database access at all, so that it stays cheap however often it is
  // asked and a full disk does not make a supervisor restart a process that is fine.
  app.get("/healthz", (c) => c.json({ status: "ok" }));

  // Readiness, what a load balancer asks: the database reads and writes, and what a start prepares is done.
  app.get("/readyz", async (c) => {
    const unavailable = (reason: string) => c.json({ status: "unavailable", reason }, 503);
    const preparing = deps.notReady?.() ?? null;
    if (preparing) return unavailable(preparing);
    try {
      await db.run("INSERT OR REPLACE INTO health_check VALUES (1, now())");
    } catch (error) {
      logger.error("readiness check: the database cannot be written", { error });
      return unavailable("database not writable");
    }
    return c.json({ status: "ok" });
  });

  // Runtime configuration for the SPA, so one build runs in every environment. Public: it holds no secret.
  app.get("/api/config", xsrfProtection(isHttps(config)), (c) =>
    c.json({
      authorizeUrl: provider.authorization_endpoint,
      logoutUrl: provider.end_session_endpoint ?? null,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      responseType: config.oidc.responseType,
      scope: config.oidc.scope,
      apiBaseUrl: config.apiBaseUrl,
      cdnBaseUrl: config.cdnBaseUrl,
    }),
  );

  // Machine and public endpoints are mounted here, before the user API: they authenticate themselves
  // (API keys, allowed origins) instead of with a person's token.
  app.route("/", createTrackingRouter(deps));
  app.route("/", unsubscribeRouter(deps));
  app.route("/", subscriptionOptOutRouter(deps));
  app.route("/api/ingest", createIngestRouter(deps));
  app.route(
    "/api",
    createApiDocsRouter(() => app.routes, config.publicUrl),
  );
  app.route("/api", userApi(deps));
  app.all("/api/*", (c) =>
    errorResponse(c, new ApiError(404, "not_found", "Dit adres bestaat niet in de API.")),
  );
  if (deps.distDir) mountSpa(app, deps.distDir);
  return app;
}

/** Everything a signed-in person calls: XSRF-protected, token-checked, allow-listed (reports also by report token). */
function userApi(deps: AppDeps & { mailer: Mailer }): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use("*", xsrfProtection(isHttps(deps.config)));
  api.use(
    "*",
    orReportToken(
      deps.db,
      authenticate({
        db: deps.db,
        verifyToken: deps.verifyToken,
        resolveIdentity: createIdentityResolver(deps.provider.userinfo_endpoint),
        allowedDomains: deps.config.allowedDomains,
      }),
    ),
  );

  api.get("/me", async (c) => {
    const user = c.get("user");
    const identity = c.get("identity");
    await recordSignIn(deps.db, user, identity.nickname);
    return c.json({
      email: user.email,
      name: user.name ?? identity.nickname,
      nickname: identity.nickname,
      role: user.role,
    });
  });

  // Feature routers for signed-in people are mounted below.
  api.route("/admin", adminApi(deps));
  // Before /reports: the experiments report is bespoke in the catalogue, with an endpoint of its own.
  api.route("/reports/experiments", createExperimentsReportRouter(deps));
  api.route("/reports", createReportsRouter(deps));
  api.route("/saved-views", createSavedViewsRouter(deps));
  api.route("/subscriptions", subscriptionsRouter(deps));
  api.route("/imports/weather", createWeatherImportRouter(deps));
  api.route("/imports", createImportsRouter(deps));
  api.route("/experiments", createExperimentsRouter(deps));
  api.route("/annotations", createAnnotationsRouter(deps));
  api.route("/targets", createTargetsRouter(deps));
  api.route("/live", createLiveRouter(deps));
  return api;
}

/**
 * The 'Instellingen' API: the admin's own entities and each feature's settings, mounted here so that admin
 * imports none of the features. Beheerders only, for reading as well as for changing.
 */
function adminApi(deps: AppDeps & { mailer: Mailer }): Hono<AppEnv> {
  const admin = new Hono<AppEnv>();
  admin.use("*", requireRole("beheerder"));
  admin.route("/", createAdminRouter(deps));
  admin.route("/privacy", privacyRouter(deps));
  admin.route("/mail", mailRouter(deps));
  admin.route("/weekly-mail", weeklyMailRouter(deps));
  admin.route("/alerts", alertsRouter(deps.db, deps.runAlerts));
  admin.route("/report-tokens", reportTokensRouter(deps.db));
  return admin;
}

const databaseInvalid = () =>
  new ApiError(
    503,
    "database_unavailable",
    "De database is niet beschikbaar; de server start opnieuw. Probeer het over enkele seconden opnieuw.",
  );

const isHttps = (config: Config) => config.publicUrl.startsWith("https:");
