import { readFileSync } from "node:fs";
import { dialog, row, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });

test("a beheerder creates, starts and reads an experiment", async ({ page }) => {
  const name = unique("Hero met prijs");
  const key = name.toLowerCase().replace(/\s+/g, "-");
  await page.goto("/admin/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experimenten" })).toBeVisible();

  // On a laptop's 1366×768 screen the form is taller than the window: its buttons stay in view.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole("button", { name: "Experiment toevoegen" }).click();
  const add = dialog(page, "Experiment toevoegen");
  await expect(add.getByRole("button", { name: "Aanmaken" })).toBeInViewport({ ratio: 1 });
  await expect(add.getByRole("button", { name: "Annuleren" })).toBeInViewport({ ratio: 1 });
  await add.getByRole("textbox", { name: "Naam", exact: true }).fill(name);
  await add.getByRole("textbox", { name: "Sleutel", exact: true }).fill("Met Spaties");
  await add.getByRole("button", { name: "Aanmaken" }).click();
  await expect(
    add.getByText("Gebruik kleine letters, cijfers en streepjes (maximaal 64 tekens)."),
  ).toBeVisible();
  await add.getByRole("textbox", { name: "Sleutel", exact: true }).fill(key);
  await add.getByLabel("Hypothese").fill("Met de prijs in beeld kopen meer bezoekers een wasbeurt.");
  await add.getByRole("textbox", { name: "Naam", exact: true }).fill(name);
  await add.getByLabel("Meteen starten").uncheck();
  await expectAccessible(page);
  await add.getByRole("button", { name: "Aanmaken" }).click();
  await expect(add).toHaveCount(0);

  // A new experiment shows the snippet to paste, with its key.
  const snippet = dialog(page, `Fragment voor de website: ${name}`);
  await expect(snippet.getByLabel("Trackingfragment")).toContainText(
    `wasbord("experiment", "${key}", variant)`,
  );
  await snippet.getByRole("button", { name: "Venster sluiten" }).click();
  await expect(row(page, name).getByText("Concept")).toBeVisible();

  await page.getByRole("button", { name: `Starten: ${name}` }).click();
  await dialog(page, `${name} starten?`).getByRole("button", { name: "Starten" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} is gestart.` })).toBeVisible();
  await expect(row(page, name).getByText("Loopt")).toBeVisible();

  await page.getByRole("button", { name: `Geschiedenis: ${name}` }).click();
  const history = dialog(page, `Geschiedenis: ${name}`);
  await expect(history.getByRole("cell", { name: `Experiment ${name} gestart` })).toBeVisible();
  await expect(history.getByRole("cell", { name: `Experiment ${name} aangemaakt` })).toBeVisible();
  await history.getByRole("button", { name: "Venster sluiten" }).click();

  await page.goto(`/reports/experiments?experiment=${key}`);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Nog geen conclusie" })).toBeVisible();
  const variants = page.getByRole("table", { name: "Resultaten per variant" });
  await expect(variants.getByRole("row")).toHaveCount(3);
  await expect(variants.getByRole("row", { name: /Huidige versie/ })).toContainText("0");
  await expect(page.getByText("De grootste variant heeft 0 van de 150 conversies")).toBeVisible();
});

test("the report reads the demo experiments: a winner, a health warning, and the frequentist view", async ({
  page,
}) => {
  await page.goto("/reports/experiments?experiment=homepage-prijsvoordeel");
  const list = page.getByRole("table", { name: "Experimenten" });
  for (const demo of ["Prijsvoordeel in de kop", "Groene in plaats van blauwe", "Video van de wasstraat"]) {
    await expect(list.getByRole("row").filter({ hasText: demo })).toHaveCount(1);
  }
  await expect(
    page.getByRole("heading", { level: 2, name: "Prijsvoordeel in de kop van de homepage" }),
  ).toBeVisible();
  const variants = page.getByRole("table", { name: "Resultaten per variant" });
  await expect(variants.getByRole("columnheader", { name: "Kans om te winnen" })).toBeVisible();
  await expect(variants.getByRole("img", { name: /^Uplift [+−]/ })).toBeVisible();
  await expect(page.getByText("Kans om te winnen", { exact: true }).last()).toBeVisible();

  // The CSV holds what the table shows: each variant's visitors, as a plain number for Excel.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporteer CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^experiment-homepage-prijsvoordeel-fase-\d+\.csv$/);
  const csv = readFileSync(await file.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(csv[0]).toContain(
    ";Blootgestelde bezoekers;Conversies na blootstelling;Conversieratio na blootstelling (%);",
  );
  expect(csv[0]).toContain(";Kans om te winnen (%);Risico (%);");
  const rows = await variants.getByRole("row").all();
  expect(csv).toHaveLength(rows.length);
  for (const [i, row] of rows.slice(1).entries()) {
    const [name, visitors] = await row.getByRole("cell").allInnerTexts();
    const [csvName, , csvVisitors] = csv[i + 1].split(";");
    expect(name).toContain(csvName);
    expect(visitors.replaceAll(".", "")).toBe(csvVisitors);
  }
  await expectAccessible(page);
  await saveScreenshot(page, "experiments", "experiments-report");

  // The switches are kept in the URL: the click changes the address, the address the switch.
  await page.getByLabel("Frequentistische weergave").click();
  await expect(page).toHaveURL(/weergave=frequentistisch/);
  await expect(variants.getByRole("columnheader", { name: "Significant" })).toBeVisible();
  await expect(page.getByText("Sequentieel interval", { exact: true })).toBeVisible();
  await page.getByLabel("Sequentieel testen (elke dag kijken mag)").click();
  await expect(page).toHaveURL(/sequentieel=nee/);
  await expect(variants.getByRole("columnheader", { name: "p-waarde" })).toBeVisible();

  // The demo's broken split: the variant got 62 % of the visitors instead of 50 %.
  await page
    .getByRole("button", { name: "Resultaten bekijken: Video van de wasstraat op de abonnementspagina" })
    .click();
  await expect(
    page.getByText("De verdeling van de bezoekers klopt niet (sample ratio mismatch)"),
  ).toBeVisible();
  await saveScreenshot(page, "experiments", "experiments-srm");
});
