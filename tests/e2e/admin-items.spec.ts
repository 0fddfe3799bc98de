import { callApi, choose, deactivate, dialog, row, save, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });

test("a beheerder adds, edits and deactivates an item with a Dutch price, surviving reloads", async ({
  page,
}) => {
  const name = unique("Glansprogramma");
  const code = name.toLowerCase().replace(/\s+/g, "-");
  await page.goto("/admin/items");
  await expect(page.getByRole("heading", { level: 1, name: "Wasprogramma's en producten" })).toBeVisible();

  await page.getByRole("button", { name: "Item toevoegen" }).click();
  const add = dialog(page, "Item toevoegen");
  await add.getByLabel("Code").fill(code);
  await add.getByLabel("Naam").fill(name);
  await add.getByLabel("Prijs inclusief btw").fill("12,9x");
  await add.getByRole("button", { name: "Opslaan" }).click();
  await expect(add.getByText("Vul een bedrag in, bijvoorbeeld 12,95.")).toBeVisible();
  await add.getByLabel("Prijs inclusief btw").fill("12,95");
  await choose(page, add.getByLabel("Soort"), "Extra");
  await add.getByLabel("Omschrijving").fill("Harde was met glanslaag");
  await save(page, "Item toevoegen");

  await page.reload();
  await expect(row(page, name)).toContainText("€ 12,95");
  await expect(row(page, name)).toContainText("Extra");
  await expect(row(page, name)).toContainText(code);

  await page.getByRole("button", { name: `Bewerken: ${name}` }).click();
  const edit = dialog(page, `${name} bewerken`);
  await expect(edit.getByLabel("Code")).toBeDisabled();
  await expect(edit.getByLabel("Prijs inclusief btw")).toHaveValue("12,95");
  await edit.getByLabel("Prijs inclusief btw").fill("14,50");
  await choose(page, edit.getByLabel("Btw-tarief"), "9% (laag tarief)");
  await save(page, `${name} bewerken`);

  await page.reload();
  await expect(row(page, name)).toContainText("€ 14,50");
  await expect(row(page, name)).toContainText("9%");

  await deactivate(page, name);
  await expectAccessible(page);
  await page.reload();
  await expect(row(page, name)).toContainText("Inactief");

  const status = page.locator(".mantine-SegmentedControl-root");
  await status.getByText("Inactief", { exact: true }).click();
  await expect(row(page, name)).toBeVisible();
  await expect(page.getByRole("table", { name: "Items" })).not.toContainText("Actief");
  await status.getByText("Alle", { exact: true }).click();
  await saveScreenshot(page, "admin", "admin-items");
  await expectAccessible(page);
});

test("an item moves up the list with its arrow, and stays there after a reload", async ({ page }) => {
  await page.goto("/admin/items");
  const [first, second] = [unique("Eerste"), unique("Tweede")];
  for (const name of [first, second]) {
    const code = name.toLowerCase().replace(/\s+/g, "-");
    await callApi(page, "POST", "/api/admin/items", {
      code,
      name,
      kind: "extra",
      price: "1",
      vatRatePercent: 21,
      active: true,
    });
  }
  await page.reload();
  const names = page
    .getByRole("table", { name: "Items" })
    .locator("tbody tr td:nth-child(2) p:first-of-type");
  await expect(names.filter({ hasText: second })).toBeVisible();
  const order = async () => (await names.allTextContents()).filter((n) => n === first || n === second);
  expect(await order()).toEqual([first, second]);
  await page.getByRole("button", { name: `${second} omhoog` }).click();
  await expect(page.getByRole("status")).toContainText(`${second} is verplaatst.`);
  await page.reload();
  await expect(names.filter({ hasText: second })).toBeVisible();
  expect(await order()).toEqual([second, first]);
});

test("editing an item someone else saved meanwhile is refused with a clear message", async ({
  page,
  browser,
}) => {
  const name = unique("Dubbel");
  await page.goto("/admin/items");
  await page.getByRole("button", { name: "Item toevoegen" }).click();
  const add = dialog(page, "Item toevoegen");
  await add.getByLabel("Code").fill(name.toLowerCase().replace(/\s+/g, "-"));
  await add.getByLabel("Naam").fill(name);
  await add.getByLabel("Prijs inclusief btw").fill("5");
  await save(page, "Item toevoegen");

  await page.getByRole("button", { name: `Bewerken: ${name}` }).click();
  const other = await browser.newPage({ storageState: await page.context().storageState() });
  await other.goto("/admin/items");
  await other.getByRole("button", { name: `Bewerken: ${name}` }).click();
  await dialog(other, `${name} bewerken`).getByLabel("Prijs inclusief btw").fill("6,00");
  await save(other, `${name} bewerken`);
  await other.close();

  const edit = dialog(page, `${name} bewerken`);
  await edit.getByLabel("Prijs inclusief btw").fill("7,00");
  await edit.getByRole("button", { name: "Opslaan" }).click();
  await expect(edit.getByRole("alert")).toContainText("Dit item is intussen door iemand anders gewijzigd.");
  await edit.getByRole("button", { name: "Gegevens opnieuw laden" }).click();
  await expect(edit.getByLabel("Prijs inclusief btw")).toHaveValue("6,00");
  await edit.getByLabel("Prijs inclusief btw").fill("7,00");
  await save(page, `${name} bewerken`);
  await expect(row(page, name)).toContainText("€ 7,00");
});
