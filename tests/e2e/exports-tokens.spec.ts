import ExcelJS from "exceljs";
import { dialog, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { openReport } from "./reports-support.ts";
import { expectAccessible, saveForPeople, saveScreenshot, takingScreens } from "./support.ts";

test.use({ signedIn: true });

test("a beheerder issues a report token, copies it, a BI tool reads a report with it, then it is revoked", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const name = unique("Power BI");
  await page.goto("/admin/api-tokens");
  await expect(page.getByRole("heading", { level: 1, name: "API-tokens voor rapporten" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Beheermenu" }).getByRole("link", { name: "API-tokens" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Nieuw API-token" }).click();
  const modal = dialog(page, "Nieuw API-token");
  await modal.getByRole("button", { name: "Token maken" }).click();
  await expect(modal.getByText("Vul een naam in.")).toBeVisible();
  await modal.getByLabel("Naam").fill(name);
  await modal.getByRole("button", { name: "Token maken" }).click();
  const shown = ((await modal.getByTestId("api-key-secret").textContent()) ?? "").trim();
  expect(shown).toMatch(/^wbr_[A-Za-z0-9_-]{32}$/);
  await modal.getByRole("button", { name: "Kopiëren" }).click();
  await expect(modal.getByRole("button", { name: "Gekopieerd" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await expectAccessible(page);
  await modal.getByRole("button", { name: "Klaar" }).click();

  // What Power Query does: a plain GET with the header, no browser session.
  const csv = await request.get("/api/reports/trx-revenue.csv?period=last-30-days", {
    headers: { authorization: `Bearer ${copied}` },
  });
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^\uFEFF?Vestiging;/);

  await page.reload();
  const tokenRow = page
    .getByRole("table", { name: "API-tokens", exact: true })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(tokenRow).toContainText(`${copied.slice(0, 10)}…`);
  await expect(tokenRow).not.toContainText("nooit");
  await expect(page.getByText(copied)).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Logboek van de API-tokens" })).toContainText(
    `API-token ${name} gebruikt`,
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await saveScreenshot(page, "exports", "api-tokens-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, "exports", "api-tokens-390");
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole("button", { name: `Intrekken: ${name}` }).click();
  await dialog(page, `${name} intrekken?`).getByRole("button", { name: "Intrekken" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} is ingetrokken.` })).toBeVisible();
  await expect(tokenRow).toContainText("Ingetrokken");
  const refused = await request.get("/api/reports/trx-revenue.csv", {
    headers: { authorization: `Bearer ${copied}` },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe("Dit API-token is ingetrokken.");
});

test("a report downloads as an Excel workbook with its KPI's and tables", async ({ page }) => {
  await openReport(page, "/reports/trx-revenue", "Omzet");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Excel", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^trx-revenue-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    "KPI's",
    "Verloop",
    "Per vestiging",
    "Per item",
  ]);
  const kpis = workbook.getWorksheet("KPI's") as ExcelJS.Worksheet;
  expect(kpis.getCell("A4").value).toBe("Omzet incl. btw");
  // The tile's figure, `€ 1.234` (whole euros on a tile) or `€ 1.234,56`, is the workbook's number rounded.
  const tile = (await page.getByTestId("kpi-revenue").getByTestId("kpi-value").textContent()) ?? "";
  const euros = kpis.getCell("B4").value as number;
  expect(typeof euros).toBe("number");
  expect(Number(tile.replace(/[^\d,]/g, "").replace(",", "."))).toBeCloseTo(
    euros,
    tile.includes(",") ? 2 : -1,
  );
});

for (const { path, title, file } of [
  { path: "/reports/trx-revenue", title: "Omzet", file: "trx-revenue" },
  { path: "/dashboard", title: "Dashboard", file: "dashboard" },
]) {
  test(`${title} prints as a clean A4 document`, async ({ page }) => {
    await openReport(page, path, title);
    // The charts' canvas, in the PDF kept for people to look at (pdftoppm turns it into PNGs).
    if (takingScreens) await page.waitForTimeout(800);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("button", { name: "Excel", exact: true })).toBeHidden();
    await expect(page.getByRole("search", { name: "Filters van het rapport" })).toBeHidden();
    await expect(page.getByTestId("print-filters")).toBeVisible();
    await expect(page.getByTestId("print-filters")).toContainText("alle vestigingen");
    saveForPeople("exports", `${file}.pdf`, await page.pdf({ format: "A4", printBackground: true }));
  });
}
