import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ADMIN_LINKS, REPORT_GROUPS, REPORT_LINKS } from "./spec-navigation.ts";
import { expectAccessible, expectHeader } from "./support.ts";

test.use({ signedIn: true });
// The pages only read: each test may run on either worker (each has a server of its own).
test.describe.configure({ mode: "parallel" });

const reportsNav = (page: Page) => page.getByRole("navigation", { name: "Rapportagemenu" });
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Beheermenu" });

test("the reports navigation shows every section, entry and sub-entry with its exact label and path", async ({
  page,
}) => {
  await page.goto("/reports/users-recognition");
  const nav = reportsNav(page);
  for (const section of ["KLANTEN", "ACQUISITIE", "GEDRAG", "TRANSACTIES"]) {
    await expect(nav.getByText(section, { exact: true })).toBeVisible();
  }
  for (const [label, path] of REPORT_LINKS) {
    await expect(nav.locator(`a[href="${path}"]`)).toHaveText(label);
  }
  for (const [group, children] of REPORT_GROUPS) {
    const toggle = nav.getByRole("button", { name: group, exact: true });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    for (const [label, path] of children) await expect(nav.locator(`a[href="${path}"]`)).toHaveText(label);
  }
  await expect(adminNav(page)).toHaveCount(0);
});

test("the admin navigation has its heading and entries, only under admin", async ({ page }) => {
  await page.goto("/admin");
  const nav = adminNav(page);
  await expect(nav.getByRole("heading", { name: "Beheer" })).toBeVisible();
  await expect(nav.getByText("INSTELLINGEN", { exact: true })).toBeVisible();
  for (const [label, path] of ADMIN_LINKS) await expect(nav.locator(`a[href="${path}"]`)).toHaveText(label);
  await expect(reportsNav(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Instellingen" })).toHaveAttribute("aria-current", "page");
  await expectHeader(page);
});

test("the dashboard has the header and neither navigation", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectHeader(page);
  await expect(reportsNav(page)).toHaveCount(0);
  await expect(adminNav(page)).toHaveCount(0);
  await expectAccessible(page);
});

test("an unknown path ends on page-not-found", async ({ page }) => {
  await page.goto("/reports-bestaat-niet/iets");
  await expect(page).toHaveURL(/\/page-not-found$/);
  await expect(page.getByText("page-not-found works!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Terug naar het dashboard" })).toBeVisible();
  await expectAccessible(page);
});

test("the auth module has no header", async ({ page }) => {
  await page.goto("/auth/callback#error=access_denied");
  await expect(page.getByRole("heading", { name: "Inloggen mislukt" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toHaveCount(0);
});
