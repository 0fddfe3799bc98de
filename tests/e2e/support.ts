import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const DEMO = { email: "demo@wasbord.nl", password: "demo" };
export const STORAGE_STATE = "test-results/e2e-signed-in.json";

/**
 * Where a spec saves the screens it takes for people to look at: inside the checkout (test-results/screens/
 * <area>), or under E2E_SHOTS when someone wants them elsewhere. Never a path outside the run's own folders.
 */
export const screensDir = (area: string) => join(process.env.E2E_SHOTS ?? "test-results/screens", area);

/** Fills the bundled provider's real login page. */
export async function logInOnProviderPage(page: Page, account = DEMO): Promise<void> {
  await expect(page.getByRole("heading", { name: "Inloggen bij Wasbord" })).toBeVisible();
  await page.getByLabel("E-mailadres").fill(account.email);
  await page.getByLabel("Wachtwoord").fill(account.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // axe's default mode runs its last step in a new blank tab, to test cross-origin frames too; opening that
  // tab doubled every scan (2.4 s against 1.0 s). A page without frames gets the same scan either way, so
  // only a page with a frame (the Postvak's sandboxed mail) pays for it.
  const results = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
