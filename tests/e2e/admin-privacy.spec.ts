import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { formatPlate } from "../../src/shared/plates.ts";
import { callApi, dialog } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectSettled, saveScreen } from "./reports-support.ts";
import { expectAccessible, logInOnProviderPage } from "./support.ts";

// Instellingen › Privacy on the demo chain: a beheerder looks one plate up, downloads it and erases it; an
// analist sees the plates of Unieke kentekens masked.

interface TopCustomers {
  tables: { key: string; rows: { plate: string }[] }[];
}

/** A regular customer of the last 30 days, whole (the demo user is a beheerder). */
async function aRegularCustomer(page: Page): Promise<string> {
  const body = await callApi<TopCustomers>(page, "GET", "/api/reports/users-unique?period=last-30-days");
  const plate = body.tables.find((t) => t.key === "top_customers")?.rows[0]?.plate;
  if (!plate) throw new Error("the demo chain has no customers in the last 30 days");
  return plate.replaceAll("-", "");
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("a beheerder looks up a plate, downloads what is stored and erases it", async ({ browser, wasbord }) => {
  // A long walk: look-up, an accessibility scan over four tables, two screen sizes, erasure, look-up again.
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: wasbord.signedInState });
  const page = await context.newPage();
  await page.goto("/admin/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy: kentekens" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Privacy" })).toBeVisible();
  const plate = await aRegularCustomer(page);
  const shown = formatPlate(plate);

  // Bad input is refused beside the field, in Dutch, before anything is sent.
  await page.getByLabel("Kenteken").fill("!!");
  await page.getByRole("button", { name: "Opzoeken" }).click();
  await expect(page.getByText("Een kenteken bestaat uit letters en cijfers.")).toBeVisible();

  await page.getByLabel("Kenteken").fill(shown.toLowerCase());
  await page.getByRole("button", { name: "Opzoeken" }).click();
  // The look-up first brings the visits up to date with what the live demo sent meanwhile.
  await expect(page.getByRole("heading", { level: 2, name: shown })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/\d+ lezingen?, \d+ bezoeken?, \d+ verkop/)).toBeVisible();
  const reads = page.getByRole("table", { name: "Lezingen" });
  await expect(reads).toContainText(shown);
  await expect(page.getByRole("table", { name: "Bezoeken" })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "JSON downloaden" }).click();
  const json = JSON.parse(readFileSync(await (await download).path(), "utf8"));
  expect(json.plate).toBe(plate);
  expect(json.reads.length).toBeGreaterThan(0);

  // The tables scroll inside their own frame; the page itself never sideways, on a laptop or a phone.
  for (const [name, size] of [
    ["privacy-lookup-1366", { width: 1366, height: 768 }],
    ["privacy-lookup-390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await saveScreen(page, name);
    expect(await noSidewaysScroll(page), name).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole("button", { name: "Kenteken wissen…" }).click();
  const modal = dialog(page, `Kenteken ${shown} wissen`);
  await modal.getByLabel("Typ het kenteken ter bevestiging").fill("XX99XX");
  await modal.getByRole("button", { name: "Definitief wissen" }).click();
  await expect(modal.getByText("Typ ter bevestiging hetzelfde kenteken nog een keer.")).toBeVisible();
  await modal.getByLabel("Typ het kenteken ter bevestiging").fill(shown);
  await modal.getByRole("button", { name: "Definitief wissen" }).click();
  // Like the look-up, the erasure brings every report table up to date before it answers: 5 s and more on a
  // loaded two-core machine, while the dialog stays open with its button busy.
  await expect(page.getByRole("status")).toContainText(`${shown} is gewist`, { timeout: 30_000 });
  await expect(modal).toHaveCount(0);

  await page.getByLabel("Kenteken").fill(shown);
  await page.getByRole("button", { name: "Opzoeken" }).click();
  await expect(page.getByText("Er is niets over dit kenteken opgeslagen.")).toBeVisible({ timeout: 30_000 });
  const audit = await callApi<{ action: string }[]>(page, "GET", "/api/admin/audit-log?entity=plate&limit=3");
  expect(audit.map((entry) => entry.action)).toEqual(["viewed-plates", "erased", "viewed-plates"]);
  await context.close();
});

test("an analist sees the plates of Unieke kentekens masked", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto("/reports/users-unique?period=last-30-days");
  await logInOnProviderPage(page, { email: "analist@wasbord.nl", password: "analist" });
  await expect(page).toHaveURL(/\/reports\/users-unique/);
  await expect(page.getByRole("heading", { level: 1, name: "Unieke kentekens" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId("period-line")).toBeVisible({ timeout: 20_000 });
  await expectSettled(page);
  const panel = page.getByTestId("table-top_customers");
  const plates = await panel.locator("tbody tr td:first-child").allTextContents();
  expect(plates.length).toBeGreaterThan(0);
  // At most three characters and the dashes; the rest hidden (or a pseudonym, which is no plate).
  const masked = /^[A-Z0-9]{1,3}(-?[A-Z0-9]{0,2})?[•-]*•[•-]*$|^#[0-9a-f]{16}$/;
  for (const plate of plates) expect(plate).toMatch(masked);
  // The CSV is made from the same rows: no whole plate in it either.
  const download = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Exporteer CSV" }).click();
  const lines = readFileSync(await (await download).path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines.slice(1).map((line) => line.split(/[;,]/)[0].replaceAll('"', ""))).toEqual(plates);
  await saveScreen(page, "privacy-analist-users-unique");
  await context.close();
});
