import { expect, test } from "./fixtures.ts";
import { expectSettled, kpiText, openReport, saveScreen } from "./reports-support.ts";
import { expectAccessible, logInOnProviderPage } from "./support.ts";

// PLANNING › Prognose and the dashboard's "Verwacht vandaag" on the demo chain, signed in through the real
// login page: the screens draw the model's figures at both sizes. The figures themselves are proven on a
// hand-made history in tests/api/reports-forecast.test.ts and src/server/forecast.

test("Prognose and Verwacht vandaag after signing in, at 1366×768 and 390×844", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto("/reports/forecast");
  await logInOnProviderPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Prognose" })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('nav a[href="/reports/forecast"]')).toHaveText("Prognose");
  await expect(page.getByText("PLANNING", { exact: true })).toBeVisible();

  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openReport(page, "/reports/forecast", "Prognose");
    expect(await kpiText(page, "expected_next_7")).toMatch(/\d/);
    expect(await kpiText(page, "wape")).toMatch(/%/);
    await expect(page.getByTestId("table-backtest").locator("tfoot")).toContainText("Totaal");
    await expect(page.getByTestId("table-next_days").locator("tbody tr").first()).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, `forecast-${width}`);

    await openReport(page, "/dashboard", "Dashboard");
    await expect(page.getByRole("heading", { level: 2, name: "Verwacht vandaag" })).toBeVisible();
    expect(await kpiText(page, "today_expected_washes")).toMatch(/\d/);
    await expect(page.getByTestId("kpi-today_expected_washes")).toContainText("80%-interval");
    await expect(page.getByTestId("kpi-today_expected_so_far").getByTestId("kpi-detail")).toHaveText(
      /^(De dag is nog niet begonnen|Werkelijk \d+: (op koers|achter op schema|voor op schema))$/,
    );
    await expectSettled(page);
    await expectAccessible(page);
    await saveScreen(page, `dashboard-expected-${width}`);
  }
  await context.close();
});
