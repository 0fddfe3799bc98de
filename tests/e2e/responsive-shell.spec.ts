import type { Locator, Page } from "@playwright/test";
import {
  ADMIN_OVERVIEW,
  ADMIN_SECTIONS,
  navPages,
  pageTitle,
  REPORT_SECTIONS,
} from "../../src/shared/navigation.ts";
import { expect, test } from "./fixtures.ts";
import { expectSettled, saveScreen } from "./reports-support.ts";
import { ADMIN_LINKS, REPORT_GROUPS, REPORT_LINKS } from "./spec-navigation.ts";
import { expectAccessible } from "./support.ts";

test.use({ signedIn: true });

// The shell on a laptop and on a phone: every entry of both navigations is reached by clicking (on the phone
// through the burger, which closes again after the choice), no page scrolls sideways, the header's links stay
// in the window, and axe finds nothing serious at either size.

const SIZES = [
  { name: "laptop", width: 1366, height: 768, phone: false },
  { name: "phone", width: 390, height: 844, phone: true },
] as const;

const reportsNav = (page: Page) => page.getByRole("navigation", { name: "Rapportagemenu" });
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Beheermenu" });
const burger = (page: Page) => page.getByRole("button", { name: /^Menu (openen|sluiten)$/ });
const pages = [ADMIN_OVERVIEW, ...navPages([...REPORT_SECTIONS, ...ADMIN_SECTIONS])];
function titleOf(path: string): string {
  const entry = pages.find((page) => page.path === path);
  if (!entry) throw new Error(`the navigation has no page at ${path}`);
  return pageTitle(entry);
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.scroll, `${page.url()} is ${widths.scroll} px wide in a ${widths.window} px window`).toBe(
    Math.min(widths.scroll, widths.window),
  );
}

async function expectHeaderInWindow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const header = page.getByRole("navigation", { name: "Hoofdmenu" });
  for (const name of ["Dashboard", "Rapportage", "Instellingen", "Logout"]) {
    const link = header.getByRole("link", { name });
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = await link.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  }
}

/** Clicks a navigation entry the way a person would at this size, and checks where it lands. */
async function choose(page: Page, nav: Locator, phone: boolean, path: string, group?: string) {
  if (phone) {
    await expect(nav).not.toBeInViewport();
    await burger(page).click();
    await expect(burger(page)).toHaveAccessibleName("Menu sluiten");
  }
  await expect(nav).toBeInViewport();
  if (group) {
    const toggle = nav.getByRole("button", { name: group, exact: true });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  await nav.locator(`a[href="${path}"]`).click();
  await expect(page).toHaveURL(path);
  // The new page's own heading: the address changes at the click, but the page before stays on screen until
  // the new one has rendered, and a burger opened meanwhile is closed again when it does.
  await expect(page.getByRole("heading", { level: 1, name: titleOf(path), exact: true })).toBeVisible({
    timeout: 20_000,
  });
  if (phone) {
    await expect(burger(page)).toHaveAccessibleName("Menu openen");
    await expect(nav).not.toBeInViewport();
  }
  await expectSettled(page);
  await expectNoSidewaysScroll(page);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("every reports entry is reached by clicking, and no report scrolls sideways", async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto("/reports/users-recognition");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
      // The navigation appears once the account is known: beside the page on a laptop, behind the burger on a phone.
      if (size.phone) await expect(burger(page)).toBeVisible({ timeout: 20_000 });
      else await expect(reportsNav(page)).toBeInViewport({ timeout: 20_000 });
      await expect(burger(page)).toHaveCount(size.phone ? 1 : 0);
      await expectHeaderInWindow(page);
      let visited = 0;
      for (const [, path] of REPORT_LINKS) {
        await choose(page, reportsNav(page), size.phone, path);
        visited++;
      }
      for (const [group, children] of REPORT_GROUPS) {
        for (const [, path] of children) {
          await choose(page, reportsNav(page), size.phone, path, group);
          visited++;
        }
      }
      expect(visited).toBe(28);
    });

    test("every admin entry is reached by clicking, and no admin screen scrolls sideways", async ({
      page,
    }) => {
      await page.goto("/admin/users");
      if (size.phone) await expect(burger(page)).toBeVisible({ timeout: 20_000 });
      else await expect(adminNav(page)).toBeInViewport({ timeout: 20_000 });
      await expectHeaderInWindow(page);
      for (const [, path] of ADMIN_LINKS) await choose(page, adminNav(page), size.phone, path);
    });

    test("dashboard, a wide report and an admin list fit the window and pass axe", async ({ page }) => {
      test.setTimeout(180_000);
      const screens = [
        ["/dashboard", "dashboard"],
        ["/reports/users-recognition", "users-recognition"],
        ["/admin/items", "admin-items"],
      ];
      for (const [path, name] of screens) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
        await expectSettled(page);
        await expectNoSidewaysScroll(page);
        await expectHeaderInWindow(page);
        await expectAccessible(page);
        await saveScreen(page, `shell-${name}-${size.width}`);
      }
      if (size.phone) {
        await burger(page).click();
        await expect(adminNav(page)).toBeInViewport();
        await expectAccessible(page);
        await saveScreen(page, `shell-menu-open-${size.width}`);
      }
    });
  });
}

test.describe("at 360×740, the narrowest phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header keeps Dashboard, Rapportage, Instellingen and Logout in the window", async ({ page }) => {
    for (const path of ["/dashboard", "/reports/trx-sales", "/admin"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expectHeaderInWindow(page);
      await expect(page.getByTestId("account-text")).toBeVisible();
      await expectSettled(page);
      await expectNoSidewaysScroll(page);
    }
  });
});

test.describe("on a phone, the folded navigation", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is out of the tab order until the burger opens it", async ({ page }) => {
    await page.goto("/reports/users-recognition");
    await expect(burger(page)).toBeVisible({ timeout: 20_000 });
    await expectSettled(page);
    const inSideNav = () => page.evaluate(() => !!document.activeElement?.closest("#side-nav"));
    // From the top of the page through the header and into the report: never a link of the folded menu.
    await page.locator("body").focus();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await inSideNav(), `tab ${i + 1}`).toBe(false);
    }
    // Opened, its links are the next stops after the header.
    await burger(page).focus();
    await page.keyboard.press("Enter");
    await expect(reportsNav(page)).toBeInViewport();
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await inSideNav();
    }
    expect(reached).toBe(true);
  });
});
