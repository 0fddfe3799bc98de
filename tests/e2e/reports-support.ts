import { expect, type Page } from "@playwright/test";
import { saveScreenshot } from "./support.ts";

// Helpers for the report screens' browser tests (transactions, dashboard, and the KLANTEN screens).

/** Opens a report path and waits until its figures are drawn (the period line comes with the data). */
export async function openReport(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  // The report module is a lazy chunk: on a busy machine it can take as long as the figures.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("period-line")).toBeVisible({ timeout: 20_000 });
  await expectSettled(page);
}

/**
 * No request for figures is still on its way, and the charts and tables, drawn in a render after the KPI
 * tiles, show the same figures. A first load shows the skeleton ("Rapport wordt geladen"), a later one the
 * small spinner beside the period line ("Bijwerken"): the same request, given the same time. (Until
 * 29 November only the spinner had it; a report opened by a click waited 5 s for its skeleton, and failed
 * two loaded CI runs.) A chart is busy until its chunk and its annotations are in: the annotations' legend
 * appears below it and moves the tables, and a tap whose touch landed before that move clicked beside its
 * button (a loaded CI run, 29 November).
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.getByLabel(/^(Bijwerken|Rapport wordt geladen)$/)).toHaveCount(0, { timeout: 20_000 });
  await expect(
    page.locator(
      '[data-testid="report-body"][aria-busy="true"], [data-testid="report-body"] [aria-busy="true"]',
    ),
  ).toHaveCount(0);
}

/** The figure of a KPI tile as shown (`1.234`, `€ 12,34`). */
export const kpiText = async (page: Page, key: string) =>
  (await page.getByTestId(`kpi-${key}`).getByTestId("kpi-value").textContent()) ?? "";

/** Picks an option of one of the filter bar's selects, by its label, and waits for the new figures. */
export async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expectSettled(page);
}

/** The value a select of the filter bar shows. */
export const filterValue = (page: Page, label: string) =>
  page.getByRole("combobox", { name: label, exact: true }).inputValue();

/**
 * Adds the site at `index` of the filter bar's list to the chosen sites and waits for the figures; returns its
 * name. A chosen site stays in the list (checked), so the next index is the next site.
 */
export async function chooseSite(page: Page, index: number): Promise<string> {
  await page.getByRole("combobox", { name: "Vestigingen", exact: true }).click();
  const option = page.getByRole("option").nth(index);
  const name = ((await option.textContent()) ?? "").trim();
  await option.click();
  await page.keyboard.press("Escape");
  await expectSettled(page);
  return name;
}

/** The chips of the chosen sites, found by their remove buttons (`Vestiging <naam> weghalen`). */
export const siteChips = (page: Page) => page.getByRole("button", { name: /^Vestiging .+ weghalen$/ });

/** Waits for the figures, then saves the whole screen as reports/<name>.png if screens are asked for. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await expectSettled(page);
  await saveScreenshot(page, "reports", name);
}
