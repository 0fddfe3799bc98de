import type { Page } from "@playwright/test";
import { ADMIN_SECTIONS, navPages, pageTitle, REPORT_SECTIONS } from "../../src/shared/navigation.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN_LINKS, REPORT_GROUPS, REPORT_LINKS } from "./spec-navigation.ts";
import { expectAccessible } from "./support.ts";

test.use({ signedIn: true });
// The pages only read: each test may run on either worker (each has a server of its own).
test.describe.configure({ mode: "parallel" });

const reportsNav = (page: Page) => page.getByRole("navigation", { name: "Rapportagemenu" });
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Beheermenu" });

async function expectHeader(page: Page) {
  const header = page.getByRole("navigation", { name: "Hoofdmenu" });
  // Beyond the spec, first: the dashboard, which had no entry but the logo.
  await expect(header.getByRole("link")).toHaveText(["Dashboard", "Rapportage", "Instellingen", "Logout"]);
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(header.getByRole("link", { name: "Rapportage" })).toHaveAttribute("href", "/reports");
  await expect(header.getByRole("link", { name: "Instellingen" })).toHaveAttribute("href", "/admin");
  await expect(header.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/logout");
  await expect(page.getByTestId("account-text")).toHaveText("demo");
}

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

// 32 pages (the spec's 28, Abonnementen's 3 and Planning's Prognose), each checked by axe. One test per
// section of the navigation, so that the sections share the workers and none waits for the others' budget:
// one test for all 32 ran out of its 5 minutes on a loaded two-core machine. (A test per page cost a fresh
// browser context each, 18 s instead of 3 s a page.)
test("the reports navigation leads to 32 report pages", () => {
  expect(navPages(REPORT_SECTIONS)).toHaveLength(32);
});

for (const section of REPORT_SECTIONS) {
  test(`every report path under ${section.label} renders its page with the header, the reports navigation and no serious a11y issue`, async ({
    page,
  }) => {
    const pages = navPages([section]);
    // 3–10 s a page on a quiet machine (Acquisitie's are the heaviest), twice that and more on a loaded one.
    test.setTimeout(30_000 * pages.length);
    for (const entry of pages) {
      await page.goto(entry.path);
      await expect(page).toHaveURL(entry.path);
      await expect(page.getByRole("heading", { level: 1, name: pageTitle(entry) })).toBeVisible();
      await expect(reportsNav(page)).toBeVisible();
      await expect(page.getByRole("link", { name: "Rapportage" })).toHaveAttribute("aria-current", "page");
      await expectHeader(page);
      await expectAccessible(page);
    }
  });
}

test("the admin navigation has its heading and entries, only under admin", async ({ page }) => {
  // Every admin screen with an accessibility scan: ten screens took 53 s on the shared machine.
  test.setTimeout(120_000);
  await page.goto("/admin");
  const nav = adminNav(page);
  await expect(nav.getByRole("heading", { name: "Beheer" })).toBeVisible();
  await expect(nav.getByText("INSTELLINGEN", { exact: true })).toBeVisible();
  for (const [label, path] of ADMIN_LINKS) await expect(nav.locator(`a[href="${path}"]`)).toHaveText(label);
  await expect(reportsNav(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Instellingen" })).toHaveAttribute("aria-current", "page");

  for (const entry of [
    { path: "/admin", title: "Beheer — overzicht", label: "" },
    ...navPages(ADMIN_SECTIONS),
  ]) {
    await page.goto(entry.path);
    await expect(page.getByRole("heading", { level: 1, name: pageTitle(entry) })).toBeVisible();
    await expectHeader(page);
    await expectAccessible(page);
  }
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
