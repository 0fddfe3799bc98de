import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures.ts";
import { expectSettled, openReport } from "./reports-support.ts";
import { saveForPeople, saveScreenshot, takingScreens } from "./support.ts";

test.use({ signedIn: true });
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

// Tables that show what matters: an ad screen's key columns (the row's name, the cost, ROAS as Wasbord sees
// it, customers won; a keyword's quality score) are in view on a laptop and a phone, "Kolommen" keeps its
// choice in the URL, a phone's row opens to the rest, and a wide table prints without losing columns.

const VIEWPORTS = [
  { name: "1366", width: 1366, height: 768 },
  { name: "390", width: 390, height: 844 },
];
const SCREENS = [
  {
    name: "facebook-ads",
    path: "/reports/facebook/ads",
    title: "Facebook — advertenties",
    table: "by_ad",
    keys: ["ad", "spend", "our_roas", "acquired"],
  },
  {
    name: "google-ads-keywords",
    path: "/reports/google-ads/keywords",
    title: "Google Ads — zoekwoorden",
    table: "by_keyword",
    keys: ["keyword", "spend", "quality_score"],
  },
];

const header = (page: Page, table: string, column: string) =>
  page.getByTestId(`table-${table}`).locator(`th[data-column="${column}"]`);

async function expectInViewport(page: Page, table: string, column: string) {
  const box = await header(page, table, column).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `column ${column}`).not.toBeNull();
  expect(box?.x ?? -1, `left of ${column}`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `right of ${column}`).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string) {
  await expectSettled(page);
  await saveScreenshot(page, "tables", name);
}

for (const viewport of VIEWPORTS) {
  test(`the key columns of the ad screens are in view at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const screen of SCREENS) {
      await openReport(page, screen.path, screen.title);
      await page.getByTestId(`table-${screen.table}`).scrollIntoViewIfNeeded();
      // A phone's row shows the name and the first two key figures; the rest opens below it.
      const keys = viewport.width < 768 ? screen.keys.slice(0, 3) : screen.keys;
      for (const key of keys) await expectInViewport(page, screen.table, key);
      // The page itself never scrolls sideways: a wide table scrolls inside its own box.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(viewport.width);
      await shoot(page, `${screen.name}-${viewport.name}`);
    }
    await openReport(page, "/reports/acquisition", "Acquisitie — overzicht");
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(viewport.width);
    await shoot(page, `acquisition-${viewport.name}`);
  });
}

test("the Kolommen choice is kept in the URL and survives a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/facebook/ads", "Facebook — advertenties");
  await expect(header(page, "by_ad", "impressions")).toHaveCount(1);
  await page
    .getByTestId("table-by_ad")
    .getByRole("button", { name: /^Kolommen/ })
    .click();
  const group = page.getByRole("group", { name: /^Kolommen/ });
  // the heading's first button sorts; the second opens the figure's hint
  const label = (await header(page, "by_ad", "impressions").getByRole("button").first().textContent()) ?? "";
  // The choice goes through the URL: the box shows it once the screen has redrawn.
  const box = group.getByRole("checkbox", { name: label.trim(), exact: true });
  await box.click();
  await expect(box).not.toBeChecked();
  await expect(page).toHaveURL(/cols\.by_ad=[a-z_,]+/);
  expect(new URL(page.url()).searchParams.get("cols.by_ad")?.split(",")).not.toContain("impressions");
  await expect(header(page, "by_ad", "impressions")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.reload();
  await expect(page.getByTestId("period-line")).toBeVisible();
  await expectSettled(page);
  await expect(header(page, "by_ad", "impressions")).toHaveCount(0);
  await expect(header(page, "by_ad", "spend")).toHaveCount(1);
  await expect(page).toHaveURL(/cols\.by_ad=/);
});

test("on a phone a row shows its name and key figures and opens to the rest", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openReport(page, "/reports/facebook/ads", "Facebook — advertenties");
  const table = page.getByTestId("table-by_ad");
  await expect(header(page, "by_ad", "impressions")).toHaveCount(0);
  const open = table.getByRole("button", { name: /^Alle cijfers van / }).first();
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(open).toHaveAttribute("aria-expanded", "true");
  const details = page.locator(`[id="${await open.getAttribute("aria-controls")}"]`);
  await expect(details.locator("dt").first()).toBeVisible();
  await expect(details.locator("dd").first()).toBeVisible();
  await shoot(page, "facebook-ads-390-open");

  // The admin lists keep their status beside the name.
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Gebruikers" })).toBeVisible();
  const status = page.getByRole("columnheader", { name: /Status/ });
  const box = await status.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
});

test("a wide table prints on landscape A4 as blocks of columns", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const screen of [
    ...SCREENS,
    { name: "acquisition", path: "/reports/acquisition", title: "Acquisitie — overzicht" },
  ]) {
    await openReport(page, screen.path, screen.title);
    await page.emulateMedia({ media: "print" });
    // The charts redraw at the printed width, for the PDF kept for people to look at; the page size the
    // test reads comes from print.css alone.
    if (takingScreens) await page.waitForTimeout(500);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    saveForPeople("tables", `${screen.name}-print.pdf`, pdf);
    await page.emulateMedia({ media: "screen" });
    if (!("table" in screen)) continue;
    // Landscape: the first page is wider than it is high.
    const [, width, height] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString("latin1")) ?? [];
    expect(Number(width)).toBeGreaterThan(Number(height));
  }
});
