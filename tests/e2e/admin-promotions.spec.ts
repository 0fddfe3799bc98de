import type { Page } from "@playwright/test";
import { callApi, choose, deactivate, dialog, row, save, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot } from "./support.ts";

// Three walks, each on a promotion of its own: as one walk (create, edit, vouchers, deactivate, three
// accessibility scans) it took 35 s on a quiet machine and up to 59 s beside two busy processes, against a
// limit of 60 s.

test.use({ signedIn: true });

/** A promotion of 15% on the demo's first item, through the API: the walks that start from one. */
async function promotionOf(page: Page, name: string): Promise<void> {
  await callApi(page, "POST", "/api/admin/promotions", {
    code: name.toLowerCase().replace(/\s+/g, "-"),
    name,
    kind: "percentage",
    value: "15",
    itemIds: [1],
    channel: "flyer",
    validFrom: "2026-01-01",
    active: true,
  });
  await page.reload();
  await expect(row(page, name)).toContainText("15%");
}

test("a beheerder creates a promotion through the form, which names what is missing", async ({ page }) => {
  const itemName = unique("Actie-item");
  const name = unique("Voorjaarsactie");
  await page.goto("/admin/promotions");
  await callApi(page, "POST", "/api/admin/items", {
    code: itemName.toLowerCase().replace(/\s+/g, "-"),
    name: itemName,
    kind: "programma",
    price: "9,95",
    vatRatePercent: 21,
    active: true,
  });
  await expect(page.getByRole("heading", { level: 1, name: "Acties en vouchers" })).toBeVisible();

  await page.getByRole("button", { name: "Actie toevoegen" }).click();
  const add = dialog(page, "Actie toevoegen");
  await add.getByLabel("Naam").fill(name);
  await add.getByLabel("Code").fill(name.toLowerCase().replace(/\s+/g, "-"));
  await add.getByLabel("Korting in procenten").fill("150");
  await add.getByRole("button", { name: "Opslaan" }).click();
  await expect(add.getByText("Vul een heel percentage van 1 tot en met 100 in.")).toBeVisible();
  await expect(add.getByText("Kies minstens één item waarvoor de actie geldt.")).toBeVisible();
  await expectAccessible(page);
  await add.getByLabel("Korting in procenten").fill("15");
  await choose(page, add.getByLabel("Geldt voor"), itemName);
  await page.keyboard.press("Escape");
  await choose(page, add.getByLabel("Kanaal"), "Flyer");
  await add.getByLabel("Geldig tot en met").fill("2099-12-31");
  await save(page, "Actie toevoegen");

  await page.reload();
  await expect(row(page, name)).toContainText("15%");
  await expect(row(page, name)).toContainText("Flyer");
  await expect(row(page, name)).toContainText("31-12-2099");
});

test("a beheerder turns a percentage into a fixed discount", async ({ page }) => {
  const name = unique("Najaarsactie");
  await page.goto("/admin/promotions");
  await promotionOf(page, name);

  await page.getByRole("button", { name: `Bewerken: ${name}` }).click();
  const edit = dialog(page, `${name} bewerken`);
  await choose(page, edit.getByLabel("Soort korting"), "Vast bedrag korting");
  await edit.getByLabel("Korting in euro's").fill("2,50");
  await save(page, `${name} bewerken`);
  await page.reload();
  await expect(row(page, name)).toContainText("€ 2,50");
});

test("a beheerder downloads a promotion's new vouchers, then deactivates it", async ({ page }) => {
  const name = unique("Winteractie");
  await page.goto("/admin/promotions");
  await promotionOf(page, name);

  await page.getByRole("button", { name: `Vouchers: ${name}` }).click();
  const vouchers = dialog(page, `Vouchers van ${name}`);
  await vouchers.getByLabel("Aantal codes").fill("25");
  await vouchers.getByLabel("Voorvoegsel").fill("lente");
  await vouchers.getByRole("button", { name: "Codes genereren" }).click();
  await expect(vouchers.getByText("25 codes gemaakt")).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await vouchers.getByRole("button", { name: "Nieuwe codes downloaden (CSV)" }).click();
  const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString("utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("code;kanaal;uitgegeven;geclaimd;verzilverd");
  expect(lines).toHaveLength(26);
  for (const line of lines.slice(1))
    expect(line).toMatch(/^LENTE-[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4};flyer;/);
  await vouchers.getByRole("button", { name: "Sluiten", exact: true }).click();
  await expect(row(page, name)).toContainText("25");

  await deactivate(page, name);
  await page.reload();
  await expect(row(page, name)).toContainText("Inactief");
  await expect(row(page, name)).toContainText("25");

  await saveScreenshot(page, "admin", "admin-promotions");
  await expectAccessible(page);
});
