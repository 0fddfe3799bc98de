import { expect, test } from "./fixtures.ts";
import { chooseFilter, expectSettled, kpiText, openReport, saveScreen } from "./reports-support.ts";
import { expectAccessible, logInOnProviderPage } from "./support.ts";

test.use({ signedIn: true });

// ABONNEMENTEN on the demo chain's wash club: the three screens show their figures at both sizes, a site
// row drills into the site, whole months give a churn rate, and an analist sees the at-risk list's plates
// masked. The figures themselves are proven on hand-worked clubs in src/server/reports/memberships.

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`the three screens at ${width}×${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openReport(page, "/reports/memberships", "Abonnementen — overzicht");
    expect(await kpiText(page, "members_active")).toMatch(/\d/);
    expect(await kpiText(page, "mrr")).toMatch(/€/);
    await expect(page.getByTestId("table-by_plan").locator("tbody tr").first()).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, `memberships-overview-${width}`);

    await openReport(page, "/reports/memberships/cohorts", "Abonnementen — cohorten");
    await expect(page.getByTestId("member-cohort-matrix").locator("tbody tr").first()).toBeVisible();
    await expect(page.getByTestId("table-by_channel")).toContainText("Online");
    await expectAccessible(page);
    await saveScreen(page, `memberships-cohorts-${width}`);

    await openReport(page, "/reports/memberships/members", "Abonnementen — leden");
    await expect(page.getByTestId("table-backtest")).toContainText("10 (laagste risico)");
    expect(await kpiText(page, "risk_auc")).toMatch(/\d/);
    await expectAccessible(page);
    await saveScreen(page, `memberships-members-${width}`);
  });
}

test("a site's row leads into the overview for that site, and a whole month gives a churn rate", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/memberships", "Abonnementen — overzicht");
  await expect(page.getByTestId("kpi-member_churn")).toContainText("Geen hele maand");
  await chooseFilter(page, "Periode", "Vorige maand");
  await expect(page).toHaveURL(/period=last-month/);
  await expect.poll(() => kpiText(page, "member_churn")).toMatch(/%/);

  const chain = await kpiText(page, "members_active");
  const site = page.getByTestId("table-by_site").locator("tbody tr a").first();
  const name = (await site.textContent()) ?? "";
  await site.click();
  await expect(page).toHaveURL(/site=[a-z0-9-]+/);
  await expect(page.getByTestId("period-line")).toContainText(name);
  await expectSettled(page);
  await expect.poll(() => kpiText(page, "members_active")).not.toBe(chain);
});

test("an analist sees the at-risk members' plates masked", async ({ browser }) => {
  // not the demo beheerder's stored session: a fresh one, signed in as the analist
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto("/reports/memberships/members");
  await logInOnProviderPage(page, { email: "analist@wasbord.nl", password: "analist" });
  await expect(page.getByRole("heading", { level: 1, name: "Abonnementen — leden" })).toBeVisible({
    timeout: 20_000,
  });
  await expectSettled(page);
  const table = page.getByTestId("table-members");
  const plates = await table.locator("tbody tr td:nth-child(2)").allTextContents();
  expect(plates.length).toBeGreaterThan(0);
  for (const plate of plates) expect(plate).toMatch(/•/);
  await context.close();
});
