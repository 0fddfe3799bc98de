import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export const DEMO = { email: "demo@wasbord.nl", password: "demo" };

/**
 * The screens (and printed PDFs) the specs keep for people to look at are taken only when E2E_SHOTS names a
 * folder for them (`E2E_SHOTS=test-results/screens npx playwright test`). They check nothing, and the
 * hundred and twenty of them, each after a half-second pause for the charts' canvas, cost minutes of a run.
 */
const SHOTS = process.env.E2E_SHOTS || undefined;
export const takingScreens = SHOTS !== undefined;

/** Saves what the page (the whole page) or one element shows as <E2E_SHOTS>/<area>/<name>.png, if asked. */
export async function saveScreenshot(
  target: Page | Locator,
  area: string,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(join(SHOTS, area), { recursive: true });
  const path = join(SHOTS, area, `${name}.png`);
  const page = "page" in target ? target.page() : target;
  // Charts draw on a canvas after their chunk has loaded.
  await page.waitForTimeout(500);
  if ("page" in target) await target.screenshot({ path });
  else await target.screenshot({ path, fullPage });
}

/** Keeps a file made during a test (a printed PDF) as <E2E_SHOTS>/<area>/<name>, if screens are asked for. */
export function saveForPeople(area: string, name: string, data: Buffer): void {
  if (!SHOTS) return;
  mkdirSync(join(SHOTS, area), { recursive: true });
  writeFileSync(join(SHOTS, area, name), data);
}

/** No sideways scrolling of the page itself (a pixel of rounding aside), once its layout has followed a resize. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  try {
    await expect.poll(overflow, { message: what }).toBeLessThanOrEqual(1);
  } catch (error) {
    throw new Error(`${what}: ${await whatSticksOut(page)}`, { cause: error });
  }
}

/** For a failure: what reaches past the window's right edge, and whether the page still draws frames. */
function whatSticksOut(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const width = window.innerWidth;
    const wide = Array.from(document.querySelectorAll("body *"))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const id = element.closest("[data-testid]")?.getAttribute("data-testid") ?? "";
        return `${element.tagName.toLowerCase()} in [${id}] ${Math.round(box.left)}–${Math.round(box.right)}`;
      });
    // A chart follows its box in a ResizeObserver, which runs only when the browser draws a frame.
    const frame = await Promise.race([
      new Promise<string>((resolve) => requestAnimationFrame(() => resolve("the page draws frames"))),
      new Promise<string>((resolve) => setTimeout(() => resolve("no frame drawn within 2 s"), 2000)),
    ]);
    return `${document.documentElement.scrollWidth} px wide in a ${width} px window; ${frame} (the page is ${document.visibilityState}); past the edge: ${wide.slice(0, 8).join(", ")}`;
  });
}

/** The header's links, in the spec's order with the dashboard first, and the account it names. */
export async function expectHeader(page: Page) {
  const header = page.getByRole("navigation", { name: "Hoofdmenu" });
  // Beyond the spec, first: the dashboard, which had no entry but the logo.
  await expect(header.getByRole("link")).toHaveText(["Dashboard", "Rapportage", "Instellingen", "Logout"]);
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(header.getByRole("link", { name: "Rapportage" })).toHaveAttribute("href", "/reports");
  await expect(header.getByRole("link", { name: "Instellingen" })).toHaveAttribute("href", "/admin");
  await expect(header.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/logout");
  await expect(page.getByTestId("account-text")).toHaveText("demo");
}

/** Fills the bundled provider's real login page. */
export async function logInOnProviderPage(page: Page, account = DEMO): Promise<void> {
  await expect(page.getByRole("heading", { name: "Inloggen bij Wasbord" })).toBeVisible();
  await page.getByLabel("E-mailadres").fill(account.email);
  await page.getByLabel("Wachtwoord").fill(account.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // axe's default mode runs its last step in a new blank tab, to test cross-origin frames too; opening that
  // tab doubled every scan (2.4 s against 1.0 s). A page without frames gets the same scan either way, so
  // only a page with a frame (the Postvak's sandboxed mail) pays for it. Only the violations are collected:
  // gathering every passing node as well took a third of a scan on a report page with its tables.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
