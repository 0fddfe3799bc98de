import type { Page } from "@playwright/test";
import { choose, dialog, save, unique } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });
test.describe.configure({ timeout: 120_000 });

// Instellingen → Meldingen on the demo chain: a beheerder sets up a rule (after a Dutch validation error),
// has it checked at once and reads the log. The cycle itself is proven in src/server/alerts/alerts.test.ts.

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ["1366", { width: 1366, height: 768 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, `${name} at ${size}px`);
    await saveScreenshot(page, "alerts", `${name}-${size}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a beheerder creates an alert rule, is told what is wrong first, and reads the log", async ({
  page,
}) => {
  const name = unique("Wassen gisteren");
  await page.goto("/admin");
  await page.getByRole("link", { name: "Meldingen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meldingen" })).toBeVisible();
  await expect(page.getByText("Er is nog niets gemeld.")).toBeVisible();

  await page.getByRole("button", { name: "Regel toevoegen" }).click();
  const add = dialog(page, "Regel toevoegen");
  await add.getByLabel("Naam").fill(name);
  await choose(
    page,
    add.getByRole("combobox", { name: "Waarop letten" }),
    "Dag-KPI boven of onder een waarde",
  );
  await expect(add.getByText("Een dag-KPI kijkt naar gisteren")).toBeVisible();
  await choose(page, add.getByRole("combobox", { name: "Melden als de KPI" }), "boven de grens blijft");
  await add.getByLabel("Webhook (optioneel)").fill("ftp://hooks.example.com");
  await add.getByRole("button", { name: "Opslaan" }).click();
  // Checked in the browser with the endpoint's own schema, messages on the fields.
  await expect(add.getByText("Vul de grenswaarde in (0 of meer).")).toBeVisible();
  await expect(
    add.getByText("Vul een volledig webadres in dat begint met https:// (of http://)."),
  ).toBeVisible();
  await shoot(page, "rule-form-errors");

  // Every day of the demo chain has washes: above 0 yesterday is an incident as soon as it is checked.
  await add.getByRole("textbox", { name: "Grenswaarde" }).fill("0");
  await add.getByLabel("Webhook (optioneel)").fill("");
  await add.getByRole("combobox", { name: "E-mail naar" }).fill("ops@wasbord.nl");
  await add.getByRole("combobox", { name: "E-mail naar" }).press("Enter");
  await save(page, "Regel toevoegen");
  await expect(page.getByRole("status").filter({ hasText: `${name} is toegevoegd.` })).toBeVisible();
  // The rule's row in the list of rules (the log may already name it: the schedule runs every minute).
  const rule = page.getByRole("table", { name: "Meldingsregels" }).getByRole("row").filter({ hasText: name });
  await expect(rule).toContainText("Wassen gisteren boven 0");
  await expect(rule).toContainText("ops@wasbord.nl");

  // At 1366×768 the button is far down the page: its answer shows beside it, in view.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole("button", { name: "Nu controleren" }).click();
  const checked = page.getByRole("status").filter({ hasText: "De regels zijn nagelopen" });
  await expect(checked).toBeVisible();
  await expect(checked).toBeInViewport();
  // Right under the button, not at the top of the page above the rules.
  const button = await page.getByRole("button", { name: "Nu controleren" }).boundingBox();
  const answer = await checked.boundingBox();
  expect(answer && button && answer.y - (button.y + button.height)).toBeGreaterThanOrEqual(0);
  expect(answer && button && answer.y - (button.y + button.height)).toBeLessThan(80);
  const log = page.getByRole("table", { name: "Verzonden meldingen" });
  const entry = log.getByRole("row").filter({ hasText: name });
  // One row whether the schedule or the button found the incident first.
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Melding: Hele keten");
  await expect(entry).toContainText("E-mail");
  // The demo server sends to the SMTP server inside the app (Postvak).
  await expect(entry).toContainText("Verzonden");
  await expect(entry).toContainText("1 poging");

  // Checked again: the same incident, no second message.
  await page.getByRole("button", { name: "Nu controleren" }).click();
  await expect(page.getByRole("status").filter({ hasText: "De regels zijn nagelopen" })).toBeVisible();
  await page.reload();
  await expect(log.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await expectAccessible(page);
  await shoot(page, "alerts-page");
});
