import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, signInOverHttp } from "../support/idp-login.ts";
import { startWasbord, type WasbordProcess } from "../support/wasbord-process.ts";

// Guessing one account's password from many addresses: the bundled login limits failures per account too,
// not only per address. The server runs in production mode with the login allowed there explicitly; each
// wrong password comes from its own loopback address (127.0.0.2, 127.0.0.3, …: all of 127/8 is local).

let server: WasbordProcess;

beforeAll(async () => {
  server = await startWasbord({
    env: { NODE_ENV: "production", DEV_IDP_ALLOW_IN_PRODUCTION: "true" },
  });
}, 120_000);
afterAll(() => server?.stop());

/** Starts a sign-in and returns its login form's address and the cookies of the browser that started it. */
async function openLoginForm(): Promise<{ form: URL; cookies: CookieJar }> {
  const cookies = new CookieJar();
  const discovery = await (await fetch(`${server.issuer}/.well-known/openid-configuration`)).json();
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    response_type: "id_token token",
    client_id: "wasbord-web",
    redirect_uri: `${server.url}/auth/callback`,
    scope: "openid email",
    state: "s",
    nonce: "n",
  }).toString();
  const response = await fetch(authorize, { redirect: "manual" });
  cookies.store(response);
  const interaction = new URL(response.headers.get("location") as string, authorize);
  return { form: new URL(`${interaction.pathname}/login`, interaction), cookies };
}

/** Posts the login form from the given local address. */
function postLogin(
  login: { form: URL; cookies: CookieJar },
  fromAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; retryAfter: string | undefined; html: string }> {
  const body = new URLSearchParams({ email, password }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: login.form.port,
        path: login.form.pathname,
        method: "POST",
        localAddress: fromAddress,
        headers: {
          cookie: login.cookies.header(),
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let html = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (html += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string, html }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("failed sign-ins per account", () => {
  it("throttles one account guessed from 30 addresses, with a Dutch message and a cool-down", async () => {
    const login = await openLoginForm();
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await postLogin(login, `127.0.0.${i + 2}`, "analist@wasbord.nl", `fout${i}`));
    }
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(throttled.length).toBe(20);
    expect(Number(throttled[0].retryAfter)).toBeGreaterThan(0);
    expect(throttled[0].html).toMatch(
      /Te veel mislukte pogingen voor dit account\. Probeer het over \d+ seconden opnieuw\./,
    );
    // During the cool-down the right password is refused too: otherwise the guess that hits gets in.
    expect((await postLogin(login, "127.0.0.99", "analist@wasbord.nl", "analist")).status).toBe(429);
  });

  it("leaves other accounts alone, from the same addresses", async () => {
    const signedIn = await signInOverHttp({
      issuer: server.issuer,
      clientId: "wasbord-web",
      redirectUri: `${server.url}/auth/callback`,
      email: "demo@wasbord.nl",
      password: "demo",
    });
    expect(signedIn.accessToken).toBeTruthy();
  });
});
