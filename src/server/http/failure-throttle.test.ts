import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { credentialFingerprint, throttleCredentialFailures } from "./failure-throttle.ts";

// One shared address (an office behind one NAT, a proxy without TRUSTED_PROXIES) in front of a route that
// lets in only the token "good" and answers 401 to anything else.

function app() {
  let now = 1_000_000;
  const app = new Hono();
  app.use(
    "*",
    throttleCredentialFailures({
      clientOf: () => "192.0.2.1",
      limit: { burst: 3, perSecond: 0.1, maxClients: 100 },
      now: () => now,
    }),
  );
  app.get("/", (c) =>
    /^Bearer (good|also-good)$/.test(c.req.header("authorization") ?? "")
      ? c.text("ok")
      : c.json({ error: { code: "invalid_token", message: "nee" } }, 401),
  );
  const call = async (token: string) =>
    (await app.request("/", { headers: { authorization: `Bearer ${token}` } })).status;
  return { call, later: (ms: number) => (now += ms) };
}

describe("throttleCredentialFailures", () => {
  it("never refuses a valid token, however many bad ones came from the same address", async () => {
    const { call } = app();
    for (let i = 0; i < 10; i++) await call("bad");
    expect(await call("good")).toBe(200);
    expect(await call("also-good")).toBe(200);
  });

  it("refuses a repeated bad credential with 429 once its allowance is used up", async () => {
    const { call, later } = app();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await call("bad"));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    later(10_000);
    expect(await call("bad")).toBe(401);
  });

  it("answers 429 to new bad credentials once the address has used up its allowance", async () => {
    const { call } = app();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await call(`guess${i}`));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await call("good")).toBe(200);
  });

  it("fingerprints a credential with a short hash that does not reveal it", () => {
    const fingerprint = credentialFingerprint("wb_secretsecretsecretsecretsecret12");
    expect(fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(fingerprint).toBe(credentialFingerprint("wb_secretsecretsecretsecretsecret12"));
    expect(fingerprint).not.toBe(credentialFingerprint("wb_secretsecretsecretsecretsecret13"));
  });
});
