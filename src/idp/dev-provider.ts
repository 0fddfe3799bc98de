import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from "oidc-provider";
import { accountClaims, findAccountById } from "./accounts.js";
import { createInteractionRoutes } from "./interactions.js";
import { loggedOutPage, logoutPage, messagePage, pageHeaders } from "./login-page.js";
import { createMemoryAdapter } from "./memory-adapter.js";
import { loadSigningKeys } from "./signing-keys.js";

/**
 * The bundled development identity provider: a real OpenID Connect provider (oidc-provider) with demo
 * accounts and a Dutch login page, for `npm start` without an external issuer and for the tests.
 * It serves one public client using the implicit flow (`id_token token`) and issues RS256 JWT access
 * tokens for the Wasbord API.
 */

export interface DevIdpOptions {
  /** 0 = pick a free port. */
  port: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Default `http://localhost:${actualPort}`. */
  issuer?: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** `aud` of the access tokens. */
  audience: string;
  /** Where the signing JWKS is kept so tokens survive restarts; generated if missing. Omitted = in memory. */
  keyFile?: string;
}

export interface DevIdp {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

const SCOPES = ["openid", "profile", "email", "phone"] as const;
const SCOPE = SCOPES.join(" ");
const DAY_SECONDS = 24 * 60 * 60;
const DEMO_HINT = "Ontwikkelomgeving: log in met e-mailadres demo@wasbord.nl en wachtwoord “demo”.";

/**
 * oidc-provider only accepts absolute URIs as resource indicators, while the API audience may be a plain
 * name ("wasbord-api"). Requests carry no `resource` parameter anyway: it is always defaulted to this.
 */
export function resourceIndicatorFor(audience: string): string {
  return URL.canParse(audience) ? audience : `urn:wasbord:resource:${encodeURIComponent(audience)}`;
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The URIs with each loopback one also in its other spellings (localhost, 127.0.0.1, [::1]), same port and
 * path: on a development machine the app opened at http://127.0.0.1:3000 must be able to sign in as well as
 * at http://localhost:3000, instead of ending on the login's "invalid_redirect_uri".
 */
export function withLoopbackAliases(uris: readonly string[]): string[] {
  const all = new Set<string>();
  for (const uri of uris) {
    all.add(uri);
    const url = new URL(uri);
    if (!LOOPBACK_HOSTS.includes(url.hostname)) continue;
    for (const host of LOOPBACK_HOSTS) {
      url.hostname = host;
      all.add(url.href.endsWith("/") && !uri.endsWith("/") ? url.href.slice(0, -1) : url.href);
    }
  }
  return [...all];
}

function setPageHeaders(ctx: KoaContextWithOIDC): void {
  ctx.set(pageHeaders);
}

function createConfiguration(options: DevIdpOptions, jwks: Configuration["jwks"]): Configuration {
  const resourceIndicator = resourceIndicatorFor(options.audience);
  const allowedOrigins = new Set(options.redirectUris.map((uri) => new URL(uri).origin));

  return {
    adapter: createMemoryAdapter(),
    jwks,
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    clients: [
      {
        client_id: options.clientId,
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["implicit"],
        response_types: ["id_token token"],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
      },
    ],
    responseTypes: ["id_token token"],
    scopes: [...SCOPES],
    claims: {
      openid: ["sub"],
      profile: ["nickname", "name"],
      email: ["email", "email_verified"],
      phone: ["phone_number", "phone_number_verified"],
    },
    // Put the granted scopes' claims in the ID token too, not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    findAccount(_ctx, sub) {
      const account = findAccountById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => ({ ...accountClaims(account), sub: account.id }) };
    },
    // The API resolves the user from the access token alone, without calling userinfo.
    extraTokenClaims(_ctx, token) {
      const account = "accountId" in token && token.accountId ? findAccountById(token.accountId) : undefined;
      if (!account) return undefined;
      return { email: account.email, email_verified: account.emailVerified, nickname: account.nickname };
    },
    ttl: {
      AccessToken: DAY_SECONDS,
      IdToken: DAY_SECONDS,
      Interaction: 60 * 60,
      Session: DAY_SECONDS,
      Grant: DAY_SECONDS,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resourceIndicator,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resourceIndicator) throw new errors.InvalidTarget();
          return {
            scope: SCOPE,
            audience: options.audience,
            accessTokenFormat: "jwt",
            accessTokenTTL: DAY_SECONDS,
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const accountId = ctx.oidc.session?.accountId;
          const email = accountId ? findAccountById(accountId)?.email : undefined;
          setPageHeaders(ctx);
          ctx.body = logoutPage(form, email);
        },
        postLogoutSuccessSource(ctx) {
          setPageHeaders(ctx);
          ctx.body = loggedOutPage();
        },
      },
    },
    renderError(ctx, out) {
      setPageHeaders(ctx);
      const detail = [out.error, out.error_description].filter(Boolean).join(": ");
      ctx.body = messagePage("Er ging iets mis", "Aanmelden of afmelden bij Wasbord is niet gelukt.", detail);
    },
  };
}

/**
 * The registered redirect URIs are plain http on localhost during development, which the OpenID
 * Connect rules forbid for web clients using the implicit flow. oidc-provider documents this override
 * (recipe "implicit_http_localhost") for development; it applies to this one client only.
 */
function allowHttpLocalhostRedirects(provider: Provider, clientId: string): void {
  // Client.Schema is public in oidc-provider but missing from @types/oidc-provider.
  const { Schema } = provider.Client as unknown as {
    Schema: { prototype: { invalidate(this: { client_id?: string }, message: string, code?: string): void } };
  };
  const schema = Schema.prototype;
  const original = schema.invalidate;
  schema.invalidate = function invalidate(message, code) {
    const relaxed = code === "implicit-force-https" || code === "implicit-forbid-localhost";
    if (relaxed && this.client_id === clientId) return;
    original.call(this, message, code);
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const jwks = await loadSigningKeys(options.keyFile);

  // Listen first: with port 0 the issuer URL needs the port the system picked.
  let handle = (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(503, pageHeaders).end(messagePage("Even geduld", "De inlogdienst start nog."));
  };
  const server = createServer((req, res) => handle(req, res));
  const port = await listen(server, options.port, options.host ?? "127.0.0.1");
  const issuer = options.issuer ?? `http://localhost:${port}`;

  try {
    const provider = new Provider(issuer, createConfiguration(options, jwks));
    allowHttpLocalhostRedirects(provider, options.clientId);
    provider.on("server_error", (_ctx, error) => {
      console.error("Development identity provider: server error", error);
    });

    const interactions = createInteractionRoutes(provider, {
      scopes: SCOPES,
      resourceIndicator: resourceIndicatorFor(options.audience),
      resourceScope: SCOPE,
      hint: DEMO_HINT,
    });
    const callback = provider.callback();
    handle = (req, res) => {
      interactions(req, res).then(
        (handled) => {
          if (!handled) callback(req, res);
        },
        (error: unknown) => {
          console.error("Development identity provider: request failed", error);
          if (!res.headersSent) res.writeHead(500, pageHeaders);
          res.end();
        },
      );
    };
  } catch (error) {
    server.close();
    throw error;
  }

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
