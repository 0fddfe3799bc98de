import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { chooseFilter, expectSettled, openReport } from "./reports-support.ts";

test.use({ signedIn: true });

// What a page load leaves in the browser's console: nothing. A warning on every load (a router's future
// flags, a key, a deprecated prop) hides the one that matters.

/** Every warning and error the page logs, and every uncaught exception, from now on. */
function consoleOf(page: Page): string[] {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") {
      logged.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => logged.push(`uncaught: ${error.message}`));
  return logged;
}

test("loading the dashboard and a report logs no warning or error in the console", async ({ page }) => {
  const logged = consoleOf(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("kpi-today_washes")).toBeVisible({ timeout: 20_000 });
  await openReport(page, "/reports/trx-sales", "Transacties");
  // A navigation inside the app as well as a fresh load.
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByTestId("kpi-today_washes")).toBeVisible({ timeout: 20_000 });
  expect(logged).toEqual([]);
});

test("the period picker offers weeks and quarters in the order of the design, and Vorige week works", async ({
  page,
}) => {
  await openReport(page, "/reports/trx-sales", "Transacties");
  await page.getByRole("combobox", { name: "Periode", exact: true }).click();
  await expect(page.getByRole("option")).toHaveText([
    "Vandaag",
    "Gisteren",
    "Deze week",
    "Vorige week",
    "Laatste 7 dagen",
    "Laatste 30 dagen",
    "Deze maand",
    "Vorige maand",
    "Dit kwartaal",
    "Vorig kwartaal",
    "Dit jaar",
    "Vorig jaar",
    "Aangepast",
  ]);
  await page.keyboard.press("Escape");
  await chooseFilter(page, "Periode", "Vorige week");
  await expect(page).toHaveURL(/period=last-week/);
  await expectSettled(page);
  // Monday to Sunday: seven days, the first a Monday.
  const line = (await page.getByTestId("period-line").textContent()) ?? "";
  const [from] = /\d{2}-\d{2}-\d{4}/.exec(line) ?? [];
  expect(from, line).toBeDefined();
  const [day, month, year] = (from as string).split("-").map(Number);
  expect(new Date(Date.UTC(year, month - 1, day)).getUTCDay()).toBe(1);
});
