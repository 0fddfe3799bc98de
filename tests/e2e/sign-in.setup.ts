import { expect, test } from "@playwright/test";
import { logInOnProviderPage, STORAGE_STATE } from "./support.ts";

test("sign in through the real login page and remember the session", async ({ page }) => {
  await page.goto("/dashboard");
  await logInOnProviderPage(page);
  // The first sign-in of a run waits for the server's first answers (tokens, keys, the app bundle): on a
  // busy machine that takes longer than the default 5 s, and every other test depends on this one.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 30_000 });
  await page.context().storageState({ path: STORAGE_STATE });
});
