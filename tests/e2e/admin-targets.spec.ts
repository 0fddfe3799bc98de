import { dialog } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, logInOnProviderPage, saveScreenshot } from "./support.ts";

// Instellingen › Doelen with the demo chain: a beheerder signs in on the provider's login page, fills a
// site's year (January, copied down), is told what is wrong with a bad field, and sees the targets in the
// grid. Next year, so that the demo's own figures play no part.

const year = new Date().getFullYear() + 1;

test("a beheerder sets a site's targets for a year and sees them in the grid", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/admin/targets?jaar=${year}`);
  await logInOnProviderPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Doelen per vestiging en maand" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Beheermenu" }).getByRole("link", { name: "Doelen" }),
  ).toBeVisible();

  const edit = page.getByRole("button", { name: /^Invullen voor / }).first();
  const site = ((await edit.textContent()) ?? "").replace(/^Invullen voor /, "").trim();
  await edit.click();
  const form = dialog(page, `Doelen van ${site} in ${year}`);
  await form.getByLabel(`Wassen januari ${year}`).fill("3.000");
  await form.getByLabel(`Omzet excl. btw januari ${year}`).fill("45.000");
  await form.getByLabel(`Nieuwe leden januari ${year}`).fill("40");
  await form.getByRole("button", { name: `januari ${year} overnemen in de maanden erna` }).click();
  await expect(form.getByLabel(`Wassen december ${year}`)).toHaveValue("3.000");
  await form.getByLabel(`Nieuwe leden juli ${year}`).fill("veel");
  await form.getByRole("button", { name: "Doelen opslaan" }).click();
  await expect(form.getByText("Vul een heel aantal leden in, of laat het veld leeg.")).toBeVisible();
  await form.getByLabel(`Nieuwe leden juli ${year}`).fill("25");
  await form.getByRole("button", { name: "Doelen opslaan" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`Doelen van ${site} voor ${year}`);

  const grid = page.getByRole("table", { name: `Doelen ${year}` });
  const siteRow = grid.getByRole("row").filter({ hasText: site });
  await expect(siteRow).toContainText("3.000");
  await expect(siteRow).toContainText("€ 45.000");
  await expect(siteRow).toContainText("25");
  await expectAccessible(page);
  await saveScreenshot(page, "targets", "targets-1366", { fullPage: false });

  await page.setViewportSize({ width: 390, height: 844 });
  // the phone's layout (the months behind "Meer") replaces the wide one after the resize, and the side menu
  // slides away (a transition): the page fits once both are done
  await expect(grid.getByRole("columnheader", { name: "Meer" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, "targets", "targets-390");
});
