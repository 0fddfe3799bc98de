import { expect, test } from "./fixtures.ts";
import { chooseSite, expectSettled, kpiText, openReport, saveScreen, siteChips } from "./reports-support.ts";
import { expectAccessible } from "./support.ts";

test.use({ signedIn: true });

// The dashboard on the demo chain: today and this week against the same stretch before, per site, and how
// fresh each source is; the site filter changes the figures and the URL. Figures: tests/api/reports-dashboard.

test("the dashboard shows today and this week, per site and fresh, and follows the site filter", async ({
  page,
}) => {
  await openReport(page, "/dashboard", "Dashboard");
  for (const group of ["Vandaag", "Deze week"]) {
    await expect(page.getByRole("heading", { level: 2, name: group, exact: true })).toBeVisible();
  }
  const chainWashes = await kpiText(page, "week_washes");
  expect(chainWashes).toMatch(/\d/);
  await expect(page.getByTestId("kpi-today_washes")).toContainText("gisteren");
  await expect(page.getByTestId("kpi-week_washes")).toContainText("vorige week");
  await expect(page.getByTestId("table-sites_week").locator("tfoot")).toContainText("Totaal");
  await expect(page.getByTestId("table-freshness")).toContainText("Kentekenlezingen");
  // Only the site can be chosen here: the periods are fixed.
  await expect(page.getByRole("combobox", { name: "Periode", exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await saveScreen(page, "dashboard");

  const siteName = await chooseSite(page, 0);
  await expect(page).toHaveURL(/\/dashboard\?site=[a-z0-9-]+$/);
  // One site washes fewer cars than the chain; just after midnight on a Monday neither has washed any yet.
  if (chainWashes !== "0") await expect.poll(() => kpiText(page, "week_washes")).not.toBe(chainWashes);
  await expect(page.getByTestId("table-sites_week").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("table-sites_week").locator("tbody")).toContainText(siteName);

  // The chain's figures come back from the cache as the URL changes, a render after the click: wait for them.
  await siteChips(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => kpiText(page, "week_washes")).toBe(chainWashes);
  await expectSettled(page);
});
