import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectSettled, openReport } from "./reports-support.ts";
import { saveScreenshot } from "./support.ts";

test.use({ signedIn: true });

// Annotations on the charts (issue 14): a beheerder adds a note from a chart and sees its marker and its
// text on hover; the dashboard fetches its figures again after a minute, not while the tab is hidden.

const NOTE = `Nieuwe borstels in de straat (e2e ${Date.now()})`;

/** The chart card titled `title` (its heading and the chart's canvas). */
const chartCard = (page: Page, title: string) =>
  page
    .locator(".mantine-Paper-root")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/**
 * A point of a chart given from its box's left (or right, when negative) edge, halfway down. Pointing through
 * the locator scrolls the chart into view and waits for it to stand still at the moment of pointing: a
 * position worked out from an earlier box misses once a tile above it changes height.
 */
async function pointIn(chart: Locator, fromLeft: number): Promise<{ x: number; y: number }> {
  const box = await chart.boundingBox();
  if (!box) throw new Error("the chart has no box");
  return { x: fromLeft < 0 ? box.width + fromLeft : fromLeft, y: box.height / 2 };
}

/** Moves the pointer over the last bucket of a chart (the note's day) and returns the tooltip's text. */
async function hoverLastBucket(card: Locator): Promise<string> {
  const chart = card.getByRole("img");
  await chart.hover({ position: await pointIn(chart, -40) });
  const tip = card.locator("div").filter({ hasText: NOTE }).last();
  await expect(tip).toBeVisible();
  return (await tip.textContent()) ?? "";
}

test("a beheerder adds a note from a chart and sees its marker and text", async ({ page }) => {
  await openReport(page, "/reports/trx-sales?period=last-7-days&compare=none", "Transacties");
  const card = chartCard(page, "Transacties");
  // Charts are drawn one per task after the screen renders: the canvas is there once this one is.
  await expect(card.locator("canvas")).toBeVisible();

  // Clicking the first day of the chart opens the form on that day.
  const chart = card.getByRole("img");
  await chart.click({ position: await pointIn(chart, 70) });
  const dialog = page.getByRole("dialog", { name: "Notitie toevoegen" });
  const periodFrom = new Date(Date.now() - 7 * 86_400_000).toLocaleDateString("en-CA", {
    timeZone: "Europe/Amsterdam",
  });
  // Written the Dutch way (DD-MM-YYYY), whatever the browser's language: not 11/20/2026.
  const dutch = periodFrom.split("-").reverse().join("-");
  await expect(dialog.getByLabel("Datum")).toHaveValue(dutch);
  await dialog.getByRole("button", { name: "Annuleren" }).click();

  // "Notitie toevoegen" opens it on the last day shown; an empty text is refused in Dutch.
  await card.getByRole("button", { name: "Notitie toevoegen" }).click();
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog.getByText("Vul een tekst in.")).toBeVisible();
  await dialog.getByLabel("Tekst").fill(NOTE);
  await dialog.getByRole("button", { name: "Opslaan" }).click();
  await expect(dialog).toBeHidden();
  await expectSettled(page);

  // The marker: the chart's description names it, the legend explains it, the tooltip tells its text.
  await expect(card.getByRole("img")).toHaveAttribute(
    "aria-label",
    new RegExp(NOTE.replace(/[()]/g, "\\$&")),
  );
  await expect(card.getByTestId("annotation-legend")).toContainText("Notitie");
  expect(await hoverLastBucket(card)).toContain(`Notitie: ${NOTE}`);
  await shoot(page, card, "trx-sales-1366");

  // On a phone: the same marker and tooltip, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await openReport(page, "/reports/trx-sales?period=last-7-days&compare=none", "Transacties");
  await card.scrollIntoViewIfNeeded();
  expect(await hoverLastBucket(card)).toContain(NOTE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, card, "trx-sales-390");

  // Listed in the form, and deleted from there: the marker goes.
  await page.setViewportSize({ width: 1366, height: 768 });
  await card.getByRole("button", { name: "Notitie toevoegen" }).click();
  await dialog
    .getByRole("button", { name: /^Notitie van .* verwijderen$/ })
    .last()
    .click();
  await expect(dialog.getByText(NOTE)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Annuleren" }).click();
  await expect(card.getByRole("img")).not.toHaveAttribute("aria-label", new RegExp(NOTE.slice(0, 20)));
});

test("a week chart of the year marks the public holidays in their weeks", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openReport(page, "/reports/trx-sales?period=this-year&granularity=week&compare=none", "Transacties");
  const card = chartCard(page, "Transacties");
  await expect(card.getByTestId("annotation-legend")).toContainText("Feestdag");
  // Nieuwjaarsdag is in the year's first week, whatever the year.
  await expect(card.getByRole("img")).toHaveAttribute("aria-label", /Nieuwjaarsdag/);
  await shoot(page, card, "trx-sales-weeks-1366");
});

test("the dashboard fetches its figures again after a minute, and not while the tab is hidden", async ({
  page,
}) => {
  await page.clock.install();
  let fetches = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/reports/dashboard") fetches++;
  });
  await openReport(page, "/dashboard", "Dashboard");
  await expect(page.getByTestId("updated-at")).toHaveText(/^· Bijgewerkt om \d{2}:\d{2}$/);
  const first = fetches;
  expect(first).toBeGreaterThan(0);

  await page.clock.fastForward(40_000);
  await page.waitForTimeout(300);
  expect(fetches).toBe(first);
  await page.clock.fastForward(21_000);
  await expect.poll(() => fetches).toBe(first + 1);

  // Hidden: a long time passes, nothing is fetched.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  for (let i = 0; i < 3; i++) await page.clock.fastForward(61_000);
  await page.waitForTimeout(500);
  expect(fetches).toBe(first + 1);
});

async function shoot(page: Page, card: Locator, name: string) {
  await saveScreenshot(page, "annotations", `${name}-page`, { fullPage: false });
  await saveScreenshot(card, "annotations", `${name}-chart`);
}
