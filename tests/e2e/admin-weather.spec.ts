import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, logInOnProviderPage, saveScreenshot, takingScreens } from "./support.ts";

// Instellingen › Weer with the demo chain, whose KNMI history (De Bilt) was imported at start. A beheerder
// signs in on the provider's login page, is shown a bad file's errors line by line, then imports a good one.

const fixture = readFileSync(new URL("../fixtures/weather/knmi-de-bilt-cabauw.txt", import.meta.url));
const file = (buffer: Buffer) => ({ name: "etmgeg.txt", mimeType: "text/plain", buffer });

test("a beheerder uploads KNMI daily data and sees each station with its linked sites", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/admin/weather");
  await logInOnProviderPage(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Weer: KNMI-gegevens en verwachting" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Beheermenu" }).getByRole("link", { name: "Weer" }),
  ).toBeVisible();
  const stations = page.getByRole("table", { name: "Weerstations" });
  await expect(stations.getByRole("row").filter({ hasText: "260 De Bilt" })).toBeVisible();

  const input = page.locator('input[type="file"]');
  const bad = fixture
    .toString()
    .replace("  348,20260301,   60,   49,   28,    2", "  348,20260301,   60,   49,   28,   -7");
  await input.setInputFiles(file(Buffer.from(bad)));
  const errors = page.getByRole("table", { name: "Fouten per regel van het bestand" });
  await expect(errors.getByRole("row").filter({ hasText: "Neerslag (RH)" })).toContainText("19");
  await expect(errors).toContainText('Kolom "RH": -7 ligt buiten 0 tot en met 10000');
  await expect(page.getByRole("button", { name: "Importeren" })).toBeDisabled();

  await input.setInputFiles(file(fixture));
  await expect(page.getByText("Station 260 De Bilt: 01-03-2026 t/m 03-03-2026, 3 dagen")).toBeVisible();
  await expect(page.getByText("Station 348 Cabauw Mast")).toContainText("nog niets opgeslagen");
  await page.getByRole("button", { name: "Importeren (5 dagen)" }).click();
  await expect(page.getByRole("status")).toContainText("Geïmporteerd: etmgeg.txt, 5 dagen opgeslagen");
  const cabauw = stations.getByRole("row").filter({ hasText: "348 Cabauw Mast" });
  await expect(cabauw).toContainText("01-03-2026 t/m 02-03-2026");
  await expect(cabauw).toContainText("Geen: een ander station ligt dichterbij");
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Alles van 260 De Bilt" }).click();
  await expect(page.getByText(/Zeist \(\d+,\d km\)/)).toBeVisible();
  if (takingScreens) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, "weather", "weather-390");
  }
});
