import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

let server: WasbordProcess;
const tokens: Record<string, string> = {};

const signIn = async (email: string, password: string) =>
  (
    await signInOverHttp({
      issuer: server.issuer,
      clientId: "wasbord-web",
      redirectUri: `${server.url}/auth/callback`,
      email,
      password,
    })
  ).accessToken;

beforeAll(async () => {
  server = await startWasbord();
  tokens.demo = await signIn("demo@wasbord.nl", "demo");
  tokens.guest = await signIn("gast@example.com", "gast");
  tokens.unverified = await signIn("onbevestigd@example.com", "onbevestigd");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, token?: string) =>
  fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("the API behind sign-in", () => {
  it("answers 401 without a token, in the one error shape", async () => {
    const response = await get("/api/me");
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthenticated");
  });

  it("answers 401 for a token that is not valid", async () => {
    const response = await get("/api/me", `${tokens.demo.slice(0, -4)}AAAA`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("invalid_token");
  });

  it("answers 403 for a signed-in person who is not on the list", async () => {
    const response = await get("/api/me", tokens.guest);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("no_access");
  });

  it("answers 403 when the e-mail address is not verified", async () => {
    expect((await get("/api/me", tokens.unverified)).status).toBe(403);
  });

  it("lets the demo user in as beheerder (bootstrapped by ADMIN_EMAILS)", async () => {
    const response = await get("/api/me", tokens.demo);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      email: "demo@wasbord.nl",
      role: "beheerder",
      nickname: "demo",
    });
  });

  it("refuses a state-changing call whose XSRF header does not match the cookie", async () => {
    const configResponse = await get("/api/config");
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(configResponse.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toBeTruthy();
    const post = (header: string | undefined) =>
      fetch(`${server.url}/api/admin/users`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.demo}`,
          cookie: `XSRF-TOKEN=${cookie}`,
          ...(header ? { "x-xsrf-token": header } : {}),
        },
      });
    const mismatch = await post("something-else");
    expect(mismatch.status).toBe(403);
    expect((await mismatch.json()).error.code).toBe("xsrf_mismatch");
    expect((await post(undefined)).status).toBe(403);
    // With the matching header the XSRF check passes and the endpoint answers: there is no body.
    expect((await post(cookie)).status).toBe(400);
  });

  it("answers 404 to a state-changing call to a path that does not exist, XSRF header or not", async () => {
    for (const [method, path] of [
      ["POST", "/api/does-not-exist"],
      ["DELETE", "/api/admin/nothing/1"],
      ["POST", "/api/me"],
      ["PUT", "/api/ingest/nothing"],
    ]) {
      for (const token of [tokens.demo, undefined]) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect((await response.json()).error.code).toBe("not_found");
      }
    }
  });

  it("signs in from the app opened at 127.0.0.1 as well as at localhost", async () => {
    const loopback = new URL(server.url);
    loopback.hostname = "127.0.0.1";
    const signedIn = await signInOverHttp({
      issuer: server.issuer,
      clientId: "wasbord-web",
      redirectUri: `${loopback.origin}/auth/callback`,
      email: "demo@wasbord.nl",
      password: "demo",
    });
    expect((await get("/api/me", signedIn.accessToken)).status).toBe(200);
  });

  it("serves the runtime configuration without a token", async () => {
    const config = await (await get("/api/config")).json();
    expect(config).toMatchObject({
      clientId: "wasbord-web",
      responseType: "id_token token",
      scope: "openid profile email phone",
    });
    expect(config.authorizeUrl).toMatch(new RegExp(`^${server.issuer}/`));
  });

  it("sends strict security headers with a CSP that allows no inline script", async () => {
    const response = await get("/healthz");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("falls back to the SPA only for paths without a file extension", async () => {
    const page = await get("/reports/users-unique");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect((await get("/missing-file.js")).status).toBe(404);
    expect((await get("/api/does-not-exist", tokens.demo)).status).toBe(404);
  });
});
