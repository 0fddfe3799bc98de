import { dialog, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { saveScreenshot } from "./support.ts";

test.use({ signedIn: true });

// A report screen's "Abonneren": the subscription's first mail is the next scheduled time, "Nu versturen"
// sends it at once, and the mail (the KPI's, the Excel file attached) arrives in Instellingen › Postvak —
// the browser tests' server runs the demo without SMTP_URL, so mail goes to the SMTP server inside the app.
test("a beheerder subscribes from a report screen and finds the mail with its Excel file in Postvak", async ({
  page,
}) => {
  const name = unique("Omzet Utrecht");
  await page.goto("/reports/trx-revenue?period=last-7-days&compare=previous");
  await expect(page.getByTestId("period-line")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Abonneren" }).click();
  const form = dialog(page, /^Abonneren op /);
  await form.getByRole("textbox", { name: "Naam" }).fill(name);
  await form.getByText("Elke week", { exact: true }).click();
  await expect(form.getByLabel("Dag", { exact: true })).toHaveValue("maandag");
  await form.getByText("Elke dag", { exact: true }).click();
  await form.getByRole("button", { name: "Abonneren" }).click();
  await expect(form.getByTestId("subscribed")).toContainText(/Volgende: \d{2}-\d{2}-\d{4} 07:00/);
  const mine = form.getByTestId("subscription").filter({ hasText: name });
  await expect(mine).toContainText("Elke dag om 07:00 · aan demo@wasbord.nl");
  // Sending works the report out and writes its Excel file: 0,9 s the first time on a quiet machine, over an
  // expectation's 5 s in a loaded CI run. The test waits for the server's answer itself, then reads the screen.
  const sent = page.waitForResponse(
    (response) =>
      /\/api\/subscriptions\/\d+\/send$/.test(response.url()) && response.request().method() === "POST",
  );
  await mine.getByRole("button", { name: `${name} nu versturen` }).click();
  expect((await sent).status()).toBe(200);
  await expect(mine.getByText("Verstuurd naar demo@wasbord.nl.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/admin/subscriptions");
  await expect(page.getByRole("heading", { level: 1, name: "Abonnementen op rapporten" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(/\d{2}-\d{2}-\d{4} 07:00/);

  await page.getByRole("link", { name: "Postvak" }).click();
  const newest = page
    .getByRole("table", { name: "Postvak" })
    .getByRole("row")
    .filter({ hasText: name })
    .first();
  await expect(newest).toContainText(`Wasbord: ${name}`);
  await newest.getByRole("button", { name: /^Open / }).click();
  const message = dialog(page, new RegExp(`Wasbord: ${name}`));
  await expect(message.getByTestId("attachments")).toHaveText(
    /^Bijlagen: trx-revenue-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const frame = message.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(frame.getByText("Open het rapport in Wasbord")).toBeVisible();
  await expect(frame.getByText(/vorige periode/).first()).toBeVisible();
  await saveScreenshot(page, "mail", "subscription-mail", { fullPage: false });
  await message.getByRole("tab", { name: "Tekst" }).click();
  await expect(
    message.getByText(/Afmelden: http:\/\/localhost:\d+\/mail\/abonnement-afmelden\?token=/),
  ).toBeVisible();
});
