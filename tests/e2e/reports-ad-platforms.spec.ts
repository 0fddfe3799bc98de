import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures.ts";
import { expectSettled, openReport } from "./reports-support.ts";
import { expectAccessible, saveScreenshot } from "./support.ts";

test.use({ signedIn: true });
// Every step waits for a round trip to the server and a redraw: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

// The ad report on the demo chain: a campaign row leads to its ad sets, an ad set to its ads; the filters
// show as chips under a breadcrumb and stay in the URL. The figures are proven on the fixture in
// tests/api/reports-ad-platforms.test.ts.

const firstLink = (page: Page, table: string) =>
  page.getByTestId(`table-${table}`).locator("tbody tr").first().getByRole("link");

async function shoot(page: Page, name: string) {
  await expectSettled(page);
  await saveScreenshot(page, "ad-platforms", name);
}

test("Facebook: drill from a campaign to its ad sets and ads, with chips and a breadcrumb", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // The first screen after start-up waits for the reports chunk and the derived tables.
  await page.goto("/reports/facebook/campaigns");
  await expect(page.getByRole("heading", { level: 1, name: "Facebook — campagnes" })).toBeVisible({
    timeout: 30_000,
  });
  await openReport(page, "/reports/facebook/campaigns", "Facebook — campagnes");
  // Daily data without a site: no Uur, no site filter.
  await expect(page.getByRole("radio", { name: "Uur" })).toBeDisabled();
  await expect(page.getByTestId("no-site-filter")).toBeVisible();
  await expectAccessible(page);

  const campaign = (await firstLink(page, "by_campaign").textContent()) ?? "";
  await firstLink(page, "by_campaign").click();
  await expect(page).toHaveURL(/\/reports\/facebook\/adsets\?.*campaign=/);
  await expect(page.getByRole("heading", { level: 1, name: "Facebook — advertentiesets" })).toBeVisible();
  const bar = page.getByTestId("dimension-bar");
  await expect(bar.getByRole("navigation", { name: "Kruimelpad" })).toContainText(`Facebook›${campaign}`);
  await expect(bar.getByText(`Campagne: ${campaign}`)).toBeVisible();
  await shoot(page, "facebook-adsets-1366");

  const adSet = (await firstLink(page, "by_ad_group").textContent()) ?? "";
  await firstLink(page, "by_ad_group").click();
  await expect(page).toHaveURL(/\/reports\/facebook\/ads\?.*ad_group=/);
  await expect(bar.getByRole("navigation", { name: "Kruimelpad" })).toContainText(
    `Facebook›${campaign}›${adSet}`,
  );
  await expect(bar.getByText(`Advertentieset: ${adSet}`)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "facebook-ads-1366");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "facebook-ads-390");

  // A reload brings the same view back; removing a chip drops that filter.
  await page.reload();
  await expect(bar.getByText(`Advertentieset: ${adSet}`)).toBeVisible();
  await page.getByRole("button", { name: "Filter advertentieset weghalen" }).click();
  await expect(page).not.toHaveURL(/ad_group=/);
  await expect(page).toHaveURL(/campaign=/);

  // The breadcrumb's first step leads back to the platform.
  await bar.getByRole("link", { name: "Facebook" }).click();
  await expect(page).toHaveURL(/\/reports\/facebook$/);
  await page.goto("/reports/facebook/adsets?campaign=Bestaat niet");
  await expect(page.getByText("Onbekende campagne: Bestaat niet.")).toBeVisible();
});

test("Google Ads keywords: a search narrows the table on the server and stays in the URL", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openReport(page, "/reports/google-ads/adgroups", "Google Ads — advertentiegroepen");
  await shoot(page, "google-adgroups-390");
  await page.goto("/reports/google-ads/keywords");
  await expect(page.getByTestId("period-line")).toBeVisible({ timeout: 20_000 });
  const table = page.getByTestId("table-by_keyword");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const before = await table.locator("tbody tr").count();
  // the keyword is the row's name: the first column, at any width
  const keyword = (await table.locator("tbody tr").first().locator("td").first().textContent()) ?? "";
  await table.getByRole("textbox").fill(keyword);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(keyword).replace(/%20/g, "(\\+|%20)")}`),
  );
  await expectSettled(page);
  await expect.poll(() => table.locator("tbody tr").count()).toBeLessThanOrEqual(before);
  await expect(table.locator("tbody tr").first()).toContainText(keyword);
  await page.setViewportSize({ width: 1366, height: 768 });
  await shoot(page, "google-keywords-search-1366");
});
