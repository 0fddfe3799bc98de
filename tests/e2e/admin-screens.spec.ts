import { choose, dialog, row, save, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, logInOnProviderPage } from "./support.ts";

test.describe("signed in as beheerder", () => {
  test.use({ signedIn: true });

  test("the overview shows counts, data freshness and the latest changes", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Beheer — overzicht" })).toBeVisible();
    for (const tile of ["Gebruikers", "Items", "Acties", "Vestigingen", "API-sleutels"]) {
      await expect(page.getByRole("main").getByRole("link", { name: tile, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Versheid van de gegevens" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Laatste wijzigingen" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a beheerder adds and edits a site, and sees it watched for fresh data", async ({ page }) => {
    const name = unique("Wasstraat");
    await page.goto("/admin/sites");
    await expect(page.getByRole("heading", { level: 1, name: "Vestigingen" })).toBeVisible();
    await page.getByRole("button", { name: "Vestiging toevoegen" }).click();
    const add = dialog(page, "Vestiging toevoegen");
    await add
      .getByRole("textbox", { name: "Code", exact: true })
      .fill(name.toLowerCase().replace(/\s+/g, "-"));
    await add.getByLabel("Naam").fill(name);
    await add.getByLabel("Postcode").fill("3511");
    await add.getByLabel("Plaats").fill("Utrecht");
    await add.getByRole("button", { name: "Opslaan" }).click();
    await expect(add.getByText("Vul een Nederlandse postcode in, zoals 3511 AB.")).toBeVisible();
    await add.getByLabel("Postcode").fill("3511 ab");
    await save(page, "Vestiging toevoegen");
    await page.reload();
    await expect(row(page, name)).toContainText("3511 AB");
    await expectAccessible(page);

    await page.getByRole("button", { name: `Bewerken: ${name}` }).click();
    await dialog(page, `${name} bewerken`).getByLabel("Aantal wasstraten").fill("3");
    await save(page, `${name} bewerken`);
    await page.reload();
    await expect(row(page, name)).toContainText("3");

    await page.goto("/admin/connections");
    const freshness = page.getByRole("table", { name: "Versheid van de gegevens" });
    await expect(freshness.getByRole("row").filter({ hasText: name }).first()).toContainText("Stil");
  });

  test("an API key's secret is shown once, then only its prefix; revoking it is kept", async ({ page }) => {
    const name = unique("Camera");
    await page.goto("/admin/connections");
    await expect(page.getByRole("heading", { level: 1, name: "Koppelingen" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Nieuwe API-sleutel" }).click();
    const modal = dialog(page, "Nieuwe API-sleutel");
    await modal.getByLabel("Naam").fill(name);
    await choose(page, modal.getByLabel("Geldig voor"), "Kassa's");
    await modal.getByRole("button", { name: "Sleutel maken" }).click();
    const secret = ((await modal.getByTestId("api-key-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^wb_[A-Za-z0-9_-]{32}$/);
    await expectAccessible(page);
    await modal.getByRole("button", { name: "Klaar" }).click();

    await page.reload();
    await expect(row(page, name)).toContainText(`${secret.slice(0, 10)}…`);
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole("button", { name: `Intrekken: ${name}` }).click();
    await dialog(page, `${name} intrekken?`).getByRole("button", { name: "Intrekken" }).click();
    // Reloaded before the answer came, the revoke was cancelled in a loaded CI run: wait for what it says.
    await expect(page.getByRole("status")).toContainText(`${name} is ingetrokken.`);
    await page.reload();
    await expect(row(page, name)).toContainText("Ingetrokken");
  });
});

test("an analist sees no admin navigation and no admin data", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/dashboard");
  await logInOnProviderPage(page, { email: "analist@wasbord.nl", password: "analist" });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Instellingen" })).toHaveCount(0);
  await page.goto("/admin/users");
  await expect(page.getByRole("navigation", { name: "Beheermenu" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toContainText(
    "Alleen een beheerder kan de instellingen bekijken en wijzigen.",
  );
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});
