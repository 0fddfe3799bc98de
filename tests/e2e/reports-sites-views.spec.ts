import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { chooseSite, expectSettled, openReport, siteChips } from "./reports-support.ts";
import { expectAccessible, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });
// Each test reloads report screens several times at two sizes: more than the default minute on a busy machine.
test.setTimeout(180_000);

// Several sites at once and saved views on the demo chain: two sites give two chips and a per-site table
// of two rows; a saved view comes back from the menu after the filters were reset. The figures of a set of
// sites are proven on the hand-made fixture in tests/api/reports-sites-views.test.ts.

const bySiteRows = (page: Page) => page.getByTestId("table-by_site").locator("tbody tr");

/** Picks the first `count` sites of the multi-select; returns their names. */
async function chooseSites(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(await chooseSite(page, i));
  return names;
}

async function shoot(page: Page, name: string) {
  await expectSettled(page);
  await saveScreenshot(page, "sites-views", name, { fullPage: false });
}

test("two sites: both chips, a table of two rows, and the totals of the two", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/trx-sales", "Transacties");
  await expect(page.getByRole("combobox", { name: "Vestigingen", exact: true })).toHaveAttribute(
    "placeholder",
    "Alle vestigingen",
  );
  const chainRows = await bySiteRows(page).count();
  expect(chainRows).toBeGreaterThan(2);

  const names = await chooseSites(page, 2);
  await expect(page).toHaveURL(/site=[a-z0-9-]+%2C[a-z0-9-]+|site=[a-z0-9-]+,[a-z0-9-]+/);
  await expect(siteChips(page)).toHaveCount(2);
  for (const name of names) {
    await expect(page.getByRole("button", { name: `Vestiging ${name} weghalen` })).toBeVisible();
  }
  await expect(bySiteRows(page)).toHaveCount(2);
  for (const name of names)
    await expect(page.getByTestId("table-by_site").locator("tbody")).toContainText(name);
  await expect(page.getByTestId("period-line")).toContainText(`${names[0]} en ${names[1]}`);
  await expectAccessible(page);
  await shoot(page, "two-sites-1366");

  // The link alone brings the same two sites back.
  const url = page.url();
  await page.goto("about:blank");
  await page.goto(url);
  // a fresh load: the figures come with the period line (as openReport waits for them)
  await expect(page.getByTestId("period-line")).toBeVisible({ timeout: 20_000 });
  await expectSettled(page);
  await expect(siteChips(page)).toHaveCount(2);
  await expect(bySiteRows(page)).toHaveCount(2);

  // On a phone the filter bar wraps: nothing runs off the side of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectSettled(page);
  await expect(siteChips(page)).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "two-sites-390");

  // Clearing the sites is the whole chain again.
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const name of names) {
    await page.getByRole("button", { name: `Vestiging ${name} weghalen` }).click();
    await expectSettled(page);
  }
  await expect(page).not.toHaveURL(/site=/);
  await expect(bySiteRows(page)).toHaveCount(chainRows);
});

test("save a view, reset the filters, and open the view again from the menu", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/trx-sales?period=last-7-days&payment_method=pin", "Transacties");
  const names = await chooseSites(page, 2);
  const saved = page.url();

  await page.getByRole("button", { name: "Weergaven" }).click();
  await expect(page.getByTestId("saved-views-menu")).toContainText("Nog geen weergaven opgeslagen.");
  await page.getByRole("menuitem", { name: "Weergave opslaan…" }).click();
  const dialog = page.getByRole("dialog", { name: "Weergave opslaan" });
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog.getByText("Geef de weergave een naam.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Naam" }).fill("Pin in twee vestigingen");
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog).toBeHidden();

  // Back to the plain report, then the view from the menu.
  await openReport(page, "/reports/trx-sales", "Transacties");
  await expect(siteChips(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Weergaven" }).click();
  await expect(page.getByRole("menuitem", { name: "Pin in twee vestigingen" })).toBeVisible();
  await shoot(page, "saved-views-menu-1366");
  await page.getByRole("menuitem", { name: "Pin in twee vestigingen" }).click();
  await expectSettled(page);
  expect(new URL(page.url()).searchParams.get("site")).toBe(new URL(saved).searchParams.get("site"));
  await expect(page).toHaveURL(/period=last-7-days/);
  await expect(page).toHaveURL(/payment_method=pin/);
  await expect(siteChips(page)).toHaveCount(2);
  await expect(bySiteRows(page)).toHaveCount(2);
  for (const name of names)
    await expect(page.getByTestId("table-by_site").locator("tbody")).toContainText(name);
  await expect(page.getByTestId("dimension-bar")).toContainText("Betaalwijze: Pin");
  await expect(page.getByTestId("saved-views-menu")).toBeHidden();

  // The menu on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("saved-views-button").click();
  await expect(page.getByRole("menuitem", { name: "Pin in twee vestigingen" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "saved-views-menu-390");

  // Delete it: the menu says there are none.
  await page.getByRole("button", { name: "Weergave Pin in twee vestigingen verwijderen" }).click();
  await expect(page.getByTestId("saved-views-menu")).toContainText("Nog geen weergaven opgeslagen.");
});

test("a site's row leads into the same report for that site, and the breadcrumb back to all sites", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/trx-revenue", "Omzet");
  await expectSettled(page);
  const first = bySiteRows(page).first().getByRole("link");
  const name = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/reports\/trx-revenue\?.*site=[a-z0-9-]+/);
  await expectSettled(page);
  await expect(siteChips(page)).toHaveCount(1);
  await expect(page.getByTestId("site-trail")).toContainText(`Alle vestigingen›${name}`);
  await expect(bySiteRows(page)).toHaveCount(1);
  // a report for one site leads nowhere further from its own row
  await expect(bySiteRows(page).first().getByRole("link")).toHaveCount(0);
  await shoot(page, "site-drill-1366");

  await page.getByTestId("site-trail").getByRole("link", { name: "Alle vestigingen" }).click();
  await expect(page).not.toHaveURL(/site=/);
  await expectSettled(page);
  await expect(siteChips(page)).toHaveCount(0);
  expect(await bySiteRows(page).count()).toBeGreaterThan(1);
});
