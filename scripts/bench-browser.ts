import { chromium, type Page } from "@playwright/test";

// The operator's view of speed for `npm run bench`: in a real Chromium, signed in through the login page,
// the time from a click in the side navigation until the report's KPI tiles show their figures, and from
// choosing "Dit jaar" until the tiles show that period's figures. Measured per heavy screen, a few times, on
// the page's own clock: from the click's event to the frame that paints the tiles.

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
 * Does `act` (a click) and measures, on the page's own clock, from the click's event (when the browser took
 * the input: a page still busy drawing the last screen delays it, and that counts) to the first frame that
 * paints the report's KPI tiles with its answer: the answer (for `period`, when given) has arrived, no
 * request for figures is under way and, after a navigation (`newScreen`), the title is another screen's.
 * Not from the call to `act`: Playwright first waits until the link holds still, which no user does.
 */
async function timeUntilDrawn(
  page: Page,
  options: { id: string; period: string | null; newScreen: boolean },
  act: () => Promise<void>,
): Promise<number> {
  // In an object: a promise returned as such would be awaited here, before the click.
  const drawn = await page.evaluateHandle(
    ({ id, period, newScreen, patience }) => ({
      done: new Promise<number>((resolve, reject) => {
        const title = document.querySelector("h1")?.textContent;
        let clickedAt: number | null = null;
        document.addEventListener("click", (event) => (clickedAt = event.timeStamp), {
          capture: true,
          once: true,
        });
        const answered = (since: number) =>
          performance.getEntriesByType("resource").some((entry) => {
            const url = new URL(entry.name);
            return (
              url.pathname === `/api/reports/${id}` &&
              (period === null || url.searchParams.get("period") === period) &&
              entry.startTime >= since &&
              (entry as PerformanceResourceTiming).responseEnd > 0
            );
          });
        const giveUp = setTimeout(
          () => reject(new Error(`${id}: na ${patience} ms niet getekend`)),
          patience,
        );
        const frame = (now: number) => {
          const drawnNow =
            clickedAt !== null &&
            answered(clickedAt) &&
            !document.querySelector('[aria-label="Bijwerken"]') &&
            !!document.querySelector('[data-testid="kpi-value"]') &&
            (!newScreen || document.querySelector("h1")?.textContent !== title);
          if (!drawnNow) return requestAnimationFrame(frame);
          clearTimeout(giveUp);
          resolve(now - (clickedAt as number));
        };
        requestAnimationFrame(frame);
      }),
    }),
    { ...options, patience: PATIENCE_MS },
  );
  await act();
  return await drawn.evaluate((handle) => handle.done);
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
    // tsx (esbuild's keepNames) wraps the named functions of the code sent to the page in __name().
    await page.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
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
        const id = path.replace("/reports/", "");
        clicks.push(await timeUntilDrawn(page, { id, period: null, newScreen: true }, () => link.click()));
        await page.getByRole("combobox", { name: "Periode", exact: true }).click();
        years.push(
          await timeUntilDrawn(page, { id, period: "this-year", newScreen: false }, () =>
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
