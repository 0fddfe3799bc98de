import { expect, test } from "@playwright/test";
import { chooseFilter, expectSettled, kpiText, openReport, saveScreen } from "./reports-support.ts";
import { expectAccessible, STORAGE_STATE } from "./support.ts";

test.use({ storageState: STORAGE_STATE });

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
  await saveScreen(page, "acquisition");
  await page.setViewportSize({ width: 1366, height: 768 });
  await saveScreen(page, "acquisition-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreen(page, "acquisition-390");
  await page.setViewportSize({ width: 1366, height: 768 });

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
