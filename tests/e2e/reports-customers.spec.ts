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

// The KLANTEN screens on the demo chain: figures and their bespoke parts appear, and period, comparison and
// site change both the figures and the URL; the URL alone brings the same view back. The figures themselves
// are proven on the hand-made fixture in tests/api/reports-customers*.test.ts.

const SCREENS = [
  { path: "/reports/users-recognition", title: "Kenteken herkenning", kpi: "reads", table: "by_camera" },
  { path: "/reports/users-unique", title: "Unieke kentekens", kpi: "plates", table: "top_customers" },
  {
    path: "/reports/users-type",
    title: "Nieuw / Terugkerend",
    kpi: "new",
    table: "by_site",
    part: "cohort-matrix",
  },
  {
    path: "/reports/users-flow",
    title: "Klantenflow",
    kpi: "visits",
    table: "migration",
    part: "segment-sankey",
    noBuckets: true,
  },
  {
    path: "/reports/users-geo",
    title: "Geografische locatie",
    kpi: "customers",
    table: "by_region",
    part: "customer-map",
    noBuckets: true,
  },
];

for (const screen of SCREENS) {
  test(`${screen.title}: period, comparison and site change the figures and the URL`, async ({ page }) => {
    await openReport(page, screen.path, screen.title);
    const thirtyDays = await kpiText(page, screen.kpi);
    expect(thirtyDays).toMatch(/\d/);
    await expect(page.getByTestId(`table-${screen.table}`).locator("tbody tr").first()).toBeVisible();
    if (screen.part) {
      await expect(page.getByTestId(screen.part)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId(screen.part).locator("canvas, table").first()).toBeVisible();
    }
    // Uur/Dag/Week/Maand only where the screen draws figures over time (not the map, not the flow).
    await expect(page.getByRole("radiogroup", { name: "Per" })).toHaveCount(screen.noBuckets ? 0 : 1);
    await expectAccessible(page);

    await chooseFilter(page, "Periode", "Laatste 7 dagen");
    await expect(page).toHaveURL(/period=last-7-days/);
    await expect.poll(() => kpiText(page, screen.kpi)).not.toBe(thirtyDays);

    await chooseFilter(page, "Vergelijken met", "Vorig jaar");
    await expect(page).toHaveURL(/compare=year/);
    await expect(page.getByTestId(`kpi-${screen.kpi}`)).toContainText("vorig jaar");

    const chainWide = await kpiText(page, screen.kpi);
    const site = await chooseSite(page, 0);
    await expect(page).toHaveURL(/site=[a-z0-9-]+/);
    await expect(page.getByTestId("period-line")).toContainText(site);
    await expect.poll(() => kpiText(page, screen.kpi)).not.toBe(chainWide);
    const view = await kpiText(page, screen.kpi);

    const url = page.url();
    await page.goto("about:blank");
    await page.goto(url);
    await expectSettled(page);
    expect(await kpiText(page, screen.kpi)).toBe(view);
    expect(await filterValue(page, "Vergelijken met")).toBe("Vorig jaar");
    await expect(siteChips(page)).toHaveAccessibleName(`Vestiging ${site} weghalen`);

    if (takingScreens) {
      // The view an operator opens first, for the screenshot.
      await openReport(page, screen.path, screen.title);
      await saveScreen(page, screen.path.split("/").pop() as string);
    }
  });
}

test("Klantenflow draws the arrivals heatmap and the segment sankey on a canvas", async ({ page }) => {
  await openReport(page, "/reports/users-flow", "Klantenflow");
  await expect(page.getByTestId("arrivals-heatmap").locator("canvas").first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId("segment-sankey").locator("canvas").first()).toBeVisible();
  await expect(page.getByTestId("table-migration")).toContainText("Nog geen klant");
});
