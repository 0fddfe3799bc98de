import { expect, test } from "./fixtures.ts";
import { logInOnProviderPage } from "./support.ts";

test.describe("sign-in through the hosted login page", () => {
  test("a guarded route redirects to the provider with every parameter, then returns to the path", async ({
    page,
    baseURL,
  }) => {
    const authorize = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith("/auth"));
    await page.goto("/reports/users-unique?period=last7");
    const params = new URL((await authorize).url()).searchParams;
    expect(params.get("response_type")).toBe("id_token token");
    expect(params.get("client_id")).toBe("wasbord-web");
    expect(params.get("redirect_uri")).toBe(`${baseURL}/auth/callback`);
    expect(params.get("scope")).toBe("openid profile email phone");
    expect(params.get("state")).toMatch(/^[0-9a-f]{32}$/);
    expect(params.get("nonce")).toMatch(/^[0-9a-f]{32}$/);

    await logInOnProviderPage(page);
    await expect(page).toHaveURL(/\/reports\/users-unique\?period=last7$/);
    const header = await page.evaluate(() => localStorage.getItem("auth_header"));
    expect(header).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    await expect(page.getByTestId("account-text")).toHaveText("demo");
  });

  test("a wrong password keeps the person on the login page with a Dutch message", async ({ page }) => {
    await page.goto("/dashboard");
    await logInOnProviderPage(page, { email: "demo@wasbord.nl", password: "fout" });
    await expect(page.getByText("E-mailadres of wachtwoord onjuist.")).toBeVisible();
  });

  test("a callback with a foreign state is refused with a retry link", async ({ page }) => {
    await page.goto("/auth/callback#access_token=abc&state=not-mine");
    await expect(page.getByRole("heading", { name: "Inloggen mislukt" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Opnieuw inloggen" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("auth_header"))).toBeNull();
  });

  test("someone who is not on the list sees 'Geen toegang'", async ({ page }) => {
    await page.goto("/dashboard");
    await logInOnProviderPage(page, { email: "gast@example.com", password: "gast" });
    await expect(page.getByRole("heading", { name: "Geen toegang" })).toBeVisible();
  });

  test("logout removes the auth header and ends the provider session", async ({ page }) => {
    await page.goto("/dashboard");
    await logInOnProviderPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.getByRole("link", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Afmelden" }).click();
    // Back at the app, whose guard finds no header and the provider no session: the password is asked again.
    await expect(page.getByRole("heading", { name: "Inloggen bij Wasbord" })).toBeVisible();
    await page.goto("/page-not-found");
    expect(await page.evaluate(() => localStorage.getItem("auth_header"))).toBeNull();
    await expect(page.getByTestId("account-text")).toHaveText("Account TXT");
  });

  test("a request sent while the logout page loads does not turn the logout into a new sign-in", async ({
    page,
  }) => {
    await page.goto("/dashboard/live");
    await logInOnProviderPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Live" })).toBeVisible({ timeout: 30_000 });
    // A busy provider: its logout page is held until the Live screen has asked again (every 10 s), now
    // without the header.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const logoutAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    // Registered before the click: an unawaited route could miss the logout page's request.
    await page.route("**/session/end**", async (route) => {
      asked();
      await held;
      await route.continue();
    });
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/live") && r.status() === 401);
    // The click returns once the navigation it starts has ended, so it is awaited after the release.
    const clicked = page.getByRole("link", { name: "Logout" }).click();
    await logoutAsked;
    await refused;
    release();
    await clicked;
    await expect(page.getByRole("button", { name: "Afmelden" })).toBeVisible();
    await page.getByRole("button", { name: "Afmelden" }).click();
    await expect(page.getByRole("heading", { name: "Inloggen bij Wasbord" })).toBeVisible();
  });
});
