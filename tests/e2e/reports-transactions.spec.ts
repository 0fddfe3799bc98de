import { expect, test } from "./fixtures.ts";
import {
  chooseFilter,
  chooseSite,
  expectSettled,
  filterValue,
  kpiText,
  openReport,
  saveScreen,
  siteChips,
} from "./reports-support.ts";
import { expectAccessible, takingScreens } from "./support.ts";

test.use({ signedIn: true });

// The TRANSACTIES screens on the demo chain: figures appear, and period, comparison, granularity and site
// change both the figures and the URL; the URL alone brings the same view back. The figures themselves
// are proven on the hand-made fixture in tests/api/reports-transactions.test.ts.

const SCREENS = [
  { path: "/reports/trx-sales", title: "Transacties", kpi: "transactions", table: "by_site" },
  { path: "/reports/trx-revenue", title: "Omzet", kpi: "revenue", table: "by_site" },
  { path: "/reports/trx-items", title: "Programmakeuze — verkoop", kpi: "programmes", table: "programmes" },
];

for (const screen of SCREENS) {
  test(`${screen.title}: filters change the figures and the URL, and the URL reproduces the view`, async ({
    page,
  }) => {
    await openReport(page, screen.path, screen.title);
    const thirtyDays = await kpiText(page, screen.kpi);
    expect(thirtyDays).toMatch(/\d/);
    await expect(page.getByTestId(`table-${screen.table}`).locator("tbody tr").first()).toBeVisible();
    await expectAccessible(page);

    await chooseFilter(page, "Periode", "Laatste 7 dagen");
    await expect(page).toHaveURL(/period=last-7-days/);
    await expect.poll(() => kpiText(page, screen.kpi)).not.toBe(thirtyDays);

    await chooseFilter(page, "Vergelijken met", "Vorig jaar");
    await expect(page).toHaveURL(/compare=year/);
    await expect(page.getByTestId("period-line")).toContainText("vergeleken met");
    await expect(page.getByTestId(`kpi-${screen.kpi}`)).toContainText("vorig jaar");

    await page.getByRole("radiogroup", { name: "Per" }).getByText("Week", { exact: true }).click();
    await expect(page).toHaveURL(/granularity=week/);
    await expectSettled(page);

    const chainWide = await kpiText(page, screen.kpi);
    const siteName = await chooseSite(page, 0);
    await expect(page).toHaveURL(/site=[a-z0-9-]+/);
    await expect(page.getByTestId("period-line")).toContainText(siteName);
    await expect.poll(() => kpiText(page, screen.kpi)).not.toBe(chainWide);
    const view = await kpiText(page, screen.kpi);

    // The link alone reproduces the view.
    const url = page.url();
    await page.goto("about:blank");
    await page.goto(url);
    await expectSettled(page);
    expect(await kpiText(page, screen.kpi)).toBe(view);
    expect(await filterValue(page, "Periode")).toBe("Laatste 7 dagen");
    expect(await filterValue(page, "Vergelijken met")).toBe("Vorig jaar");
    await expect(siteChips(page)).toHaveAccessibleName(`Vestiging ${siteName} weghalen`);

    if (takingScreens) {
      // Back to the chain and the last 30 days for the screenshot an operator would see first.
      await openReport(page, screen.path, screen.title);
      await saveScreen(page, screen.path.split("/").pop() as string);
    }
  });
}

test("a table sorts on a column and exports CSV", async ({ page }) => {
  await openReport(page, "/reports/trx-sales", "Transacties");
  const table = page.getByTestId("table-by_payment_method");
  const header = table.getByRole("columnheader", { name: /Betaalwijze/ });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const names = await table.locator("tbody tr td:first-child").allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "nl")));
  await expect(table.locator("tfoot")).toContainText("Totaal");

  const download = page.waitForEvent("download");
  await table.getByRole("button", { name: "Exporteer CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^trx-sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-by_payment_method\.csv$/,
  );
});

test("a custom period is kept in the URL, and invalid dates in a link are explained", async ({ page }) => {
  await page.goto("/reports/trx-revenue?from=2026-02-30&to=2026-03-01");
  await expect(page.getByRole("alert")).toContainText("De filters in deze link kloppen niet");
  await page.getByRole("button", { name: "Standaardfilters gebruiken" }).click();
  await expect(page).toHaveURL(/\/reports\/trx-revenue$/);
  await expect(page.getByTestId("period-line")).toBeVisible();
});
