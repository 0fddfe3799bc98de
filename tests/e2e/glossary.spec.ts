import { metricLabel } from "../../src/shared/metrics/registry.ts";
import { expect, test } from "./fixtures.ts";
import { openReport } from "./reports-support.ts";
import { expectAccessible, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });
test.describe.configure({ timeout: 120_000 });

// Begrippen: a KPI tile's hint leads to the figure's entry in the glossary, which says what it means, its
// unit and VAT basis and where it is shown, at a laptop's and a phone's size.

test("a tile's hint leads to the figure's definition in Begrippen", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/acquisition", "Overzicht");
  await page.getByTestId("kpi-roas_paid").getByRole("button").click();
  await saveScreenshot(page, "glossary", "acquisition-hint-1366", { fullPage: false });
  await page.getByRole("link", { name: "Wat betekent dit?" }).click();
  await expect(page).toHaveURL(/\/reports\/begrippen#metric-roas_paid$/);
  const entry = page.getByTestId("glossary-roas_paid");
  await expect(entry.getByRole("heading", { name: metricLabel("roas_paid") })).toBeVisible();
  await expect(entry).toContainText("excl. btw");
  await expect(entry.getByRole("link", { name: "Overzicht" })).toBeVisible();
  await expect(entry).toBeInViewport();
  await saveScreenshot(page, "glossary", "glossary-roas-1366", { fullPage: false });
  await expectAccessible(page);

  // three ROAS, three names, each with its own definition
  for (const key of ["roas", "our_roas", "roas_paid"] as const) {
    await expect(page.getByTestId(`glossary-${key}`)).toContainText(metricLabel(key));
  }
  await page.getByLabel("Zoek een begrip").fill("nieuwe klanten");
  await expect(page.getByTestId("glossary-new")).toBeVisible();
  await expect(page.getByTestId("glossary-new_share")).toBeVisible();
  await expect(page.getByTestId("glossary-roas")).toHaveCount(0);

  await page.getByLabel("Zoek een begrip").fill("");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/reports/begrippen#metric-revenue_per_car");
  await page.reload();
  await expect(page.getByTestId("glossary-revenue_per_car")).toBeInViewport();
  await saveScreenshot(page, "glossary", "glossary-390", { fullPage: false });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
