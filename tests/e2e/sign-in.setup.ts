import { expect, test } from "@playwright/test";
import { logInOnProviderPage, STORAGE_STATE } from "./support.ts";

test("sign in through the real login page and remember the session", async ({ page }) => {
  await page.goto("/dashboard");
  await logInOnProviderPage(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.context().storageState({ path: STORAGE_STATE });
});
