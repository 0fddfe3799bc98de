import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, logInOnProviderPage, saveScreenshot } from "./support.ts";

// Dashboard › Live on the demo chain, signed in through the real login page: every site's figures, new
// figures every 10 s without a reload, and the full-screen board for a wall screen. Figures:
// tests/api/live.test.ts.

const SITES = ["Utrecht-Overvecht", "Nieuwegein", "Zeist", "Houten"];

const liveAnswer = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/api/live") && response.ok(), {
    timeout: 25_000,
  });

for (const [name, viewport] of [
  ["desktop", { width: 1366, height: 768 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`Live shows every site's figures and refreshes them (${name})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/live");
    await logInOnProviderPage(page);
    await expect(page).toHaveURL(/\/dashboard\/live$/, { timeout: 30_000 });
    await expect(page.getByRole("tab", { name: "Live", selected: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Live" })).toBeVisible({ timeout: 30_000 });
    for (const site of SITES) {
      const card = page.locator('[data-testid^="live-site-"]').filter({ hasText: site });
      await expect(card.getByTestId("live-last-hour")).toHaveText(/^\d+$/);
      await expect(card).toContainText(/capaciteit \d+ per uur/);
      await expect(card).toContainText("Kassa:");
    }
    const updated = page.getByTestId("live-updated-at");
    const before = await updated.textContent();
    // The next answer comes by itself, without a reload: the page keeps its state.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await liveAnswer(page);
    await expect(updated).not.toHaveText(before ?? "");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await expectAccessible(page);
    await saveScreenshot(page, "live", `live-${name}`);

    if (name === "desktop") {
      await page.getByRole("button", { name: "Volledig scherm" }).click();
      const board = page.getByTestId("live-board");
      await expect(board).toHaveAttribute("data-full", "true");
      // Only the board: the header and its navigation are not on the screen.
      expect(
        await page.evaluate(() => (document.fullscreenElement as HTMLElement | null)?.dataset.testid),
      ).toBe("live-board");
      expect(
        await page.evaluate(() => !!document.elementFromPoint(20, 20)?.closest('[data-testid="live-board"]')),
      ).toBe(true);
      await saveScreenshot(page, "live", "live-fullscreen", { fullPage: false });
      await page.getByRole("button", { name: "Volledig scherm sluiten" }).click();
      await expect(board).not.toHaveAttribute("data-full");
    }
    await page.getByRole("tab", { name: "Vandaag" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Beside the period line a dot; on a phone the note has a line of its own, without one.
    await expect(page.getByTestId("updated-at")).toHaveText(/^· Bijgewerkt om \d{2}:\d{2}$/);
    const shown = await page.getByTestId("updated-at").innerText();
    expect(shown).toMatch(name === "phone" ? /^Bijgewerkt om/ : /^· Bijgewerkt om/);
  });
}
