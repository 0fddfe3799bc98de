import { randomBytes } from "node:crypto";

/**
 * Signs in through an OpenID provider's real login page over HTTP, the way a browser would: authorize
 * request, the provider's redirects, the login form, and back to the redirect URI, whose fragment carries
 * the tokens (implicit flow, `response_type=id_token token`). API tests and the browser-test setup use it
 * to obtain real tokens from the development identity provider.
 */

export interface SignInOptions {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** Default "openid profile email phone". */
  scope?: string;
  /** Default: random. */
  nonce?: string;
  /** Default: random. */
  state?: string;
  /** Cookies to carry between calls, like one browser profile; default: a fresh jar per sign-in. */
  cookies?: CookieJar;
}

export interface SignInResult {
  accessToken: string;
  idToken: string;
  expiresIn: number;
  state: string;
}

/** Just enough of a browser's cookie store for one host: names and values, expired ones dropped. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (attributes.some(isExpiry) || value === "") this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function isExpiry(attribute: string): boolean {
  const [key, value = ""] = attribute.split("=").map((part) => part.trim());
  if (key.toLowerCase() === "max-age") return Number(value) <= 0;
  if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
  return false;
}

function decodeHtml(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function withoutQueryOrFragment(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

async function authorizationEndpoint(issuer: string): Promise<string> {
  const response = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Discovery document of ${issuer} answered ${response.status}`);
  const { authorization_endpoint: endpoint } = (await response.json()) as { authorization_endpoint?: string };
  if (!endpoint) throw new Error(`Discovery document of ${issuer} names no authorization_endpoint`);
  return endpoint;
}

function tokensFromFragment(location: URL, email: string, expectedState: string): SignInResult {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const error = fragment.get("error");
  if (error) {
    const description = fragment.get("error_description");
    throw new Error(`Sign-in as ${email} was refused: ${error}${description ? ` (${description})` : ""}`);
  }
  const state = fragment.get("state") ?? "";
  if (state !== expectedState) throw new Error(`Sign-in as ${email} returned state "${state}"`);
  const accessToken = fragment.get("access_token");
  const idToken = fragment.get("id_token");
  if (!accessToken || !idToken) {
    throw new Error(`Sign-in as ${email} returned no access_token/id_token: ${location.hash}`);
  }
  return { accessToken, idToken, expiresIn: Number(fragment.get("expires_in")), state };
}

const MAX_STEPS = 20;

export async function signInOverHttp(options: SignInOptions): Promise<SignInResult> {
  const state = options.state ?? randomBytes(12).toString("base64url");
  const authorize = new URL(await authorizationEndpoint(options.issuer));
  authorize.search = new URLSearchParams({
    response_type: "id_token token",
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: options.scope ?? "openid profile email phone",
    state,
    nonce: options.nonce ?? randomBytes(12).toString("base64url"),
  }).toString();

  const jar = options.cookies ?? new CookieJar();
  const target = withoutQueryOrFragment(new URL(options.redirectUri));
  let url = authorize;
  let form: URLSearchParams | undefined;
  let submitted = false;

  for (let step = 0; step < MAX_STEPS; step += 1) {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      body: form,
      headers: { accept: "text/html", cookie: jar.header() },
      redirect: "manual",
    });
    jar.store(response);
    form = undefined;

    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      if (withoutQueryOrFragment(url) === target) return tokensFromFragment(url, options.email, state);
      continue;
    }

    const html = await response.text();
    const loginForm = /<form[^>]*\baction="([^"]*\/login)"/.exec(html);
    if (response.status !== 200 || !loginForm) {
      throw new Error(
        `Sign-in as ${options.email}: unexpected ${response.status} from ${url}: ${html.slice(0, 500)}`,
      );
    }
    if (submitted) {
      const message = /<p class="error"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
      throw new Error(
        `Sign-in as ${options.email} failed: ${message ? decodeHtml(message) : "login page shown again"}`,
      );
    }
    url = new URL(decodeHtml(loginForm[1]), url);
    form = new URLSearchParams({ email: options.email, password: options.password });
    submitted = true;
  }
  throw new Error(
    `Sign-in as ${options.email} did not reach ${options.redirectUri} within ${MAX_STEPS} steps`,
  );
}
