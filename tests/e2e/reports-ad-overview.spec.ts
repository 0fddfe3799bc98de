import { metricLabel } from "../../src/shared/metrics/registry.ts";
import { expect as baseExpect, test } from "./fixtures.ts";
import { openReport, saveScreen } from "./reports-support.ts";
import { expectAccessible } from "./support.ts";

test.use({ signedIn: true });
// Every step waits for a round trip to the server and a redraw: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

// Facebook › Overzicht and Google Ads › Overzicht on the demo chain: the platform as a whole (over time, per
// campaign type, the campaigns that moved most), not the campaign list of Campagnes; and a table column's
// hint reaches the figure's entry in Begrippen by a click, the keyboard and a tap. The figures are proven on
// the fixture in src/server/reports/acquisition/ad-overview.test.ts.

test("Facebook › Overzicht shows the platform over time, per campaign type and its top movers", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // The first screen after start-up waits for the reports chunk and the derived tables.
  await page.goto("/reports/facebook");
  await expect(page.getByRole("heading", { level: 1, name: "Facebook — overzicht" })).toBeVisible({
    timeout: 30_000,
  });
  await openReport(page, "/reports/facebook", "Facebook — overzicht");
  for (const key of ["spend", "roas", "cpc"] as const) {
    await expect(page.getByRole("heading", { level: 2, name: metricLabel(key), exact: true })).toBeVisible();
  }
  // the campaign list is a level below; here the campaigns per type and the movers
  await expect(page.getByTestId("table-by_campaign")).toHaveCount(0);
  const types = page.getByTestId("table-by_campaign_type");
  await expect(types.getByRole("heading", { name: "Per campagnetype" })).toBeVisible();
  await expect(types.locator("tbody")).toContainText("Verkeer");
  await expect(types.locator("tbody")).toContainText("Bereik");
  const movers = page.getByTestId("table-movers");
  await expect(movers.getByRole("columnheader", { name: metricLabel("spend_shift") })).toBeVisible();
  await expect(movers.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByTestId("table-join_health")).toContainText("Niet gekoppeld");
  await expectAccessible(page);
  await saveScreen(page, "ad-overview-facebook-1366");

  // a mover leads to its campaign's ad sets
  const campaign = (await movers.locator("tbody tr").first().getByRole("link").textContent()) ?? "";
  await movers.locator("tbody tr").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/reports\/facebook\/adsets\?.*campaign=/);
  await expect(page.getByTestId("dimension-bar").getByText(`Campagne: ${campaign}`)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await openReport(page, "/reports/facebook", "Facebook — overzicht");
  await expect(page.getByTestId("table-by_campaign_type").locator("tbody")).toContainText("Verkeer");
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreen(page, "ad-overview-facebook-390");
});

test("Google Ads › Overzicht shows its campaign types and the brand split", async ({ page }) => {
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await openReport(page, "/reports/google-ads", "Google Ads — overzicht");
    const types = page.getByTestId("table-by_campaign_type").locator("tbody");
    await expect(types).toContainText("Zoeken");
    await expect(types).toContainText("Display");
    await expect(page.getByTestId("table-movers")).toBeVisible();
    await expect(page.getByTestId("table-by_brand")).toContainText("Niet-merk");
    await expect(page.getByTestId("table-by_campaign")).toHaveCount(0);
    await saveScreen(page, `ad-overview-google-ads-${width}`);
  }
});

test("a column's hint leads to its figure in Begrippen by the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/facebook", "Facebook — overzicht");
  const types = page.getByTestId("table-by_campaign_type");
  const link = page.getByRole("link", { name: "Wat betekent dit?" });

  // the keyboard: the hint button takes focus, Enter opens it with the focus inside, Escape returns it
  const hint = types.getByRole("button", { name: `${metricLabel("spend")}: wat betekent dit?`, exact: true });
  await hint.focus();
  await page.keyboard.press("Enter");
  await expect(link).toBeFocused();
  await expect(page.getByRole("dialog")).toContainText("excl. btw");
  await page.keyboard.press("Escape");
  await expect(link).toHaveCount(0);
  await expect(hint).toBeFocused();
  await page.keyboard.press("Enter");
  // the focus moves into the hint once it has opened; a second Enter before that would close it again
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reports\/begrippen#metric-spend$/);
  await expect(page.getByTestId("glossary-spend")).toBeInViewport();
});

test.describe("on a phone", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("a column's hint opens by a tap, in the heading and in an opened row", async ({ page }) => {
    await openReport(page, "/reports/facebook", "Facebook — overzicht");
    const types = page.getByTestId("table-by_campaign_type");
    const link = page.getByRole("link", { name: "Wat betekent dit?" });
    // a figure beyond the row's key columns: its label in the opened row has the hint
    await types
      .getByRole("button", { name: /^Alle cijfers van / })
      .first()
      .tap();
    await types
      .getByRole("button", { name: `${metricLabel("clicks")}: wat betekent dit?`, exact: true })
      .first()
      .tap();
    await expect(page.getByRole("dialog")).toContainText("Klikken op de advertentie");
    await page.keyboard.press("Escape");
    await expect(link).toHaveCount(0);
    // the heading's
    await types
      .getByRole("button", { name: `${metricLabel("spend")}: wat betekent dit?`, exact: true })
      .tap();
    await saveScreen(page, "ad-overview-facebook-hint-390");
    await link.tap();
    await expect(page).toHaveURL(/\/reports\/begrippen#metric-spend$/);
    await expect(page.getByTestId("glossary-spend")).toBeInViewport();
  });
});
