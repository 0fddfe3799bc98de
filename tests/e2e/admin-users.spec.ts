import { callApi, choose, deactivate, dialog, row, save } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

test.use({ signedIn: true });

test("a beheerder adds, edits and deactivates a user, and every change survives a reload", async ({
  page,
}) => {
  const email = `e2e-${Date.now().toString(36)}@wasbord.nl`;
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Gebruikers" })).toBeVisible();
  await expect(row(page, "demo@wasbord.nl")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Gebruiker toevoegen" }).click();
  const add = dialog(page, "Gebruiker toevoegen");
  await add.getByLabel("E-mailadres").fill("geen-adres");
  await add.getByRole("button", { name: "Opslaan" }).click();
  await expect(add.getByText("Vul een geldig e-mailadres in, zoals naam@bedrijf.nl.")).toBeVisible();
  await expectAccessible(page);
  await add.getByLabel("E-mailadres").fill(email);
  await save(page, "Gebruiker toevoegen");
  await expect(page.getByRole("status")).toContainText(`${email} is toegevoegd.`);

  await page.reload();
  await expect(row(page, email)).toContainText("Analist");
  await expect(row(page, email)).toContainText("nooit");

  await page.getByRole("button", { name: `Bewerken: ${email}` }).click();
  const edit = dialog(page, `${email} bewerken`);
  await edit.getByLabel("Naam").fill("Eef Tweede");
  await choose(page, edit.getByLabel("Rol"), "Beheerder");
  await save(page, `${email} bewerken`);

  await page.reload();
  await expect(row(page, email)).toContainText("Eef Tweede");
  await expect(row(page, email)).toContainText("Beheerder");

  await deactivate(page, "Eef Tweede");
  await page.reload();
  await expect(row(page, email)).toContainText("Inactief");
  await expect(page.getByRole("button", { name: "Activeren: Eef Tweede" })).toBeVisible();
});

test("the last active beheerder cannot be deactivated: the screen says why", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(row(page, "demo@wasbord.nl")).toBeVisible();
  // Leave demo as the only active beheerder (other runs or the demo data may have added some).
  type User = { id: number; email: string; role: string; active: boolean; version: number };
  const users = await callApi<User[]>(page, "GET", "/api/admin/users");
  for (const user of users) {
    if (user.role === "beheerder" && user.active && user.email !== "demo@wasbord.nl") {
      await callApi(page, "PUT", `/api/admin/users/${user.id}/active`, {
        active: false,
        version: user.version,
      });
    }
  }
  await page.reload();
  await page.getByRole("button", { name: /^Deactiveren: demo/ }).click();
  await dialog(page, /deactiveren\?$/)
    .getByRole("button", { name: "Deactiveren" })
    .click();
  await expect(page.getByRole("alert")).toContainText("Dit is de laatste actieve beheerder.");
  await expectAccessible(page);
  await page.reload();
  await expect(row(page, "demo@wasbord.nl")).toContainText("Actief");
});

test("the user list sorts, filters and exports CSV", async ({ page }) => {
  await page.goto("/admin/users");
  await page.getByLabel("Zoeken").fill("demo@");
  await expect(page.getByRole("table", { name: "Gebruikers" }).getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: /^E-mail/ }).click();
  await expect(page.getByRole("columnheader", { name: /E-mail/ })).toHaveAttribute("aria-sort", "ascending");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV exporteren" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gebruikers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  expect(csv).toContain("Naam;E-mail;Rol;Status;Laatst ingelogd");
  expect(csv).toContain("demo@wasbord.nl;Beheerder;Actief");
});
