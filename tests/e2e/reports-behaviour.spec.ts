import type { Page } from "@playwright/test";
import { REPORT_CATALOGUE } from "../../src/shared/reports/catalogue.ts";
import { expect, test } from "./fixtures.ts";
import { chooseFilter, expectSettled, kpiText, openReport } from "./reports-support.ts";
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });
// Each test draws its screen at two sizes and follows a row: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

// Vouchers, Vouchers › flow, Programmakeuze and the two Website screens on the demo chain: figures and
// their parts appear, the period changes them and the URL, and a row leads once to the narrower view. The
// figures themselves are proven on the hand-made fixture in tests/api/reports-behaviour.test.ts.

const SCREENS = [
  { id: "vouchers", kpi: "issued", table: "promotions", drill: "promotion" },
  { id: "vouchers/flow", kpi: "issued", table: "return_by_month", part: "voucher-flow" },
  { id: "item-flow", kpi: "washes", table: "transitions", part: "programme-sankey" },
  { id: "content-pages", kpi: "pageviews", table: "pages", drill: "page" },
  { id: "content-landing-pages", kpi: "sessions", table: "landing_pages", drill: "page" },
] as const;

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["1366", { width: 1366, height: 768 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectSettled(page);
    await expectNoSidewaysScroll(page, `${name} at ${size}px`);
    await saveScreenshot(page, "behaviour", `${name}-${size}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const screen of SCREENS) {
  const title = REPORT_CATALOGUE[screen.id].title;
  test(`${title}: the period changes the figures and the URL, and a row leads further`, async ({ page }) => {
    await openReport(page, `/reports/${screen.id}`, title);
    expect(await kpiText(page, screen.kpi)).toMatch(/\d/);
    if ("part" in screen) await expect(page.getByTestId(screen.part)).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);

    await chooseFilter(page, "Periode", "Dit jaar");
    await expect(page).toHaveURL(/period=this-year/);
    const table = page.getByTestId(`table-${screen.table}`);
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const name = screen.id.replace("/", "-");
    await shoot(page, name);

    if ("drill" in screen) {
      const link = table.locator("tbody a").first();
      const value = (await link.textContent()) ?? "";
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${screen.drill}=`));
      await expect(page.getByTestId("dimension-bar")).toBeVisible();
      await expectSettled(page);
      await expect(table.locator("tbody tr").first()).toContainText(value);
      await shoot(page, `${name}-drill`);
    }
  });
}

test("Website › All Pages: a search finds a page among many", async ({ page }) => {
  await openReport(page, "/reports/content-pages", REPORT_CATALOGUE["content-pages"].title);
  await page.getByRole("textbox", { name: "Zoeken in pagina's" }).fill("prijzen");
  await expect(page).toHaveURL(/search=prijzen/);
  await expectSettled(page);
  const rows = page.getByTestId("table-pages").locator("tbody tr");
  await expect(rows.first()).toContainText("/prijzen");
});
