import { navPages, pageTitle, REPORT_SECTIONS } from "../../src/shared/navigation.ts";
import { expect, test } from "./fixtures.ts";
import { chooseFilter, expectSettled, kpiText, openReport, saveScreen } from "./reports-support.ts";
import { expectAccessible, takingScreens } from "./support.ts";

test.use({ signedIn: true });

// Acquisitie › Overzicht on the demo chain: the figures, the per-channel table and the journey sankey
// appear; the period changes figures and URL, and the URL alone brings the view back. The figures are
// proven on the hand-made fixture in tests/api/reports-acquisition.test.ts.

test("Acquisitie › Overzicht shows spend, new customers and the journey, and the URL reproduces the view", async ({
  page,
}) => {
  // The first request after the demo data was generated waits for the journey tables to be built.
  test.setTimeout(120_000);
  await openReport(page, "/reports/acquisition", "Acquisitie — overzicht");
  expect(await kpiText(page, "spend")).toMatch(/€/);
  const rows = page.getByTestId("table-by_channel").locator("tbody tr");
  await expect(rows.filter({ hasText: "Google Ads" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Facebook" })).toHaveCount(1);
  await expect(page.getByTestId("journey-sankey")).toBeVisible();
  await expectAccessible(page);
  if (takingScreens) {
    await saveScreen(page, "acquisition");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreen(page, "acquisition-390");
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await saveScreen(page, "acquisition-1366");

  const thirtyDays = await kpiText(page, "spend");
  await chooseFilter(page, "Periode", "Dit jaar");
  await expect(page).toHaveURL(/period=this-year/);
  await expect.poll(() => kpiText(page, "spend")).not.toBe(thirtyDays);
  await page.getByRole("radiogroup", { name: "Per" }).getByText("Maand", { exact: true }).click();
  await expect(page).toHaveURL(/granularity=month/);
  await expectSettled(page);
  const view = await kpiText(page, "spend");

  await page.goto(page.url());
  await expectSettled(page);
  expect(await kpiText(page, "spend")).toBe(view);
});

// The fourteen ACQUISITIE paths of the navigation (vouchers are another issue's).
const SCREENS = navPages(REPORT_SECTIONS).filter((page) =>
  /^\/reports\/(acquisition|affiliates|facebook|google-ads|marktplaats)(\/|$)/.test(page.path),
);

test("every acquisition screen opens with figures, a table and the join health", async ({ page }) => {
  test.setTimeout(240_000);
  expect(SCREENS).toHaveLength(14);
  for (const screen of SCREENS) {
    await openReport(page, screen.path, pageTitle(screen));
    await expect(page.getByText("Geen gegevens voor deze periode")).toHaveCount(0);
    await expect(page.locator("table tbody tr").first()).toBeVisible();
    if (screen.path !== "/reports/acquisition") {
      await expect(page.getByTestId("table-join_health")).toContainText("Niet gekoppeld");
    }
    if (!takingScreens) continue;
    const name = screen.path.replace("/reports/", "").replaceAll("/", "-");
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await saveScreen(page, `${name}-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }
});

test("drills from a Facebook campaign to its ads and back through the breadcrumb", async ({ page }) => {
  await openReport(page, "/reports/facebook/campaigns?period=this-year", "Facebook — campagnes");
  const campaignLink = page.getByTestId("table-by_campaign").locator("tbody tr a").first();
  const campaign = (await campaignLink.textContent()) ?? "";
  await campaignLink.click();
  await expect(page).toHaveURL(/\/reports\/facebook\/adsets\?.*campaign=/);
  await expectSettled(page);
  const setLink = page.getByTestId("table-by_ad_group").locator("tbody tr a").first();
  const adSet = (await setLink.textContent()) ?? "";
  await setLink.click();
  await expect(page).toHaveURL(/\/reports\/facebook\/ads\?.*ad_group=/);
  await expectSettled(page);
  // Waits for the rows: the drilled level's answer may still be on its way when the URL has changed.
  await expect(page.getByTestId("table-by_ad").locator("tbody tr").first()).toBeVisible();
  const crumbs = page.getByTestId("dimension-bar");
  await expect(crumbs).toContainText(campaign);
  await expect(crumbs).toContainText(adSet);
  const view = await kpiText(page, "spend");

  // The URL alone reproduces the drilled view.
  await page.goto(page.url());
  await expectSettled(page);
  expect(await kpiText(page, "spend")).toBe(view);

  // Back up: the campaign's step of the breadcrumb lists its ad sets again.
  await crumbs.getByRole("link", { name: campaign, exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/facebook\/adsets\?.*campaign=/);
  await expect(page).not.toHaveURL(/ad_group=/);
  await expectSettled(page);
  await page.getByTestId("dimension-bar").getByRole("link", { name: "Facebook", exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/facebook\?/);
  await expect(page).not.toHaveURL(/campaign=/);
});
