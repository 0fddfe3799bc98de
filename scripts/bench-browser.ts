import { chromium, type Page } from "@playwright/test";

// The operator's view of speed for `npm run bench`: in a real Chromium, signed in through the login page,
// the time from a click in the side navigation until the report's KPI tiles show their figures, and from
// choosing "Dit jaar" until the tiles show that period's figures. Measured per heavy screen, a few times.

export const HEAVY_SCREENS = [
  "/reports/users-unique",
  "/reports/users-flow",
  "/reports/users-recognition",
  "/reports/item-flow",
  "/reports/content-pages",
] as const;

const START_SCREEN = "/reports/trx-revenue";
/** A slow answer is a measurement, not a failure: wait long before giving up. */
const PATIENCE_MS = 180_000;

export interface ClickTiming {
  path: string;
  /** Click in the navigation → KPI values drawn ("Laatste 30 dagen", the default period). */
  clickP50Ms: number;
  clickMaxMs: number;
  /** Period "Dit jaar" chosen → the year's KPI values drawn. */
  yearP50Ms: number;
  yearMaxMs: number;
}

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms: number) => Math.round(ms);

/**
 * Does `act` (a click) and waits for the report's answer (for `period`, when given: the default period is not
 * in the URL) and then for its KPI values on screen; the milliseconds from the click until they are painted.
 */
async function timeUntilDrawn(
  page: Page,
  path: string,
  period: string | null,
  act: () => Promise<void>,
): Promise<number> {
  const id = path.replace("/reports/", "");
  const answered = page.waitForResponse(
    (response) => {
      const url = new URL(response.url());
      return (
        url.pathname === `/api/reports/${id}` &&
        (period === null || url.searchParams.get("period") === period) &&
        response.status() === 200
      );
    },
    { timeout: PATIENCE_MS },
  );
  const started = performance.now();
  await act();
  await answered;
  await page.locator('[data-testid="kpi-value"]').first().waitFor({ state: "visible", timeout: PATIENCE_MS });
  await page.getByRole("status", { name: "Bijwerken" }).waitFor({ state: "detached", timeout: PATIENCE_MS });
  // The figures are in the DOM; one frame later they are painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return performance.now() - started;
}

export async function measureClickToKpi(options: {
  baseUrl: string;
  email: string;
  password: string;
  screens?: readonly string[];
  repeats?: number;
}): Promise<ClickTiming[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${options.baseUrl}/dashboard`);
    await page.getByLabel("E-mailadres").fill(options.email);
    await page.getByLabel("Wachtwoord").fill(options.password);
    await page.getByRole("button", { name: "Inloggen" }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    const results: ClickTiming[] = [];
    for (const path of options.screens ?? HEAVY_SCREENS) {
      const clicks: number[] = [];
      const years: number[] = [];
      for (let i = 0; i < (options.repeats ?? 3); i++) {
        // Start each time from a light report screen (the dashboard has no side navigation).
        await page.goto(`${options.baseUrl}${START_SCREEN}`);
        await page.locator('[data-testid="kpi-value"]').first().waitFor({ timeout: PATIENCE_MS });
        const link = page.locator(`nav a[href="${path}"]`).first();
        // Nested entries (Website › All Pages) sit in a collapsed group until their parent is opened.
        if (!(await link.isVisible())) {
          await page.locator("nav").getByRole("button", { name: "Website" }).click();
        }
        clicks.push(await timeUntilDrawn(page, path, null, () => link.click()));
        await page.getByRole("combobox", { name: "Periode", exact: true }).click();
        years.push(
          await timeUntilDrawn(page, path, "this-year", () =>
            page.getByRole("option", { name: "Dit jaar", exact: true }).click(),
          ),
        );
      }
      results.push({
        path,
        clickP50Ms: round(median(clicks)),
        clickMaxMs: round(Math.max(...clicks)),
        yearP50Ms: round(median(years)),
        yearMaxMs: round(Math.max(...years)),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
