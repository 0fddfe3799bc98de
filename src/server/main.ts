import { join } from "node:path";
import { serve } from "@hono/node-server";
import { startDevIdp } from "../idp/dev-provider.ts";
import { createApp } from "./app.ts";
import { discover } from "./auth/oidc-discovery.ts";
import { bootstrapAdmins } from "./auth/users.ts";
import { createTokenVerifier, remoteKeys } from "./auth/verify-token.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";

/** `npm start` passes --demo: the bundled login, demo accounts and demo data, unless the environment says otherwise. */
const DEMO_DEFAULTS = {
  NODE_ENV: "development",
  DEV_IDP: "true",
  SEED_DEMO: "true",
  ADMIN_EMAILS: "demo@wasbord.nl",
};
const DEMO_ANALYST = "analist@wasbord.nl";

async function main(): Promise<void> {
  const demo = process.argv.includes("--demo");
  const config = loadConfig(demo ? { ...DEMO_DEFAULTS, ...process.env } : process.env);

  const db = await Database.open(config.databasePath);
  await migrate(db, (line) => console.log(line));
  await bootstrapAdmins(db, config.adminEmails);
  if (demo) {
    await db.run("INSERT INTO app_users (email, role) VALUES ($1, 'analist') ON CONFLICT DO NOTHING", [
      DEMO_ANALYST,
    ]);
  }

  const idp = config.devIdp
    ? await startDevIdp({
        port: config.devIdp.port,
        issuer: config.oidc.issuer,
        clientId: config.oidc.clientId,
        redirectUris: [`${config.publicUrl}/auth/callback`],
        postLogoutRedirectUris: [`${config.publicUrl}/`],
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
  const app = createApp({
    config,
    db,
    provider,
    verifyToken,
    distDir: join(import.meta.dirname, "../../dist"),
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    console.log(`Wasbord draait op ${config.publicUrl}`);
    if (idp) console.log(`Inloggen (ontwikkel-login op ${idp.issuer}): demo@wasbord.nl / demo`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    server.close();
    await idp?.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
