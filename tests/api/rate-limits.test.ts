import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { credentialFingerprint } from "../../src/server/http/failure-throttle.ts";
import { apiClient } from "../support/api-client.ts";
import { signInOverHttp } from "../support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

// Limits keyed on the client's address hold whatever the client writes in its headers. The collect endpoint
// allows a burst of 60 events per client; failed credentials (API keys, bearer tokens) 20 at once, then one
// per 10 s; failed sign-ins at the development login 10 at once, then one per 30 s. All test requests come
// from 127.0.0.1, which is not a trusted proxy here (TRUSTED_PROXIES is empty).

const SITE = "https://www.wasbord.nl";
let server: WasbordProcess;

beforeAll(async () => {
  server = await startWasbord({ env: { TRACKING_ORIGINS: SITE } });
}, 120_000);
afterAll(() => server?.stop());

/** A different browser and a different claimed address on every request. */
const disguise = (i: number) => ({
  "user-agent": `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/${100 + i}.0 Safari/537.36`,
  "x-forwarded-for": `198.51.100.${i % 250}, 203.0.113.${i % 250}`,
  "x-real-ip": `192.0.2.${i % 250}`,
});

describe("the collect rate limit", () => {
  it("accepts 60 of 100 events from one address rotating User-Agent and X-Forwarded-For", async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${server.url}/api/collect`, {
        method: "POST",
        headers: { origin: SITE, "content-type": "text/plain", ...disguise(i) },
        body: JSON.stringify({
          type: "pageview",
          site: "wasbord.nl",
          url: `${SITE}/p${i}`,
          referrer: null,
          width: 1440,
          ts: Date.now(),
        }),
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
      await response.body?.cancel();
    }
    // The burst of 60, plus the one event per second regained while the test was sending.
    const accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBeGreaterThanOrEqual(60);
    expect(accepted).toBeLessThanOrEqual(60 + Math.ceil((Date.now() - started) / 1000));
    expect(statuses.filter((status) => status === 429).length).toBe(100 - accepted);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  }, 90_000);
});

describe("failed credentials", () => {
  it("answers 429 with Retry-After after 20 wrong API keys, whatever the client claims to be", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await fetch(`${server.url}/api/ingest/plate-reads`, {
        method: "POST",
        headers: { authorization: `Bearer wb_guess${i}`, "content-type": "application/json", ...disguise(i) },
        body: "[]",
      });
      statuses.push(response.status);
      if (i === 21) {
        expect(response.headers.get("retry-after")).toMatch(/^([1-9]|10)$/);
        expect((await response.json()).error.code).toBe("too_many_failures");
      } else await response.body?.cancel();
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
  });

  it("throttles invalid bearer tokens on the user API the same way, the client being the address", async () => {
    // The same client as above has used up its allowance: a made-up token is refused before it is checked.
    const response = await fetch(`${server.url}/api/me`, {
      headers: { authorization: "Bearer not-a-token", ...disguise(7) },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a bad client behind a shared address", () => {
  it("locks out neither the beheerder nor the analist behind it, and logs the throttled credential", async () => {
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
    const beheerder = apiClient(server, await signIn("demo@wasbord.nl", "demo"));
    expect(
      (await beheerder.post("/api/admin/users", { email: "analist@wasbord.nl", role: "analist" })).status,
    ).toBe(201);
    const analist = apiClient(server, await signIn("analist@wasbord.nl", "analist"));
    // The same made-up token, over and over, from the address the people use too.
    const bad = () => fetch(`${server.url}/api/me`, { headers: { authorization: "Bearer kapot" } });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await bad()).status);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    expect((await beheerder.get("/api/me")).body).toMatchObject({ role: "beheerder" });
    expect((await analist.get("/api/me")).body).toMatchObject({ role: "analist" });
    expect(server.output()).toContain(credentialFingerprint("kapot"));
    expect(server.output()).toMatch(/credential failures throttled.*127\.0\.0\.1/);
  }, 60_000);
});

describe("failed sign-ins at the development login", () => {
  it("shows the login page with 429 and Retry-After after 10 wrong passwords, also for the right one", async () => {
    const signIn = (password: string) =>
      signInOverHttp({
        issuer: server.issuer,
        clientId: "wasbord-web",
        redirectUri: `${server.url}/auth/callback`,
        email: "demo@wasbord.nl",
        password,
      });
    for (let i = 0; i < 10; i++)
      await expect(signIn(`fout${i}`)).rejects.toThrow("E-mailadres of wachtwoord onjuist.");
    const refused = await signIn("demo").catch((error: Error) => error.message);
    expect(refused).toMatch(/unexpected 429 from /);
    // The login form once more, looked at directly: the Dutch message and Retry-After.
    const form = /from (\S+\/login):/.exec(String(refused))?.[1] as string;
    const again = await fetch(form, {
      method: "POST",
      body: new URLSearchParams({ email: "demo@wasbord.nl", password: "demo" }),
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await again.text()).toMatch(/Te veel mislukte pogingen\. Probeer het over \d+ seconden opnieuw\./);
  });
});
