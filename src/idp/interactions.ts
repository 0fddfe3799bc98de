import type { IncomingMessage, ServerResponse } from "node:http";
import type { InteractionResults, Provider } from "oidc-provider";
import { errors } from "oidc-provider";
import { RateLimiter, type RateLimitOptions } from "../server/http/rate-limit.js";
import { verifyCredentials } from "./accounts.js";
import { loginPage, messagePage, pageHeaders } from "./login-page.js";

/**
 * The provider's own interaction routes: the login page (`GET /interaction/:uid`) and its form
 * (`POST /interaction/:uid/login`). Wasbord is a first-party app, so there is no consent screen: a
 * successful login grants the requested scopes, claims and API resource at once.
 */

export interface InteractionRoutesOptions {
  /** OpenID scopes the provider supports; requested ones outside this set are not granted. */
  scopes: readonly string[];
  /** Resource indicator of the API and the scope it may receive. */
  resourceIndicator: string;
  resourceScope: string;
  /** Line naming the demo account under the form. */
  hint?: string;
}

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

const INTERACTION_PATH = /^\/interaction\/([\w-]+)(\/login)?$/;
const FORM_LIMIT_BYTES = 16 * 1024;
const WRONG_CREDENTIALS = "E-mailadres of wachtwoord onjuist.";
/**
 * Failed sign-ins per client address (the peer: this provider reads no proxy header): 10 at once, then one
 * per 30 seconds, so guessing a password takes days instead of seconds. A good password costs nothing.
 */
const LOGIN_FAILURES: RateLimitOptions = { burst: 10, perSecond: 1 / 30, maxClients: 10_000 };
/**
 * Failed sign-ins per account, from whatever address: a guesser with many addresses gets as far as one.
 * While an account cools down every attempt for it is refused, the right password too: otherwise the
 * guess that hits would get in. The accounts table is small, so at most a few thousand names are kept.
 */
const ACCOUNT_FAILURES: RateLimitOptions = { burst: 10, perSecond: 1 / 30, maxClients: 10_000 };

class FormTooLarge extends Error {}

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...pageHeaders, ...headers });
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new FormTooLarge();
    chunks.push(chunk);
  }
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function words(value: unknown): string[] {
  return typeof value === "string" ? value.split(" ").filter(Boolean) : [];
}

export function createInteractionRoutes(
  provider: Provider,
  options: InteractionRoutesOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const supportedScopes = new Set(options.scopes);
  const failures = new RateLimiter(LOGIN_FAILURES);
  const accountFailures = new RateLimiter(ACCOUNT_FAILURES);
  const resourceScopes = new Set(words(options.resourceScope));

  /** Creates or extends the account's grant with everything this authorization request asks for. */
  async function grantRequested(interaction: Interaction, accountId: string): Promise<string> {
    const clientId = String(interaction.params.client_id);
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant =
      existing && existing.accountId === accountId && existing.clientId === clientId
        ? existing
        : new provider.Grant({ accountId, clientId });

    const requested = words(interaction.params.scope);
    grant.addOIDCScope(requested.filter((scope) => supportedScopes.has(scope)));
    grant.addResourceScope(
      options.resourceIndicator,
      requested.filter((scope) => resourceScopes.has(scope)),
    );

    // On a consent prompt the provider lists exactly what is missing; grant that too.
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope);
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes);
    }
    return grant.save();
  }

  async function finish(
    req: IncomingMessage,
    res: ServerResponse,
    result: InteractionResults,
  ): Promise<void> {
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  async function show(req: IncomingMessage, res: ServerResponse, interaction: Interaction): Promise<void> {
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name === "consent" && accountId) {
      await finish(req, res, { consent: { grantId: await grantRequested(interaction, accountId) } });
      return;
    }
    send(res, 200, loginPage({ action: `/interaction/${interaction.uid}/login`, hint: options.hint }));
  }

  async function submitLogin(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
  ): Promise<void> {
    const form = await readForm(req);
    const email = form.get("email") ?? "";
    const action = `/interaction/${interaction.uid}/login`;
    const accountKey = email.trim().toLowerCase();
    if (!accountFailures.allows(accountKey, Date.now())) {
      const seconds = accountFailures.retryAfterSeconds(accountKey, Date.now());
      const error = `Te veel mislukte pogingen voor dit account. Probeer het over ${seconds} seconden opnieuw.`;
      send(res, 429, loginPage({ action, email, error, hint: options.hint }), {
        "retry-after": String(seconds),
      });
      return;
    }
    const account = verifyCredentials(email, form.get("password") ?? "");
    if (!account) {
      failures.take(req.socket.remoteAddress ?? "", Date.now());
      accountFailures.take(accountKey, Date.now());
      send(res, 200, loginPage({ action, email, error: WRONG_CREDENTIALS, hint: options.hint }));
      return;
    }
    const grantId = await grantRequested(interaction, account.id);
    await finish(req, res, { login: { accountId: account.id }, consent: { grantId } });
  }

  return async function handle(req, res) {
    const match = INTERACTION_PATH.exec(new URL(req.url ?? "/", "http://idp.invalid").pathname);
    if (!match) return false;
    const [, uid, loginAction] = match;
    const method = req.method ?? "GET";
    try {
      if (loginAction ? method !== "POST" : method !== "GET" && method !== "HEAD") {
        send(res, 405, messagePage("Niet toegestaan", "Deze pagina ondersteunt dit verzoek niet."), {
          allow: loginAction ? "POST" : "GET, HEAD",
        });
        return true;
      }
      const client = req.socket.remoteAddress ?? "";
      if (loginAction && !failures.allows(client, Date.now())) {
        // Refused before the form or the session is looked at: a throttled client costs next to nothing.
        const seconds = failures.retryAfterSeconds(client, Date.now());
        const error = `Te veel mislukte pogingen. Probeer het over ${seconds} seconden opnieuw.`;
        send(res, 429, loginPage({ action: `/interaction/${uid}/login`, error, hint: options.hint }), {
          "retry-after": String(seconds),
        });
        return true;
      }
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.uid !== uid)
        throw new errors.SessionNotFound("interaction cookie belongs to another uid");
      if (loginAction) await submitLogin(req, res, interaction);
      else await show(req, res, interaction);
    } catch (error) {
      if (res.headersSent) throw error;
      if (error instanceof errors.SessionNotFound) {
        send(
          res,
          400,
          messagePage(
            "Aanmelding verlopen",
            "Deze aanmeldpoging is verlopen of onbekend. Ga terug naar Wasbord en meld u opnieuw aan.",
          ),
        );
      } else if (error instanceof FormTooLarge) {
        send(res, 413, messagePage("Verzoek te groot", "Het formulier bevat te veel gegevens."));
      } else {
        console.error("Development identity provider: interaction failed", error);
        send(
          res,
          500,
          messagePage("Er ging iets mis", "Inloggen is nu niet mogelijk. Probeer het later opnieuw."),
        );
      }
    }
    return true;
  };
}
