import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevIdp, type DevIdpOptions, startDevIdp } from "../../src/idp/dev-provider.js";
import { CookieJar, signInOverHttp } from "../support/idp-login.js";

const CLIENT_ID = "wasbord-web";
const REDIRECT_URI = "http://localhost:3000/auth/callback";
const POST_LOGOUT_URI = "http://localhost:3000/";
const AUDIENCE = "wasbord-api";

const options: DevIdpOptions = {
  port: 0,
  clientId: CLIENT_ID,
  redirectUris: [REDIRECT_URI],
  postLogoutRedirectUris: [POST_LOGOUT_URI],
  audience: AUDIENCE,
};

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  userinfo_endpoint: string;
}

let idp: DevIdp;
let discovery: Discovery;

function signInAs(email: string, password: string, extra: { nonce?: string; cookies?: CookieJar } = {}) {
  return signInOverHttp({
    issuer: idp.issuer,
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    email,
    password,
    ...extra,
  });
}

function authorizeUrl(params: Record<string, string>): URL {
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: "openid profile email phone",
    state: "s",
    nonce: "n",
    ...params,
  }).toString();
  return url;
}

async function get(url: URL | string, jar?: CookieJar): Promise<Response> {
  const response = await fetch(url, {
    headers: { accept: "text/html", ...(jar ? { cookie: jar.header() } : {}) },
    redirect: "manual",
  });
  jar?.store(response);
  return response;
}

beforeAll(async () => {
  idp = await startDevIdp(options);
  discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
});

afterAll(async () => {
  await idp?.close();
});

describe("development identity provider", () => {
  it("publishes its endpoints in the discovery document", () => {
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.issuer).toBe(`http://localhost:${idp.port}`);
    expect(discovery.authorization_endpoint).toBe(`${idp.issuer}/auth`);
    expect(discovery.jwks_uri).toBe(`${idp.issuer}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
    expect(discovery.userinfo_endpoint).toBe(`${idp.issuer}/me`);
  });

  it("issues a 24-hour RS256 JWT access token for the API carrying the verified e-mail", async () => {
    const { accessToken, expiresIn } = await signInAs("demo@wasbord.nl", "demo");
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, {
      issuer: idp.issuer,
      audience: AUDIENCE,
      algorithms: ["RS256"],
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(expiresIn).toBe(86400);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(86400);
    expect(payload.email).toBe("demo@wasbord.nl");
    expect(payload.email_verified).toBe(true);
    expect(payload.nickname).toBe("demo");
    expect(payload.sub).toBe("demo");
    expect(String(payload.scope).split(" ").sort()).toEqual(["email", "openid", "phone", "profile"]);
  });

  it("issues an ID token with the profile, e-mail and phone claims and the nonce", async () => {
    const { idToken } = await signInAs("demo@wasbord.nl", "demo", { nonce: "nonce-123" });
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(idToken, jwks, { issuer: idp.issuer, audience: CLIENT_ID });
    expect(payload).toMatchObject({
      nonce: "nonce-123",
      nickname: "demo",
      name: "Demo Gebruiker",
      email: "demo@wasbord.nl",
      email_verified: true,
      phone_number: "+31612345678",
      phone_number_verified: true,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(86400);
  });

  it("reports an unverified e-mail address as such", async () => {
    const { accessToken } = await signInAs("onbevestigd@example.com", "onbevestigd");
    expect(decodeJwt(accessToken)).toMatchObject({ email: "onbevestigd@example.com", email_verified: false });
  });

  it("yields no token for a wrong password and shows the Dutch error", async () => {
    await expect(signInAs("demo@wasbord.nl", "fout")).rejects.toThrow("E-mailadres of wachtwoord onjuist.");
    await expect(signInAs("niemand@wasbord.nl", "demo")).rejects.toThrow(
      "E-mailadres of wachtwoord onjuist.",
    );
  });

  it("serves a Dutch login page with labelled fields and no script", async () => {
    const jar = new CookieJar();
    const redirect = await get(authorizeUrl({ response_type: "id_token token" }), jar);
    expect(redirect.status).toBe(303);
    const page = await get(new URL(redirect.headers.get("location") ?? "", idp.issuer), jar);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(html).toContain("<title>Inloggen bij Wasbord</title>");
    expect(html).toContain('<label for="email">E-mailadres</label>');
    expect(html).toContain('<label for="password">Wachtwoord</label>');
    expect(html).toMatch(/<button type="submit">Inloggen<\/button>/);
    expect(html).toContain("demo@wasbord.nl");
    expect(html).not.toContain("<script");
  });

  it("refuses response_type=token on its own", async () => {
    const response = await get(authorizeUrl({ response_type: "token" }));
    const location = response.headers.get("location");
    const answer = location ? new URL(location) : undefined;
    const params = new URLSearchParams(answer ? `${answer.search.slice(1)}&${answer.hash.slice(1)}` : "");
    if (answer) expect(params.get("error")).toBe("unsupported_response_type");
    else expect(response.status).toBe(400);
    expect(params.has("access_token")).toBe(false);
  });

  it("skips the login page while the provider session lasts, and ends it on logout", async () => {
    const jar = new CookieJar();
    const first = await signInAs("demo@wasbord.nl", "demo", { cookies: jar });
    // Same browser, wrong password: the session signs in without showing the form.
    const second = await signInAs("demo@wasbord.nl", "not-asked", { cookies: jar });
    expect(decodeJwt(second.accessToken).email).toBe("demo@wasbord.nl");

    const logoutUrl = new URL(discovery.end_session_endpoint);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: first.idToken,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: "weg",
    }).toString();
    const page = await get(logoutUrl, jar);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("<title>Afmelden bij Wasbord</title>");
    expect(html).toMatch(/<button[^>]*form="op.logoutForm"[^>]*>Afmelden<\/button>/);
    expect(html).not.toContain("<script");

    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const confirm = await fetch(new URL(action, idp.issuer), {
      method: "POST",
      body: new URLSearchParams({ xsrf, logout: "yes" }),
      headers: { cookie: jar.header() },
      redirect: "manual",
    });
    jar.store(confirm);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${POST_LOGOUT_URI}?state=weg`);

    await expect(signInAs("demo@wasbord.nl", "not-asked", { cookies: jar })).rejects.toThrow(
      "E-mailadres of wachtwoord onjuist.",
    );
  });

  it("grants more scopes later in the same session without a consent screen", async () => {
    const jar = new CookieJar();
    const narrow = await signInOverHttp({
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: "analist@wasbord.nl",
      password: "analist",
      scope: "openid email",
      cookies: jar,
    });
    expect(decodeJwt(narrow.idToken).nickname).toBeUndefined();
    const wide = await signInAs("analist@wasbord.nl", "not-asked", { cookies: jar });
    expect(decodeJwt(wide.idToken)).toMatchObject({ nickname: "analist", email: "analist@wasbord.nl" });
    expect(String(decodeJwt(wide.accessToken).scope).split(" ").sort()).toEqual([
      "email",
      "openid",
      "phone",
      "profile",
    ]);
  });

  it("does not let the userinfo endpoint accept the API access token", async () => {
    const { accessToken } = await signInAs("demo@wasbord.nl", "demo");
    const response = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(401);
  });
});

describe("development identity provider with a key file", () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "wasbord-idp-"));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("keeps its signing key across restarts, so earlier tokens still verify", async () => {
    const keyFile = join(directory, "keys", "idp-jwks.json");
    const before = await startDevIdp({ ...options, keyFile });
    let accessToken: string;
    try {
      ({ accessToken } = await signInOverHttp({
        issuer: before.issuer,
        clientId: CLIENT_ID,
        redirectUri: REDIRECT_URI,
        email: "analist@wasbord.nl",
        password: "analist",
      }));
    } finally {
      await before.close();
    }

    const after = await startDevIdp({ ...options, keyFile });
    try {
      const jwks = (await (await fetch(`${after.issuer}/jwks`)).json()) as JSONWebKeySet;
      const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks), { audience: AUDIENCE });
      expect(payload.email).toBe("analist@wasbord.nl");
      expect(payload.iss).toBe(before.issuer);
    } finally {
      await after.close();
    }
  });
});
